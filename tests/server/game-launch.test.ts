import * as v from 'valibot';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_JURISDICTION, GAME_TICKET_PARTNER_ID } from '../../machines/lib/constants';
import type { GameChannel, GameProvider, LobbyType } from '../../machines/lib/games';
import {
  casinoLaunchResponseSchema,
  gameDetailResponseSchema,
  gameTicketResponseSchema,
  gameTokenResponseSchema,
  type GameDetailRequest,
} from '../../src/api/games';
import {
  GAME_TOKEN_HEADER,
  evolutionResponseSchema,
  novomaticResponseSchema,
  pariplayResponseSchema,
  pragmaticResponseSchema,
  providerTokenResponseSchema,
  softswissResponseSchema,
  yggdrasilResponseSchema,
} from '../../src/api/gameLaunch';
import { GAME_TOKEN_LIFETIME_S } from '../../server/config';
import { loadCatalog } from '../../server/content/catalog/index';
import type { CatalogGame } from '../../server/content/catalog/games';
import { subProviderById } from '../../server/content/catalog/providers';
import { offeredIn } from '../../server/services/catalog';
import { demoGameProvider } from '../../server/providers/demo-games';
import { providerWalletRoutes } from '../../server/routes/provider-wallet';
import type { GameProvider as GameProviderAdapter } from '../../server/providers/types';
import { expectError } from './helpers/identity';
import { json, startTestPlatform, type TestPlatform } from './helpers/platform';
import { GAME_SECRET, logIn, walletPlayer, type WalletPlayer } from './helpers/wallet';

// Game launch (issue 12; src/api/games.ts, src/api/gameLaunch.ts; behaviour.md §4 "Game launch",
// §5, §6, §7 "Games", §8, §9): the game detail and its demo variant, the ticket and the token, the
// casino game launch request and every per-provider call, each answering its own shape with a
// launch URL of the demo provider; demo for visitors and real money for players; live casino
// never demo (409); a game restricted in the player's country (451); the vertical's access (409);
// the game token on every real launch (401 "Token expired"; evolution 400); the token providers'
// sessions; bad bodies 400, never a 5xx.

let platform: TestPlatform;
let app: ReturnType<TestPlatform['app']>;
let games: GameProviderAdapter;
let now = new Date();
const clock = () => now;
const advance = (ms: number) => {
  now = new Date(now.getTime() + ms);
};

beforeAll(async () => {
  platform = await startTestPlatform();
});
beforeEach(() => {
  now = new Date();
  // The demo provider the app uses, held here too (its own host is answered by its app).
  games = demoGameProvider({ db: platform.database.db, clock, gameWalletSecret: GAME_SECRET, walletRoutes: providerWalletRoutes });
  app = platform.app({ clock, gameWalletSecret: GAME_SECRET, providers: { games } });
});
afterAll(async () => {
  await platform.close();
});

// ---- helpers -------------------------------------------------------------------------------------

/** The test players' and visitors' countries: no game picked below may be restricted in them. */
const PLAY_COUNTRIES = ['FI', 'MT', 'GB'];

/** A game of the catalog: this provider, lobby and (game) type, offered in FI and UN on desktop, not restricted by a sub-provider. */
function catalogGame(provider: GameProvider, lobby: LobbyType = 'casino', predicate: (game: CatalogGame) => boolean = () => true): CatalogGame {
  const found = loadCatalog().games.find(
    (game) =>
      game.provider === provider &&
      game.lobby === lobby &&
      (game.subProvider === null || !(subProviderById(game.subProvider)?.restrictedCountry ?? []).some((country) => PLAY_COUNTRIES.includes(country))) &&
      game.channels.includes('desktop') &&
      // Novomatic is hidden in FI (the catalog's market rule): its games are played from MT (UN) here.
      (provider === 'novomatic' || offeredIn('FI', game)) &&
      offeredIn('UN', game) &&
      predicate(game),
  );
  if (!found) throw new Error(`no ${lobby} game of ${provider} in the catalog`);
  return found;
}

interface CallOptions {
  token?: string | undefined;
  gameToken?: string | undefined;
  headers?: Record<string, string>;
}

