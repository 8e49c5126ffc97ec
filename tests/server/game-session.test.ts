import * as v from 'valibot';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_JURISDICTION, GAME_TICKET_PARTNER_ID, IDLE_LIMIT_MS } from '../../machines/lib/constants';
import { gameTokenResponseSchema } from '../../src/api/games';
import { GAME_TOKEN_HEADER, pragmaticResponseSchema } from '../../src/api/gameLaunch';
import { DEMO_GAME_KEEPALIVE_MS as KEEPALIVE_MS, DEMO_GAME_LAUNCH_LIFETIME_S, SESSION_ABSOLUTE_LIFETIME_MS } from '../../server/config';
import { loadCatalog } from '../../server/content/catalog/index';
import type { CatalogGame } from '../../server/content/catalog/games';
import { revokePlayerSessions } from '../../server/services/sessions';
import { demoGameProvider } from '../../server/providers/demo-games';
import { providerWalletRoutes } from '../../server/routes/provider-wallet';
import { liveRoundAt } from '../../server/providers/demo-games/live';
import type { GameProvider as GameProviderAdapter } from '../../server/providers/types';
import { offeredIn } from '../../server/services/catalog';
import { expectError } from './helpers/identity';
import { json, startTestPlatform, type TestPlatform } from './helpers/platform';
import { GAME_SECRET, credit, logIn, providerCall, walletOf, walletPlayer, type WalletPlayer } from './helpers/wallet';

// Issue 20 "A game ends with the session": a real-money launch carries a game session token tied
// to the player's login; the seamless wallet refuses a balance or a bet once that login has ended
// (logout, idle, lifetime, a break, closure), and the demo provider's game says so (401
// session.ended, which the site turns into "log in again"). The launch itself lives 10 minutes and
// is renewed with the provider's answers while the login lives. Each test is named after the rule.

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
  now = new Date(liveRoundAt(Date.now()).endsAt + 1_000);
  games = demoGameProvider({ db: platform.database.db, clock, gameWalletSecret: GAME_SECRET, walletRoutes: providerWalletRoutes });
  app = platform.app({ clock, gameWalletSecret: GAME_SECRET, providers: { games } });
});
afterAll(async () => {
  await platform.close();
});

const SITE = 'http://127.0.0.1:4173';

function slotGame(): CatalogGame {
  const found = loadCatalog().games.find(
    (game) => game.provider === 'pragmaticplay' && game.lobby === 'casino' && game.gameType === 'slot' && game.channels.includes('desktop') && offeredIn('FI', game),
  );
  if (!found) throw new Error('no slot in the catalog');
  return found;
}

function apiPost(path: string, body: unknown, headers: Record<string, string> = {}): Promise<Response> {
  return Promise.resolve(app.request(`${SITE}/api${path}`, { method: 'POST', headers: { 'Content-Type': 'application/json', ...headers }, body: JSON.stringify(body) }));
}

const pragmaticBody = (symbol: string) => ({ symbol, language: 'en', currency: 'EUR', platform: 'WEB', stylename: 'aurora', lobbyUrl: '', jurisdiction: 'MT' });

/** A real-money launch of the slot through the platform (game token, then the provider's launch call). */
async function launchCall(player: WalletPlayer, game = slotGame()): Promise<Response> {
  const grant = { gameId: game.id, channel: 'desktop', partner: GAME_TICKET_PARTNER_ID, jurisdiction: DEFAULT_JURISDICTION };
  const token = await apiPost('/game/token', grant, { Authorization: `Bearer ${player.token}` });
  if (token.status !== 200) return token;
  return apiPost('/pragmatic/partner/realGameUrl', pragmaticBody(game.id), {
    Origin: SITE,
    Authorization: `Bearer ${player.token}`,
    [GAME_TOKEN_HEADER]: v.parse(gameTokenResponseSchema, await json(token)).token,
  });
}

async function launch(player: WalletPlayer): Promise<string> {
  const answer = await launchCall(player);
  expect(answer.status, await answer.clone().text()).toBe(200);
  return v.parse(pragmaticResponseSchema, await json(answer)).gameURL;
}

const tokenOf = (url: string) => new URL(url).pathname.split('/').pop() ?? '';

