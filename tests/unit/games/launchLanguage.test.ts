// behaviour.md §9 "Language mapping for some providers" (issue 21): a game is launched in the
// language its provider knows (caf → fr-CA, cl and pe → es, nz, ca and inen → en, pt → br), one
// rule in machines/lib/markets.ts that every launch call of the app sends.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { GAME_PROVIDERS, type GameProvider } from '../../../machines/lib/games';
import { LANGUAGE_CODES, providerLanguageOf, type LanguageCode } from '../../../machines/lib/markets';
import { launchGameUrl, type LaunchContext } from '../../../src/api/gameLaunch';

describe('providerLanguageOf', () => {
  it.each([
    ['caf', 'fr-CA'],
    ['cl', 'es'],
    ['pe', 'es'],
    ['nz', 'en'],
    ['ca', 'en'],
    ['inen', 'en'],
    ['pt', 'br'],
  ] as const)('sends %s as %s', (language, expected) => {
    expect(providerLanguageOf(language)).toBe(expected);
  });

  it('sends every other language by its own code', () => {
    const mapped = new Set<LanguageCode>(['caf', 'cl', 'pe', 'nz', 'ca', 'inen', 'pt']);
    for (const language of LANGUAGE_CODES.filter((code) => !mapped.has(code))) expect(providerLanguageOf(language)).toBe(language);
  });
});

/** The language fields of the launch calls' bodies (behaviour.md §7 "Games"). */
const LANGUAGE_FIELDS = ['language', 'languageCode', 'LanguageCode', 'locale'] as const;

/** Launches `provider`'s game with the site in `language` and returns the languages its calls sent. */
async function sentLanguages(provider: GameProvider, demo: boolean, language: LanguageCode): Promise<string[]> {
  const sent: string[] = [];
  const answer = { gameURL: 'https://games.example/x', Url: 'https://games.example/x', launch_options: { game_url: 'https://games.example/x' }, entry: 'https://games.example/x', gameUrl: 'https://games.example/x', token: 't', sessionId: 's', data: { gameURL: 'https://games.example/x' } };
  vi.stubGlobal(
    'fetch',
    vi.fn((_url: string, init: RequestInit) => {
      const body = typeof init.body === 'string' ? (JSON.parse(init.body) as Record<string, unknown>) : {};
      for (const field of LANGUAGE_FIELDS) if (typeof body[field] === 'string') sent.push(body[field]);
      return Promise.resolve(new Response(JSON.stringify(answer), { status: 200, headers: { 'Content-Type': 'application/json' } }));
    }),
  );
  const context: LaunchContext = {
    demo,
    channel: 'desktop',
    language,
    currency: 'CAD',
    country: 'CA',
    jurisdiction: 'CA',
    lobbyUrl: 'https://site.example/caf-CA/online-casino',
    depositUrl: 'https://site.example/caf-CA/deposit',
    ip: '',
    gameToken: demo ? null : 'game-token',
  };
  await launchGameUrl({ id: 'g1', gameProvider: provider, providerGameId: 'p1', type: 'casino' }, context);
  return sent;
}

describe("the app's launch calls send the provider's language", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  for (const provider of GAME_PROVIDERS) {
    it(`${provider}: caf is launched as fr-CA, pt as br, fi as fi`, async () => {
      for (const demo of [true, false]) {
        const caf = await sentLanguages(provider, demo, 'caf');
        // Evolution's real-money call names no language (the player's session carries it).
        if (provider === 'evolution' && !demo) {
          expect(caf).toEqual([]);
          continue;
        }
        expect(caf.length).toBeGreaterThan(0);
        expect(new Set(caf)).toEqual(new Set(['fr-CA']));
        expect(new Set(await sentLanguages(provider, demo, 'pt'))).toEqual(new Set(['br']));
        expect(new Set(await sentLanguages(provider, demo, 'fi'))).toEqual(new Set(['fi']));
      }
    });
  }
});