function post(path: string, body: unknown, options: CallOptions = {}): Promise<Response> {
  const headers: Record<string, string> = { 'Content-Type': 'application/json', ...options.headers };
  if (options.token) headers.Authorization = `Bearer ${options.token}`;
  if (options.gameToken) headers[GAME_TOKEN_HEADER] = options.gameToken;
  return Promise.resolve(app.request(`/api${path}`, { method: 'POST', headers, body: typeof body === 'string' ? body : JSON.stringify(body) }));
}

async function ok<TSchema extends v.GenericSchema>(response: Response, schema: TSchema): Promise<v.InferOutput<TSchema>> {
  expect(response.status, await response.clone().text()).toBe(200);
  return v.parse(schema, await json(response));
}

const grantBody = (gameId: string, channel: GameChannel = 'desktop') => ({ gameId, channel, partner: GAME_TICKET_PARTNER_ID, jurisdiction: DEFAULT_JURISDICTION });

async function gameTokenFor(player: WalletPlayer, gameId: string, channel: GameChannel = 'desktop'): Promise<string> {
  return (await ok(await post('/game/token', grantBody(gameId, channel), { token: player.token }), gameTokenResponseSchema)).token;
}

const detailBody = (slug: string, overrides: Partial<GameDetailRequest> = {}): GameDetailRequest => ({
  countryCode: 'FI',
  currency: 'EUR',
  language: 'en',
  slug,
  platform: 'desktop',
  ip: '',
  locale: 'en',
  playerCountryCode: 'FI',
  enabled: true,
  ...overrides,
});

/** The claims of a launch URL's token (its middle part; the provider checks the signature). */
function launchClaims(url: string): Record<string, unknown> {
  const token = new URL(url).pathname.split('/').pop() ?? '';
  return JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) as Record<string, unknown>;
}

/** The launch URL is the demo provider's and its page opens, in the mode expected. */
async function expectLaunchUrl(url: string, mode: 'demo' | 'real'): Promise<void> {
  expect(url.startsWith(`${games.originFor('http://localhost/')}/play/`), url).toBe(true);
  expect(launchClaims(url).mode).toBe(mode);
  const page = await games.host?.app.request(url);
  expect(page?.status).toBe(200);
  expect(await page?.text()).toContain(mode === 'demo' ? 'Demo: fun money' : 'Real money');
}

const casinoLaunch = (gameId: string, isDemo: boolean) => ({ isDemo, gameId, languageCode: 'en', currencyCode: 'EUR', channel: 'desktop', lobbyUrl: 'http://localhost/en-UN/online-casino' });
const pragmaticBody = (symbol: string) => ({ symbol, language: 'en', currency: 'EUR', platform: 'WEB', stylename: 'aurora', lobbyUrl: '', jurisdiction: 'MT' });
const pariplayBody = (code: string) => ({ GameCode: code, CurrencyCode: 'EUR', LanguageCode: 'en', PlayerIP: '', CountryCode: 'FI' });
const softswissBody = (game: string) => ({
  game,
  currency: 'EUR',
  locale: 'en',
  ip: '',
  return_url: '',
  deposit_url: '',
  jurisdiction: 'MT',
  client_type: 'desktop',
  playerCurrentCountryCode: null,
});
const evolutionBody = (tableId: string, demo: boolean) => ({
  gameCategory: 'live',
  tableId,
  wrapped: true,
  mobile: false,
  lobbyURL: '',
  ipAddress: '',
  ...(demo ? { currency: 'EUR', language: 'en' } : {}),
});
const novomaticBody = (gameId: string, isDemo: boolean) => ({ gameId, isDemo, currency: 'EUR', language: 'en', channel: 'desktop' });

// ---- game detail ------------------------------------------------------------------------------------

