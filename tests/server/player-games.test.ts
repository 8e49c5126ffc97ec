import * as v from 'valibot';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { RECENT_GAMES_LIMIT } from '../../machines/lib/constants';
import { favoritesResponseSchema, recentGamesResponseSchema, type FavoritesResponse, type RecentGamesResponse } from '../../src/api/games';
import { loadCatalog } from '../../server/content/catalog/index';
import { expectError, expectFieldErrors } from './helpers/identity';
import { json, startTestPlatform, type TestPlatform } from './helpers/platform';
import { walletPlayer, type WalletPlayer } from './helpers/wallet';

// The player's favourites and recently played games (issue 12; src/api/games.ts; behaviour.md §6
// "Only logged-in players fetch ... my games, recent games", §7 "Games": favorites GET, POST and
// DELETE with gameId and lobbyPageType; recent games GET with category and limit, POST with
// category and gameId; §9 "Recent games default limit: 30"): round trips, idempotency, the limit
// of 30 per category, and the 401 / 404 / 400 answers.

let platform: TestPlatform;
let app: ReturnType<TestPlatform['app']>;
let now = new Date('2025-06-11T12:00:00.000Z');
const clock = () => now;
const tick = () => {
  now = new Date(now.getTime() + 1_000);
};

beforeAll(async () => {
  platform = await startTestPlatform();
});
beforeEach(() => {
  now = new Date('2025-06-11T12:00:00.000Z');
  app = platform.app({ clock });
});
afterAll(async () => {
  await platform.close();
});

const catalog = loadCatalog();
const casinoGames = catalog.games.filter((game) => game.lobby === 'casino');
const liveGames = catalog.games.filter((game) => game.lobby === 'live-casino');
const casinoId = (index: number) => casinoGames[index]?.id ?? '';
const liveId = (index: number) => liveGames[index]?.id ?? '';

function call(player: WalletPlayer | null, method: string, path: string, body?: unknown): Promise<Response> {
  const headers: Record<string, string> = player === null ? {} : { Authorization: `Bearer ${player.token}` };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  return Promise.resolve(app.request(`/api/player${path}`, { method, headers, ...(body === undefined ? {} : { body: JSON.stringify(body) }) }));
}

async function favorites(player: WalletPlayer, method = 'GET', body?: unknown): Promise<FavoritesResponse> {
  const response = await call(player, method, '/favorites', body);
  expect(response.status, await response.clone().text()).toBe(200);
  return v.parse(favoritesResponseSchema, await json(response));
}

async function recent(player: WalletPlayer, method = 'GET', pathOrBody?: string | object): Promise<RecentGamesResponse> {
  const response =
    method === 'GET' ? await call(player, 'GET', `/recent-games${typeof pathOrBody === 'string' ? pathOrBody : ''}`) : await call(player, method, '/recent-games', pathOrBody);
  expect(response.status, await response.clone().text()).toBe(200);
  return v.parse(recentGamesResponseSchema, await json(response));
}

describe('favourites', () => {
  it('adds, lists newest first, keeps one per game when added twice, and removes', async () => {
    const player = await walletPlayer(platform, app);
    expect((await favorites(player)).favorites).toEqual([]);
    const first = await favorites(player, 'POST', { gameId: casinoId(0), lobbyPageType: 'CASINO' });
    expect(first.favorites).toEqual([{ gameId: casinoId(0), lobbyPageType: 'CASINO', addedAt: now.toISOString() }]);
    const addedAt = now.toISOString();
    tick();
    await favorites(player, 'POST', { gameId: liveId(0), lobbyPageType: 'LIVE_CASINO' });
    tick();
    // Adding twice keeps one, with its first time.
    const twice = await favorites(player, 'POST', { gameId: casinoId(0), lobbyPageType: 'CASINO' });
    expect(twice.favorites.map((item) => item.gameId)).toEqual([liveId(0), casinoId(0)]);
    expect(twice.favorites[1]?.addedAt).toBe(addedAt);
    expect((await favorites(player)).favorites).toEqual(twice.favorites);

    const removed = await favorites(player, 'DELETE', { gameId: casinoId(0), lobbyPageType: 'CASINO' });
    expect(removed.favorites.map((item) => item.gameId)).toEqual([liveId(0)]);
    // Removing one that is not there is fine.
    expect((await favorites(player, 'DELETE', { gameId: casinoId(0), lobbyPageType: 'CASINO' })).favorites).toHaveLength(1);
    expect((await favorites(player, 'DELETE', { gameId: 'gone-from-the-catalog', lobbyPageType: 'CASINO' })).favorites).toHaveLength(1);
  });

  it('keeps each player’s own', async () => {
    const one = await walletPlayer(platform, app);
    const two = await walletPlayer(platform, app);
    await favorites(one, 'POST', { gameId: casinoId(1), lobbyPageType: 'CASINO' });
    expect((await favorites(two)).favorites).toEqual([]);
  });

  it('stores a game posted by its slug under its id', async () => {
    const player = await walletPlayer(platform, app);
    const game = casinoGames[2];
    const answer = await favorites(player, 'POST', { gameId: game?.slug, lobbyPageType: 'CASINO' });
    expect(answer.favorites.map((item) => item.gameId)).toEqual([game?.id]);
  });

  it('answers 404 for an unknown game, 400 for another lobby’s page type or a bad body', async () => {
    const player = await walletPlayer(platform, app);
    await expectError(await call(player, 'POST', '/favorites', { gameId: 'no-such-game', lobbyPageType: 'CASINO' }), 404, 'error.not_found');
    expect(await expectFieldErrors(await call(player, 'POST', '/favorites', { gameId: liveId(0), lobbyPageType: 'CASINO' }))).toEqual({ lobbyPageType: 'validation.invalid' });
    expect(await expectFieldErrors(await call(player, 'POST', '/favorites', { gameId: casinoId(0), lobbyPageType: 'SPORTS' }))).toEqual({ lobbyPageType: 'validation.invalid' });
    expect(await expectFieldErrors(await call(player, 'POST', '/favorites', { lobbyPageType: 'CASINO' }))).toEqual({ gameId: 'validation.required' });
    expect(await expectFieldErrors(await call(player, 'DELETE', '/favorites', { gameId: '', lobbyPageType: 'CASINO' }))).toHaveProperty('gameId');
    await expectError(await call(player, 'POST', '/favorites', [1, 2]), 400, 'error.request.invalid');
  });
});