/** The game page's call to its provider with a launch token. */
async function pageCall(url: string, path: string, body: Record<string, unknown>, launchToken = tokenOf(url)): Promise<Response> {
  const origin = new URL(url).origin;
  const response = await games.host?.app.request(`${origin}${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: origin },
    body: JSON.stringify({ launch: launchToken, ...body }),
  });
  if (!response) throw new Error('the demo provider has no host');
  return response;
}

let requests = 0;
const spin = (url: string, launchToken?: string) => pageCall(url, '/api/slot/spin', { requestId: `session-test-${String((requests += 1))}`, lineBet: '0.10' }, launchToken);

async function funded(): Promise<WalletPlayer> {
  const player = await walletPlayer(platform, app);
  await credit(app, player.id, '50.00');
  return player;
}

async function expectSessionEnded(response: Response): Promise<void> {
  expect(response.status, await response.clone().text()).toBe(401);
  expect(await json(response)).toMatchObject({ code: 'session.ended' });
}

describe('a game ends with the session', () => {
  it('real-money play goes on after logout: no more (a spin after sign_out is refused, nothing taken)', async () => {
    const player = await funded();
    const url = await launch(player);
    expect((await spin(url)).status).toBe(200);
    const before = (await walletOf(app, await logIn(app, player.email))).balanceMap.MAIN.cash;
    const signOut = await app.request('/api/player/sign_out', { method: 'POST', headers: { Authorization: `Bearer ${player.token}` } });
    expect(signOut.status).toBe(200);
    await expectSessionEnded(await spin(url));
    await expectSessionEnded(await pageCall(url, '/api/balance', {}));
    // The other login the check above opened plays nothing of this game's.
    expect((await walletOf(app, await logIn(app, player.email))).balanceMap.MAIN.cash).toBe(before);
  });

  it('ends after 30 minutes without activity (the idle logout), though the open page keeps its launch renewed', async () => {
    const player = await funded();
    const url = await launch(player);
    expect((await spin(url)).status).toBe(200);
    // The page asks every 2 minutes (its keep-alive) and takes the renewed launch; the site is idle.
    let launchToken = tokenOf(url);
    let idle = 0;
    while (idle < IDLE_LIMIT_MS - KEEPALIVE_MS) {
      advance(KEEPALIVE_MS);
      idle += KEEPALIVE_MS;
      const answer = await pageCall(url, '/api/balance', {}, launchToken);
      expect(answer.status, await answer.clone().text()).toBe(200);
      const renewed = v.parse(v.object({ launch: v.optional(v.string()) }), await json(answer)).launch;
      if (renewed !== undefined) launchToken = renewed;
    }
    advance(IDLE_LIMIT_MS - idle + 1_000);
    await expectSessionEnded(await spin(url, launchToken));
  });

  it('ends past the session lifetime however busy the player was', async () => {
    const player = await funded();
    const url = await launch(player);
    // Busy: the site's calls keep the login used (the wallet poll touches it)...
    await platform.database.db
      .updateTable('sessions')
      .set({ created_at: new Date(now.getTime() - SESSION_ABSOLUTE_LIFETIME_MS - 1_000), last_seen_at: now })
      .where('player_id', '=', player.id)
      .execute();
    // ...but the login is older than its lifetime.
    await expectSessionEnded(await spin(url));
  });

  it('ends with a break (a time-out ends every session at once)', async () => {
    const player = await funded();
    const url = await launch(player);
    const timeout = await app.request('/api/player/timeout', {
      method: 'PATCH',
      headers: { Authorization: `Bearer ${player.token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ months: 1 }),
    });
    expect(timeout.status, await timeout.clone().text()).toBe(200);
    await expectSessionEnded(await spin(url));
  });

  it('ends with the account’s closure (the operator ends its sessions)', async () => {
    const player = await funded();
    const url = await launch(player);
    await platform.database.db.updateTable('players').set({ status: 'CLOSED' }).where('id', '=', player.id).execute();
    await revokePlayerSessions(platform.database.db, player.id, now);
    await expectSessionEnded(await spin(url));
  });

  it('refuses a launch once the session has ended', async () => {
    const player = await funded();
    await app.request('/api/player/sign_out', { method: 'POST', headers: { Authorization: `Bearer ${player.token}` } });
    await expectError(await launchCall(player), 401, 'error.session.expired');
  });

  it('refuses a wallet bet with a token of another player’s or another login’s game', async () => {
    const player = await funded();
    const other = await funded();
    const url = await launch(other);
    expect((await spin(url)).status).toBe(200);
    const { gameSessionToken } = await import('./helpers/wallet');
    const othersToken = await gameSessionToken(platform.database.db, other.id, now);
    const bet = { playerId: player.id, sessionToken: othersToken, transactionId: `x-${String(Date.now())}`, roundId: `r-${String(Date.now())}`, gameId: 'g', vertical: 'CASINO', amount: '1.00', currency: 'EUR' };
    await expectError(await providerCall(app, 'bet', bet), 401, 'error.session.expired');
  });
});

describe('the launch lives briefly and is renewed while the session lives', () => {
  it('answers with a renewed launch once half of its life has passed, and the old one expires', async () => {
    const player = await funded();
    const url = await launch(player);
    const fresh = await spin(url);
    expect(await json(fresh)).not.toHaveProperty('launch');
    advance((DEMO_GAME_LAUNCH_LIFETIME_S / 2 + 30) * 1000);
    const renewedAnswer = v.parse(v.object({ launch: v.string() }), await json(await pageCall(url, '/api/balance', {})));
    advance((DEMO_GAME_LAUNCH_LIFETIME_S / 2) * 1000);
    // The launch URL's own token has expired; the renewed one plays on.
    const expired = await spin(url);
    expect(expired.status).toBe(401);
    expect(await json(expired)).toMatchObject({ code: 'launch.expired' });
    expect((await spin(url, renewedAnswer.launch)).status).toBe(200);
  });

  it('is not renewed once the session has ended: the game stops within the launch’s life', async () => {
    const player = await funded();
    const url = await launch(player);
    advance((DEMO_GAME_LAUNCH_LIFETIME_S / 2 + 30) * 1000);
    await app.request('/api/player/sign_out', { method: 'POST', headers: { Authorization: `Bearer ${player.token}` } });
    const refused = await pageCall(url, '/api/balance', {});
    await expectSessionEnded(refused);
  });
});