describe('game detail', () => {
  it('answers data.gameDetail: the game, its provider id, demo availability and the provider origin', async () => {
    const slot = catalogGame('pragmaticplay', 'casino', (game) => game.gameType === 'slot');
    const demo = await ok(await post('/game/detail/demo', detailBody(slot.slug)), gameDetailResponseSchema);
    expect(demo.data?.gameDetail).toMatchObject({ id: slot.id, gameSlug: slot.slug, gameProvider: 'pragmaticplay', providerGameId: slot.id, demoAvailable: true });
    expect(demo.data?.gameDetail?.providerOrigin).toBe(games.originFor('http://localhost/'));

    const player = await walletPlayer(platform, app);
    const real = await ok(await post('/game/detail', detailBody(slot.id), { token: player.token }), gameDetailResponseSchema);
    expect(real.data?.gameDetail?.id).toBe(slot.id);
  });

  it('says a live table has no demo, and the real detail needs the id token', async () => {
    const table = catalogGame('evolution', 'live-casino');
    const demo = await ok(await post('/game/detail/demo', detailBody(table.id)), gameDetailResponseSchema);
    expect(demo.data?.gameDetail?.demoAvailable).toBe(false);
    await expectError(await post('/game/detail', detailBody(table.id)), 401, 'error.token.invalid');
  });

  it('is 404 for an unknown game and "No game data returned" (null) off its channels', async () => {
    await expectError(await post('/game/detail/demo', detailBody('no-such-game')), 404, 'error.not_found');
    const desktopOnly = loadCatalog().games.find((game) => game.lobby === 'casino' && game.subProvider === null && offeredIn('UN', game) && !game.channels.includes('mobile'));
    if (!desktopOnly) throw new Error('the catalog has no desktop-only game');
    const answer = await ok(await post('/game/detail/demo', detailBody(desktopOnly.id, { platform: 'mobile' })), gameDetailResponseSchema);
    expect(answer.data?.gameDetail).toBeNull();
  });
});

// ---- ticket and token ----------------------------------------------------------------------------------

describe('game ticket and game token', () => {
  it('gives a demo ticket to a visitor, a ticket and a token to a player (partner 653)', async () => {
    const slot = catalogGame('quickspin');
    expect((await ok(await post('/game/ticket/demo', grantBody(slot.id)), gameTicketResponseSchema)).ticket.split('.')).toHaveLength(3);
    const player = await walletPlayer(platform, app);
    expect((await ok(await post('/game/ticket', grantBody(slot.id), { token: player.token }), gameTicketResponseSchema)).ticket).not.toBe('');
    expect((await gameTokenFor(player, slot.id)).split('.')).toHaveLength(3);
  });

  it('refuses another partner (400), a live demo ticket (409) and a token without login (401)', async () => {
    const slot = catalogGame('quickspin');
    const wrongPartner = await expectError(await post('/game/ticket/demo', { ...grantBody(slot.id), partner: 1 }), 400, 'error.validation');
    expect(wrongPartner.errors).toEqual([{ field: 'partner', code: 'validation.invalid' }]);
    await expectError(await post('/game/ticket/demo', grantBody(catalogGame('evolution', 'live-casino').id)), 409, 'error.game.demo_unavailable');
    await expectError(await post('/game/token', grantBody(slot.id)), 401, 'error.token.invalid');
  });
});

// ---- every provider's call ------------------------------------------------------------------------------