describe('recent games', () => {
  it('moves a played game to the front and keeps the newest 30 per category (behaviour.md §9)', async () => {
    const player = await walletPlayer(platform, app);
    for (let index = 0; index < RECENT_GAMES_LIMIT + 5; index += 1) {
      tick();
      await recent(player, 'POST', { category: 'CASINO', gameId: casinoId(index) });
    }
    const full = await recent(player, 'GET', '?category=CASINO');
    expect(full.games).toHaveLength(RECENT_GAMES_LIMIT);
    expect(full.games[0]).toEqual({ gameId: casinoId(RECENT_GAMES_LIMIT + 4), category: 'CASINO', playedAt: now.toISOString() });
    expect(full.games.map((item) => item.gameId)).not.toContain(casinoId(4));
    expect(full.games.at(-1)?.gameId).toBe(casinoId(5));

    // Playing an older one again moves it to the front; still 30, no duplicate.
    tick();
    const after = await recent(player, 'POST', { category: 'CASINO', gameId: casinoId(10) });
    expect(after.games).toHaveLength(RECENT_GAMES_LIMIT);
    expect(after.games[0]?.gameId).toBe(casinoId(10));
    expect(new Set(after.games.map((item) => item.gameId)).size).toBe(RECENT_GAMES_LIMIT);
    // The same instant twice: the later post is still first.
    await recent(player, 'POST', { category: 'CASINO', gameId: casinoId(11) });
    await recent(player, 'POST', { category: 'CASINO', gameId: casinoId(12) });
    expect((await recent(player, 'GET', '?category=CASINO&limit=2')).games.map((item) => item.gameId)).toEqual([casinoId(12), casinoId(11)]);
  });

  it('keeps categories apart; without a category it lists both, newest first', async () => {
    const player = await walletPlayer(platform, app);
    tick();
    await recent(player, 'POST', { category: 'CASINO', gameId: casinoId(0) });
    tick();
    const live = await recent(player, 'POST', { category: 'LIVE_CASINO', gameId: liveId(3) });
    expect(live.games.map((item) => item.gameId)).toEqual([liveId(3)]);
    expect((await recent(player, 'GET', '?category=CASINO')).games.map((item) => item.gameId)).toEqual([casinoId(0)]);
    expect((await recent(player, 'GET')).games.map((item) => item.category)).toEqual(['LIVE_CASINO', 'CASINO']);
  });

  it('answers the limit asked for, at most 30, and 400 beyond', async () => {
    const player = await walletPlayer(platform, app);
    for (let index = 0; index < 6; index += 1) {
      tick();
      await recent(player, 'POST', { category: 'CASINO', gameId: casinoId(index) });
    }
    expect((await recent(player, 'GET', '?category=CASINO&limit=5')).games).toHaveLength(5);
    expect((await recent(player, 'GET', '?category=CASINO&limit=30')).games).toHaveLength(6);
    for (const limit of ['31', '0', '-1', 'ten', '1.5']) {
      expect(await expectFieldErrors(await call(player, 'GET', `/recent-games?category=CASINO&limit=${limit}`))).toEqual({ limit: 'validation.invalid' });
    }
    expect(await expectFieldErrors(await call(player, 'GET', '/recent-games?category=POKER'))).toEqual({ category: 'validation.invalid' });
  });

  it('answers 404 for an unknown game and 400 for another lobby’s category', async () => {
    const player = await walletPlayer(platform, app);
    await expectError(await call(player, 'POST', '/recent-games', { category: 'CASINO', gameId: 'no-such-game' }), 404, 'error.not_found');
    expect(await expectFieldErrors(await call(player, 'POST', '/recent-games', { category: 'LIVE_CASINO', gameId: casinoId(0) }))).toEqual({ category: 'validation.invalid' });
    expect(await expectFieldErrors(await call(player, 'POST', '/recent-games', { gameId: casinoId(0) }))).toEqual({ category: 'validation.required' });
  });
});

describe('the player’s id token', () => {
  it('is required by every route (behaviour.md §6: only logged-in players fetch my games and recent games)', async () => {
    const body = { gameId: casinoId(0), lobbyPageType: 'CASINO', category: 'CASINO' };
    for (const [method, path] of [
      ['GET', '/favorites'],
      ['POST', '/favorites'],
      ['DELETE', '/favorites'],
      ['GET', '/recent-games'],
      ['POST', '/recent-games'],
    ] as const) {
      await expectError(await call(null, method, path, method === 'GET' ? undefined : body), 401, 'error.token.invalid');
    }
  });
});