describe('every provider call answers its shape with a launch URL of the demo provider', () => {
  it('demo, for a visitor', async () => {
    const pragmatic = catalogGame('pragmaticplay');
    await expectLaunchUrl((await ok(await post('/pragmatic/partner/demoGameUrl', pragmaticBody(pragmatic.id)), pragmaticResponseSchema)).gameURL, 'demo');
    const pariplay = catalogGame('pariplay');
    await expectLaunchUrl((await ok(await post('/pariplay/context/demo', pariplayBody(pariplay.id)), pariplayResponseSchema)).Url, 'demo');
    const softswiss = catalogGame('softswiss');
    await expectLaunchUrl((await ok(await post('/softswiss/context/demo', softswissBody(softswiss.id)), softswissResponseSchema)).launch_options.game_url, 'demo');
    const evolution = catalogGame('evolution', 'casino');
    await expectLaunchUrl((await ok(await post('/evolution/user/authenticate/demo', evolutionBody(evolution.id, true)), evolutionResponseSchema)).entry, 'demo');
    const novomatic = catalogGame('novomatic');
    await expectLaunchUrl((await ok(await post('/novomatic/launch', novomaticBody(novomatic.id, true)), novomaticResponseSchema)).gameUrl, 'demo');
    for (const provider of ['playngo', 'yggdrasil', 'relax', 'quickspin'] as const) {
      const game = catalogGame(provider);
      await expectLaunchUrl((await ok(await post('/game/launch', casinoLaunch(game.id, true)), casinoLaunchResponseSchema)).data.gameURL, 'demo');
    }
  });

  it('real money, for a player with a game token; the token providers after their session call', async () => {
    const player = await walletPlayer(platform, app);
    const real = async (game: CatalogGame, path: string, body: unknown) => post(path, body, { token: player.token, gameToken: await gameTokenFor(player, game.id) });

    const pragmatic = catalogGame('pragmaticplay', 'live-casino');
    await expectLaunchUrl((await ok(await real(pragmatic, '/pragmatic/partner/realGameUrl', pragmaticBody(pragmatic.id)), pragmaticResponseSchema)).gameURL, 'real');
    const pariplay = catalogGame('pariplay');
    await expectLaunchUrl((await ok(await real(pariplay, '/pariplay/context/real', pariplayBody(pariplay.id)), pariplayResponseSchema)).Url, 'real');
    const softswiss = catalogGame('softswiss', 'live-casino');
    await expectLaunchUrl((await ok(await real(softswiss, '/softswiss/context/real', softswissBody(softswiss.id)), softswissResponseSchema)).launch_options.game_url, 'real');
    const evolution = catalogGame('evolution', 'live-casino');
    await expectLaunchUrl((await ok(await real(evolution, '/evolution/user/authenticate', evolutionBody(evolution.id, false)), evolutionResponseSchema)).entry, 'real');
    const novomatic = catalogGame('novomatic');
    const maltese = await walletPlayer(platform, app, { country_code: 'MT' });
    const novomaticToken = await gameTokenFor(maltese, novomatic.id);
    const novomaticUrl = await post('/novomatic/launch', novomaticBody(novomatic.id, false), { token: maltese.token, gameToken: novomaticToken });
    await expectLaunchUrl((await ok(novomaticUrl, novomaticResponseSchema)).gameUrl, 'real');
    // Issue 21: hidden in the FI player's market's lobby, yet offered by the page's (UN) lobby the
    // player launched it from: it launches (a market's hidden providers are its lobby's choice).
    const finnishNovomatic = await real(novomatic, '/novomatic/launch', novomaticBody(novomatic.id, false));
    await expectLaunchUrl((await ok(finnishNovomatic, novomaticResponseSchema)).gameUrl, 'real');

    const sessionCalls = {
      playngo: ['/playngo/auth/token_generation', { requireNew: false }, providerTokenResponseSchema],
      yggdrasil: ['/yggdrasil/player/auth/session', {}, yggdrasilResponseSchema],
      relax: ['/relaxgaming/generatetoken', { jurisdiction: 'MT' }, providerTokenResponseSchema],
      quickspin: ['/quickspin/generatetoken', {}, providerTokenResponseSchema],
    } as const;
    for (const [provider, [path, body, schema]] of Object.entries(sessionCalls)) {
      const game = catalogGame(provider as GameProvider);
      // Before the provider's session: "Token expired".
      await expectError(await real(game, '/game/launch', casinoLaunch(game.id, false)), 401, 'error.token.expired');
      await ok(await post(path, body, { token: player.token }), schema);
      await expectLaunchUrl((await ok(await real(game, '/game/launch', casinoLaunch(game.id, false)), casinoLaunchResponseSchema)).data.gameURL, 'real');
    }
  });

  it('relax defaults its jurisdiction to MT; the launch carries the site origin, currency and market', async () => {
    const player = await walletPlayer(platform, app, { country_code: 'GB', currency_code: 'GBP' });
    await ok(await post('/relaxgaming/generatetoken', {}, { token: player.token }), providerTokenResponseSchema);
    const game = catalogGame('relax');
    const answer = await post('/game/launch', casinoLaunch(game.id, false), {
      token: player.token,
      gameToken: await gameTokenFor(player, game.id),
      headers: { Origin: 'http://localhost' },
    });
    const claims = launchClaims((await ok(answer, casinoLaunchResponseSchema)).data.gameURL);
    expect(claims).toMatchObject({ jur: 'MT', cur: 'GBP', mkt: 'GG', site: 'http://localhost', pid: player.id, mode: 'real' });
  });
});

// ---- the rules ------------------------------------------------------------------------------------------

describe('the launch rules', () => {
  it('live casino is never demo: 409 error.game.demo_unavailable', async () => {
    const table = catalogGame('evolution', 'live-casino');
    await expectError(await post('/evolution/user/authenticate/demo', evolutionBody(table.id, true)), 409, 'error.game.demo_unavailable');
    await expectError(await post('/game/launch', casinoLaunch(table.id, true)), 409, 'error.game.demo_unavailable');
    const pragmaticTable = catalogGame('pragmaticplay', 'live-casino');
    await expectError(await post('/pragmatic/partner/demoGameUrl', pragmaticBody(pragmaticTable.id)), 409, 'error.game.demo_unavailable');
  });

  it('a game restricted in the player country is 451 error.game.restricted (profile country; the visitor country otherwise)', async () => {
    // behaviour.md §5: Pragmatic is restricted in FR.
    const slot = catalogGame('pragmaticplay', 'casino', (game) => offeredIn('UN', game));
    const player = await walletPlayer(platform, app, { country_code: 'FR' });
    await expectError(await post('/game/detail', detailBody(slot.id), { token: player.token }), 451, 'error.game.restricted');
    await expectError(await post('/game/token', grantBody(slot.id), { token: player.token }), 451, 'error.game.restricted');
    await expectError(await post('/pragmatic/partner/realGameUrl', pragmaticBody(slot.id), { token: player.token }), 451, 'error.game.restricted');

    // A visitor's country: the trusted header (x-test-country in test mode), else the platform's default.
    await platform.settings.update({ defaultCountry: 'FR' });
    try {
      await expectError(await post('/pragmatic/partner/demoGameUrl', pragmaticBody(slot.id)), 451, 'error.game.restricted');
      await expectError(await post('/game/detail/demo', detailBody(slot.id)), 451, 'error.game.restricted');
    } finally {
      await platform.settings.update({ defaultCountry: 'MT' });
    }
    await ok(await post('/pragmatic/partner/demoGameUrl', pragmaticBody(slot.id)), pragmaticResponseSchema);
  });

  it('the call provider must be the game provider (404)', async () => {
    const quickspin = catalogGame('quickspin');
    await expectError(await post('/pragmatic/partner/demoGameUrl', pragmaticBody(quickspin.id)), 404, 'error.not_found');
    await expectError(await post('/novomatic/launch', novomaticBody(quickspin.id, true)), 404, 'error.not_found');
  });

  it('a player who may not play the vertical is 409 error.game.access_restricted', async () => {
    const slot = catalogGame('pragmaticplay');
    const player = await walletPlayer(platform, app);
    const gameToken = await gameTokenFor(player, slot.id);
    await platform.database.db.updateTable('players').set({ status: 'RESTRICTED' }).where('id', '=', player.id).execute();
    await expectError(await post('/game/detail', detailBody(slot.id), { token: player.token }), 409, 'error.game.access_restricted');
    await expectError(await post('/game/token', grantBody(slot.id), { token: player.token }), 409, 'error.game.access_restricted');
    await expectError(await post('/pragmatic/partner/realGameUrl', pragmaticBody(slot.id), { token: player.token, gameToken }), 409, 'error.game.access_restricted');
  });

  it('real money needs a game token of this session, game and channel, not expired: else 401 "Token expired"', async () => {
    const slot = catalogGame('pragmaticplay');
    const other = catalogGame('pragmaticplay', 'casino', (game) => game.id !== slot.id);
    const player = await walletPlayer(platform, app);
    const path = '/pragmatic/partner/realGameUrl';
    const missing = await expectError(await post(path, pragmaticBody(slot.id), { token: player.token }), 401, 'error.token.expired');
    expect(missing.message).toBe('Token expired');
    await expectError(await post(path, pragmaticBody(slot.id), { token: player.token, gameToken: await gameTokenFor(player, other.id) }), 401, 'error.token.expired');
    await expectError(await post(path, pragmaticBody(slot.id), { token: player.token, gameToken: 'not.a.token' }), 401, 'error.token.expired');
    if (slot.channels.includes('mobile')) {
      await expectError(await post(path, pragmaticBody(slot.id), { token: player.token, gameToken: await gameTokenFor(player, slot.id, 'mobile') }), 401, 'error.token.expired');
    }
    // Another session of the same player (another device) has its own tokens.
    const otherSession = await logIn(app, player.email);
    await expectError(await post(path, pragmaticBody(slot.id), { token: otherSession, gameToken: await gameTokenFor(player, slot.id) }), 401, 'error.token.expired');

    const gameToken = await gameTokenFor(player, slot.id);
    await ok(await post(path, pragmaticBody(slot.id), { token: player.token, gameToken }), pragmaticResponseSchema);
    advance(GAME_TOKEN_LIFETIME_S * 1000 + 1_000);
    await expectError(await post(path, pragmaticBody(slot.id), { token: player.token, gameToken }), 401, 'error.token.expired');
    // A real launch without logging in is the id token's 401.
    await expectError(await post(path, pragmaticBody(slot.id), { gameToken }), 401, 'error.token.invalid');
  });

  it('evolution: a real call that fails its session checks is 400 (the app logs the player out)', async () => {
    const table = catalogGame('evolution', 'live-casino');
    const player = await walletPlayer(platform, app);
    const path = '/evolution/user/authenticate';
    await expectError(await post(path, evolutionBody(table.id, false), { token: player.token }), 400, 'error.token.expired');
    const gameToken = await gameTokenFor(player, table.id);
    await platform.database.db.updateTable('players').set({ status: 'RESTRICTED' }).where('id', '=', player.id).execute();
    await expectError(await post(path, evolutionBody(table.id, false), { token: player.token, gameToken }), 400, 'error.game.access_restricted');
    await platform.database.db.updateTable('players').set({ status: 'REGISTERED' }).where('id', '=', player.id).execute();
    await ok(await post(path, evolutionBody(table.id, false), { token: player.token, gameToken }), evolutionResponseSchema);
  });
});

// ---- bad input ------------------------------------------------------------------------------------------

describe('bad bodies are 400, never a 5xx', () => {
  const ROUTES = [
    '/game/detail',
    '/game/detail/demo',
    '/game/ticket',
    '/game/ticket/demo',
    '/game/token',
    '/game/launch',
    '/pragmatic/partner/demoGameUrl',
    '/pragmatic/partner/realGameUrl',
    '/pariplay/context/demo',
    '/pariplay/context/real',
    '/softswiss/context/demo',
    '/softswiss/context/real',
    '/evolution/user/authenticate',
    '/evolution/user/authenticate/demo',
    '/novomatic/launch',
  ];
  const BAD_BODIES = [
    '{',
    '[]',
    'null',
    '"text"',
    '{"gameId":7}',
    '{"isDemo":"yes","gameId":"x"}',
    '{"symbol":"","language":"en","currency":"EUR","platform":"TV","stylename":"","lobbyUrl":"","jurisdiction":"MT"}',
    '{"slug":"x".repeat}',
    `{"tableId":"${'x'.repeat(5000)}"}`,
    '{"__proto__":{"isDemo":true},"gameId":"cas-00001"}',
  ];

  it('for every route and every kind of junk, with and without the id token', async () => {
    const player = await walletPlayer(platform, app);
    for (const route of ROUTES) {
      for (const body of BAD_BODIES) {
        for (const token of [player.token, undefined]) {
          const response = await post(route, body, { token });
          expect(response.status, `${route} ${body}`).toBeLessThan(500);
          expect([400, 401], `${route} ${body}: ${String(response.status)}`).toContain(response.status);
        }
      }
    }
    // The token providers' calls take few fields (unknown ones are ignored, as everywhere): what is not an object, or a wrong type, is 400.
    const tokenCalls: [string, string[]][] = [
      ['/playngo/auth/token_generation', ['{', '[]', 'null', '{"requireNew":"no"}']],
      ['/relaxgaming/generatetoken', ['{', '[]', '"MT"', '{"jurisdiction":"mt"}', '{"jurisdiction":7}']],
      ['/yggdrasil/player/auth/session', ['{', '[]', 'null']],
      ['/quickspin/generatetoken', ['{', '[]', '7']],
    ];
    for (const [route, bodies] of tokenCalls) {
      for (const body of bodies) expect((await post(route, body, { token: player.token })).status, `${route} ${body}`).toBe(400);
      expect((await post(route, '{}')).status, route).toBe(401);
    }
  });
});
