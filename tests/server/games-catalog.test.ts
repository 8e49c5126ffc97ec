import * as v from 'valibot';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CASINO_CATEGORY_PAGE_SIZE, GAMES_PAGE_SIZE, IMAGE_QUALITY, LIVE_CASINO_ROWS_SPAN } from '../../machines/lib/constants';
import { CASINO_PROVIDERS, GAME_TYPES, GRID_SIZES, LIVE_CASINO_PROVIDERS } from '../../machines/lib/games';
import { slotRtp } from '../../server/providers/demo-games/slot';
import { LANGUAGE_CODES } from '../../machines/lib/markets';
import {
  boxesResponseSchema,
  categoryPageResponseSchema,
  gameIndexResponseSchema,
  jackpotsResponseSchema,
  lobbyResponseSchema,
  type GameIndexResponse,
  type LobbyResponse,
} from '../../src/api/games';
import { escapeXml, gameArtwork } from '../../server/content/catalog/artwork';
import { VIP_PLAYER_IDS, weekOf } from '../../server/content/catalog/boxes';
import { buildCatalog, catalogOptionsFromEnv, CATEGORIES, loadCatalog } from '../../server/content/catalog/index';
import { jackpotAmountAt } from '../../server/content/catalog/jackpots';
import { textIn } from '../../server/content/catalog/localised';
import { HIDDEN_PROVIDERS_BY_MARKET, SUB_PROVIDERS } from '../../server/content/catalog/providers';
import { convertAmount } from '../../server/content/catalog/shape';
import { boxesFor, findGame, gameCountryContext } from '../../server/services/catalog';
import { expectError, expectFieldErrors } from './helpers/identity';
import { json, startTestPlatform, type TestPlatform } from './helpers/platform';
import { walletPlayer } from './helpers/wallet';

// The lobbies' content (issue 12; src/api/games.ts; product.md §2 "Casino and live casino", §3
// "Games and lobby"; behaviour.md §5, §6, §7 "Games" and "Content", §9): the generated catalog's
// size and facts, the lobby's first pages (30 / 15) and category pages (60 / 30), providers hidden
// per market, channels, translated labels, the search index, the artwork, the boxes' audiences,
// the jackpots, and the 400 / 404 answers.

let platform: TestPlatform;
let app: ReturnType<TestPlatform['app']>;
let now = new Date('2025-06-11T12:00:00.000Z');
const clock = () => now;

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

const get = (path: string, headers: Record<string, string> = {}) => Promise.resolve(app.request(path, { headers }));

/** `en-UN` -> `UN/en`: the content routes' scope (src/api/games.ts). */
const scopeOf = (langMarket: string) => langMarket.split('-').reverse().join('/');

async function lobby(langMarket: string, lobbyType: string, channel = 'desktop'): Promise<LobbyResponse> {
  const response = await get(`/api/content/${scopeOf(langMarket)}/lobbies/${lobbyType}?channel=${channel}`);
  expect(response.status, await response.clone().text()).toBe(200);
  return v.parse(lobbyResponseSchema, await json(response));
}

async function gameIndexOf(langMarket: string, lobbyType: string, channel = 'desktop'): Promise<GameIndexResponse> {
  const response = await get(`/api/content/${scopeOf(langMarket)}/lobbies/${lobbyType}/games?channel=${channel}`);
  expect(response.status, await response.clone().text()).toBe(200);
  return v.parse(gameIndexResponseSchema, await json(response));
}

describe('the generated catalog', () => {
  const catalog = loadCatalog();
  const casino = catalog.games.filter((game) => game.lobby === 'casino');
  const live = catalog.games.filter((game) => game.lobby === 'live-casino');

  it('holds at least 2,000 casino games and 100 live tables across the spec’s providers', () => {
    expect(casino.length).toBeGreaterThanOrEqual(2_000);
    expect(live.length).toBeGreaterThanOrEqual(100);
    expect(new Set(casino.map((game) => game.provider))).toEqual(new Set(CASINO_PROVIDERS));
    expect(new Set(live.map((game) => game.provider))).toEqual(new Set(LIVE_CASINO_PROVIDERS));
  });

  it('gives every game unique ids and slugs, bet limits and a mix of grid sizes and channels', () => {
    expect(new Set(catalog.games.map((game) => game.id)).size).toBe(catalog.games.length);
    expect(new Set(catalog.games.map((game) => game.slug)).size).toBe(catalog.games.length);
    for (const game of catalog.games) {
      expect(GAME_TYPES).toContain(game.gameType);
      expect(game.betLimitsEur.min).toBeLessThan(game.betLimitsEur.max);
      expect(game.channels.length).toBeGreaterThan(0);
      expect(game.slug).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
    }
    const share = (predicate: (game: (typeof casino)[number]) => boolean) => casino.filter(predicate).length / casino.length;
    expect(share((game) => game.gridSize === '1x')).toBeGreaterThan(0.7);
    for (const size of GRID_SIZES) expect(share((game) => game.gridSize === size)).toBeGreaterThan(0);
    expect(share((game) => game.channels.length === 2)).toBeGreaterThan(0.8);
    expect(share((game) => game.channels.length === 1 && game.channels[0] === 'desktop')).toBeGreaterThan(0);
    expect(share((game) => game.channels.length === 1 && game.channels[0] === 'mobile')).toBeGreaterThan(0);
    expect(share((game) => game.jackpotExist)).toBeGreaterThan(0.03);
  });

  it('seats the salon tables, and puts every aggregator game under one of its sub-providers', () => {
    const seated = live.filter((game) => game.seats !== null);
    expect(seated.length).toBeGreaterThan(0);
    for (const table of seated) {
      expect(table.name).toMatch(/^Salon Privé Roulette /);
      expect(table.seats).toBe(7);
      expect(table.seatsTaken).toBeGreaterThanOrEqual(0);
      expect(table.seatsTaken).toBeLessThanOrEqual(7);
    }
    for (const game of catalog.games) {
      if (game.provider === 'pariplay' || game.provider === 'softswiss') {
        const subProvider = SUB_PROVIDERS.find((item) => item.id === game.subProvider);
        expect(subProvider?.parent).toBe(game.provider);
      } else expect(game.subProvider).toBeNull();
    }
    expect(new Set(catalog.games.flatMap((game) => (game.subProvider ? [game.subProvider] : [])))).toEqual(new Set(SUB_PROVIDERS.map((item) => item.id)));
  });

  it('is deterministic, and a larger catalog starts with the games of a smaller one', () => {
    const small = buildCatalog({ casinoGames: 500, liveTables: 20, seed: 'aurora-catalog-1' });
    const again = buildCatalog({ casinoGames: 500, liveTables: 20, seed: 'aurora-catalog-1' });
    const larger = buildCatalog({ casinoGames: 900, liveTables: 30, seed: 'aurora-catalog-1' });
    expect(again.games).toEqual(small.games);
    const casinoOf = (games: typeof small.games) => games.filter((game) => game.lobby === 'casino');
    expect(casinoOf(larger.games).slice(0, 500)).toEqual(casinoOf(small.games));
  });

  it('takes its size from CATALOG_CASINO_GAMES and CATALOG_LIVE_TABLES (the 10,000-game benchmark)', () => {
    expect(catalogOptionsFromEnv({ CATALOG_CASINO_GAMES: '10000' })).toMatchObject({ casinoGames: 10_000, liveTables: 120 });
    expect(catalogOptionsFromEnv({ CATALOG_LIVE_TABLES: '300' })).toMatchObject({ casinoGames: 2_400, liveTables: 300 });
    expect(() => catalogOptionsFromEnv({ CATALOG_CASINO_GAMES: 'many' })).toThrow(/CATALOG_CASINO_GAMES/);
    expect(() => catalogOptionsFromEnv({ CATALOG_CASINO_GAMES: '0' })).toThrow(/CATALOG_CASINO_GAMES/);
    const large = buildCatalog({ casinoGames: 10_000, liveTables: 120, seed: 'aurora-catalog-1' });
    expect(large.games.filter((game) => game.lobby === 'casino')).toHaveLength(10_000);
    expect(new Set(large.games.map((game) => game.slug)).size).toBe(large.games.length);
  });

  it('writes every category label in all 17 languages, translated (not English) in the other languages', () => {
    const englishVariants = new Set(['en', 'ca', 'nz', 'inen']);
    for (const language of LANGUAGE_CODES) {
      const labels = CATEGORIES.map((category) => textIn(category.label, language));
      for (const label of labels) expect(label.trim()).not.toBe('');
      if (englishVariants.has(language)) continue;
      const translated = CATEGORIES.filter((category) => textIn(category.label, language) !== textIn(category.label, 'en'));
      expect(translated.length, language).toBeGreaterThan(CATEGORIES.length / 2);
    }
  });

  it('converts bet limits per currency, whole units where the currency has no minor unit', () => {
    expect(convertAmount(0.1, 'EUR')).toBe(0.1);
    expect(convertAmount(0.1, 'CLP')).toBe(100);
    expect(convertAmount(0.2, 'JPY')).toBe(32);
    expect(convertAmount(5_000, 'NOK')).toBe(58_000);
  });
});

describe('GET /api/content/{m}/{l}/lobbies/{lobby}', () => {
  it('answers every category with its total and its first page: 30 on desktop, 15 on mobile (behaviour.md §9)', async () => {
    for (const channel of ['desktop', 'mobile'] as const) {
      const answer = await lobby('en-UN', 'casino', channel);
      expect(answer.lobby).toBe('casino');
      expect(answer.categories.map((item) => item.category.id)).toEqual(CATEGORIES.filter((item) => item.lobby === 'casino').map((item) => item.id));
      for (const item of answer.categories) {
        expect(item.games.length).toBe(Math.min(CASINO_CATEGORY_PAGE_SIZE[channel], item.total));
        for (const game of item.games) expect(game.channels).toContain(channel);
      }
      const all = answer.categories.find((item) => item.category.id === 'all');
      expect(all?.total).toBeGreaterThanOrEqual(2_000 * 0.85);
    }
  });

  it('shows the category flags, icon, grid per breakpoint and widget type; live rows span 2', async () => {
    const casino = await lobby('en-UN', 'casino');
    const summer = casino.categories.find((item) => item.category.id === 'summer-specials')?.category;
    expect(summer).toMatchObject({ visibleInMenu: false, visibleInLobby: true, widgetType: 'row' });
    for (const { category } of casino.categories) {
      expect(category.iconSvg).toMatch(/^<svg [^>]*>.*<\/svg>$/);
      expect(category.iconSvg).not.toMatch(/<script|on\w+=|href/i);
    }
    const live = await lobby('en-UN', 'live-casino');
    expect(live.categories.map((item) => item.category.id)).toEqual(['roulette', 'vip-tables', 'all-tables']);
    for (const { category } of live.categories) {
      expect(category.widgetType).toBe('live');
      for (const grid of Object.values(category.grid)) expect(grid.rows).toBe(LIVE_CASINO_ROWS_SPAN);
    }
    const seated = live.categories.flatMap((item) => item.games).filter((game) => game.seats !== null);
    expect(seated.length).toBeGreaterThan(0);
    expect(seated.every((game) => game.seats === 7 && game.seatsTaken !== null)).toBe(true);
  });

  it('labels categories in the asked language', async () => {
    const finnish = await lobby('fi-FI', 'casino');
    expect(finnish.categories.map((item) => item.category.label)).toContain('Kolikkopelit');
    const english = await lobby('en-UN', 'live-casino');
    expect(english.categories[0]?.category.label).toBe('Roulette');
    const polish = await lobby('pl-UN', 'live-casino');
    expect(polish.categories[0]?.category.label).toBe('Ruletka');
  });

  it('shapes games as product.md §3 says: artwork at 1x/2x/3x (quality 75, webp, sizes doubled), bet limits in the market’s currency', async () => {
    const answer = await lobby('no-NO', 'casino');
    const games = answer.categories.flatMap((item) => item.games);
    expect(games.length).toBeGreaterThan(0);
    for (const game of games) {
      expect(game.thumbnail.img1x).toMatch(new RegExp(`^/api/content/artwork/games/${game.id}\\.svg\\?w=\\d+&q=${String(IMAGE_QUALITY)}&fm=webp$`));
      const width = (url: string) => Number(new URL(url, 'http://x').searchParams.get('w'));
      expect(width(game.thumbnail.img2x)).toBe(2 * width(game.thumbnail.img1x));
      expect(width(game.thumbnail.img3x)).toBe(3 * width(game.thumbnail.img1x));
      expect(game.betLimits).toHaveLength(1);
      expect(game.betLimits[0]?.currency).toBe('NOK');
    }
  });

  it('shows the RTP, volatility and stakes of the engine that really plays each game, never a figure of its own', async () => {
    const casinoGames = (await lobby('en-UN', 'casino')).categories.flatMap((item) => item.games);
    const liveGames = (await lobby('en-UN', 'live-casino')).categories.flatMap((item) => item.games);
    // The slot's RTP is its exact enumeration (96.0803125 %, published 96.08); stakes 10 lines x 0.01-0.50.
    for (const slot of casinoGames.filter((game) => game.gameType === 'slot')) {
      expect(slot.rtp).toBeCloseTo(slotRtp().percent, 2);
      expect(slot.volatility).toBe('medium');
      expect(slot.betLimits).toEqual([{ min: 0.1, max: 5, currency: 'EUR' }]);
    }
    // Every other casino game is the European roulette (36/37), chips from 0.10, 500 a round at most.
    for (const table of casinoGames.filter((game) => game.gameType !== 'slot')) {
      expect(table.rtp).toBe(97.3);
      expect(table.betLimits).toEqual([{ min: 0.1, max: 500, currency: 'EUR' }]);
    }
    // A live table is the live roulette: 36/37, its own limits (the engine plays them).
    for (const table of liveGames) expect(table.rtp).toBe(97.3);
    expect(casinoGames.some((game) => game.gameType === 'slot')).toBe(true);
  });

  it('lists the lobby’s providers and sub-providers; exclusion sub-providers have no image', async () => {
    const answer = await lobby('en-UN', 'casino');
    const ids = answer.providers.map((provider) => provider._id);
    expect(ids).toContain('provider-relax');
    expect(ids).toContain('subprovider-thunderkick');
    const exclusion = answer.providers.find((provider) => provider._id === 'subprovider-northlight');
    expect(exclusion).toMatchObject({ type: 'subprovider', providerImgUrl: '' });
    const pariplay = answer.providers.find((provider) => provider._id === 'provider-pariplay');
    expect(pariplay).toMatchObject({ isAggregators: true, type: 'provider' });
    expect(pariplay?.providerImgUrl).toBe('/api/content/artwork/providers/pariplay.svg');
  });

  it('hides providers per market (behaviour.md §5): novomatic in FI, pariplay in NO; excluded sub-providers too', async () => {
    expect(HIDDEN_PROVIDERS_BY_MARKET).toEqual({ FI: ['novomatic'], NO: ['pariplay'] });
    const providerIds = (answer: LobbyResponse) => answer.providers.map((provider) => provider.id);
    const gamesOf = (answer: LobbyResponse) => answer.categories.flatMap((item) => item.games);
    const finland = await lobby('fi-FI', 'casino');
    expect(providerIds(finland)).not.toContain('novomatic');
    expect(gamesOf(finland).some((game) => game.gameProvider === 'novomatic')).toBe(false);
    // bluebird (an exclusion sub-provider) is left out in FI and NO.
    expect(gamesOf(finland).some((game) => game.subProvider?._id === 'subprovider-bluebird')).toBe(false);
    const norway = await gameIndexOf('no-NO', 'casino');
    expect(norway.games.some((game) => game.gameProvider === 'pariplay')).toBe(false);
    const global = await gameIndexOf('en-UN', 'casino');
    expect(global.games.some((game) => game.gameProvider === 'pariplay')).toBe(true);
    expect(global.games.some((game) => game.gameProvider === 'novomatic')).toBe(true);
    const canada = await gameIndexOf('ca-CA', 'casino');
    expect(canada.games.some((game) => game.subProviderId === 'subprovider-northlight')).toBe(false);
  });

  it('is made once and answered from memory with a strong ETag (304 while it matches)', async () => {
    const first = await get('/api/content/UN/en/lobbies/casino?channel=desktop', { 'Accept-Encoding': 'br' });
    expect(first.status).toBe(200);
    expect(first.headers.get('Content-Type')).toMatch(/^application\/json/);
    expect(first.headers.get('Content-Encoding')).toBe('br');
    const etag = first.headers.get('ETag') ?? '';
    expect(etag).toMatch(/^"[^"]+-br"$/);
    const again = await get('/api/content/UN/en/lobbies/casino?channel=desktop', { 'Accept-Encoding': 'br', 'If-None-Match': etag });
    expect(again.status).toBe(304);
    const started = performance.now();
    await get('/api/content/UN/en/lobbies/casino?channel=desktop', { 'Accept-Encoding': 'br' });
    expect(performance.now() - started).toBeLessThan(100);
  });

  it('answers 400 for an unknown market or language, 404 for an unknown lobby, 400 for a bad channel', async () => {
    await expectError(await get('/api/content/XX/en/lobbies/casino'), 400, 'error.market.unknown');
    await expectError(await get('/api/content/UN/xx/lobbies/casino'), 400, 'error.language.unknown');
    await expectError(await get('/api/content/GG/fi/lobbies/casino'), 400, 'error.language.unknown');
    await expectError(await get('/api/content/UN/en/lobbies/sportsbook'), 404, 'error.not_found');
    expect(await expectFieldErrors(await get('/api/content/UN/en/lobbies/casino?channel=tablet'))).toEqual({ channel: 'validation.invalid' });
    // No channel: desktop.
    expect((await get('/api/content/UN/en/lobbies/casino')).status).toBe(200);
  });
});

describe('GET /api/content/{m}/{l}/lobbies/{lobby}/categories/{id}', () => {
  async function page(path: string) {
    const response = await get(path);
    expect(response.status, await response.clone().text()).toBe(200);
    return v.parse(categoryPageResponseSchema, await json(response));
  }

  it('pages 60 games on desktop and 30 on mobile, in order and without overlap (behaviour.md §9)', async () => {
    const first = await page('/api/content/UN/en/lobbies/casino/categories/slots?channel=desktop&page=0');
    const second = await page('/api/content/UN/en/lobbies/casino/categories/slots?channel=desktop&page=1');
    expect(first).toMatchObject({ page: 0, pageSize: GAMES_PAGE_SIZE.desktop });
    expect(first.games).toHaveLength(60);
    expect(second.games).toHaveLength(60);
    const ids = [...first.games, ...second.games].map((game) => game.id);
    expect(new Set(ids).size).toBe(120);
    expect(first.games.every((game) => game.gameType === 'slot')).toBe(true);
    const mobile = await page('/api/content/UN/en/lobbies/casino/categories/slots?channel=mobile');
    expect(mobile).toMatchObject({ page: 0, pageSize: GAMES_PAGE_SIZE.mobile });
    expect(mobile.games).toHaveLength(30);
    expect(mobile.games.every((game) => game.channels.includes('mobile'))).toBe(true);
    const last = Math.floor(first.total / 60);
    expect((await page(`/api/content/UN/en/lobbies/casino/categories/slots?page=${String(last)}`)).games).toHaveLength(first.total % 60);
    expect((await page('/api/content/UN/en/lobbies/casino/categories/slots?page=99999')).games).toHaveLength(0);
  });

  it('starts where the lobby’s first page starts', async () => {
    const answer = await lobby('en-UN', 'live-casino');
    const roulette = await page('/api/content/UN/en/lobbies/live-casino/categories/roulette');
    expect(roulette.games.slice(0, 30).map((game) => game.id)).toEqual(answer.categories[0]?.games.map((game) => game.id));
    expect(roulette.category.label).toBe('Roulette');
  });

  it('answers 404 for an unknown category or one of the other lobby, 400 for a bad page', async () => {
    await expectError(await get('/api/content/UN/en/lobbies/casino/categories/nope'), 404, 'error.not_found');
    await expectError(await get('/api/content/UN/en/lobbies/casino/categories/roulette'), 404, 'error.not_found');
    await expectError(await get(`/api/content/UN/en/lobbies/casino/categories/${'x'.repeat(3000)}`), 404, 'error.not_found');
    for (const bad of ['-1', '1.5', 'one', '123456', '']) {
      expect(await expectFieldErrors(await get(`/api/content/UN/en/lobbies/casino/categories/slots?page=${bad}`))).toEqual({ page: 'validation.invalid' });
    }
  });
});

describe('GET /api/content/{m}/{l}/lobbies/{lobby}/games (the search index)', () => {
  it('lists every game of the lobby for the channel, with categories, sub-providers and their restrictions', async () => {
    const desktop = await gameIndexOf('en-UN', 'casino', 'desktop');
    const mobile = await gameIndexOf('en-UN', 'casino', 'mobile');
    const catalog = loadCatalog();
    const casino = catalog.games.filter((game) => game.lobby === 'casino');
    expect(desktop.games).toHaveLength(casino.filter((game) => game.channels.includes('desktop')).length);
    expect(mobile.games).toHaveLength(casino.filter((game) => game.channels.includes('mobile')).length);
    const desktopOnly = casino.find((game) => game.channels.length === 1 && game.channels[0] === 'desktop');
    expect(mobile.games.some((game) => game.id === desktopOnly?.id)).toBe(false);
    expect(desktop.games.some((game) => game.id === desktopOnly?.id)).toBe(true);
    for (const game of desktop.games) expect(game.categories).toContain('all');
    const elk = desktop.subProviders.find((item) => item._id === 'subprovider-elk');
    expect(elk).toEqual({ _id: 'subprovider-elk', title: 'ELK Studios', restrictedCountry: ['SE', 'CA'], removeRestrictedCountryOverlay: true });
  });

  it('does not apply country restrictions: the app does, with the visitor’s country', async () => {
    // PP serves Sweden, where elk is restricted (behaviour.md §5): its games are still listed.
    const sweden = await gameIndexOf('en-PP', 'casino');
    expect(sweden.games.some((game) => game.subProviderId === 'subprovider-elk')).toBe(true);
    expect(sweden.games.some((game) => game.gameProvider === 'relax')).toBe(true);
  });
});

describe('artwork', () => {
  it('serves an SVG per game (the imageUrl query is accepted), small, cacheable, with an ETag', async () => {
    const answer = await lobby('en-UN', 'casino');
    const game = answer.categories[0]?.games[0];
    const response = await get(game?.thumbnail.img2x ?? '');
    expect(response.status).toBe(200);
    expect(response.headers.get('Content-Type')).toMatch(/^image\/svg\+xml/);
    expect(response.headers.get('ETag')).toMatch(/^"/);
    expect(response.headers.get('Content-Security-Policy')).toContain("default-src 'none'");
    const svg = await response.text();
    expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true);
    expect(svg).toContain(escapeXml(game?.label ?? ''));
    expect(new TextEncoder().encode(svg).byteLength).toBeLessThan(2_048);
    const again = await get(game?.thumbnail.img1x ?? '', { 'If-None-Match': response.headers.get('ETag') ?? '' });
    expect(again.status).toBe(304);
  });

  it('keeps every game’s artwork under 2 KB and serves vertical images, provider logos and box banners', async () => {
    const catalog = loadCatalog();
    for (const game of catalog.games) {
      const svg = gameArtwork({ id: game.id, name: game.name, providerTitle: 'Pragmatic Play', gridSize: game.gridSize }, 'tile');
      expect(svg.length).toBeLessThan(2_048);
    }
    const withVertical = catalog.games.find((game) => game.hasVerticalImage);
    expect((await get(`/api/content/artwork/games/${withVertical?.id ?? ''}/vertical.svg?w=480&q=75&fm=webp`)).status).toBe(200);
    expect((await get('/api/content/artwork/providers/evolution.svg')).headers.get('Content-Type')).toMatch(/^image\/svg\+xml/);
    expect((await get('/api/content/artwork/providers/thunderkick.svg')).status).toBe(200);
    expect((await get('/api/content/artwork/boxes/weekly-tournament.svg')).status).toBe(200);
  });

  it('escapes the title and answers 404 for what it does not have', async () => {
    const svg = gameArtwork({ id: 'x', name: 'Bad <script>alert("x")</script> & Co’s', providerTitle: '<b>', gridSize: '1x' }, 'tile');
    expect(svg).not.toContain('<script');
    expect(svg).not.toContain('<b>');
    expect(svg).toContain('&lt;script&gt;');
    expect(escapeXml(`<&>"'`)).toBe('&lt;&amp;&gt;&quot;&apos;');
    await expectError(await get('/api/content/artwork/games/nope.svg'), 404, 'error.not_found');
    await expectError(await get('/api/content/artwork/games/cas-00001.png'), 404, 'error.not_found');
    await expectError(await get('/api/content/artwork/providers/northlight.svg'), 404, 'error.not_found');
    await expectError(await get('/api/content/artwork/boxes/nope.svg'), 404, 'error.not_found');
  });
});

describe('GET /api/content/{m}/{l}/boxes (behaviour.md §6 audiences)', () => {
  async function boxIds(path: string, token?: string): Promise<string[]> {
    const response = await get(path, token === undefined ? {} : { Authorization: `Bearer ${token}` });
    expect(response.status, await response.clone().text()).toBe(200);
    return v.parse(boxesResponseSchema, await json(response)).boxes.map((box) => box.id);
  }

  let deposits = 0;
  /** Successful cashier deposits in the player's history, as the cashier writes them (PAYMENT / DEPOSIT / SUCCESS). */
  async function addDeposits(playerId: number, count: number): Promise<void> {
    const { db } = platform.database;
    const wallet = await db.selectFrom('wallets').select(['id', 'currency']).where('player_id', '=', playerId).executeTakeFirstOrThrow();
    for (let index = 0; index < count; index += 1) {
      deposits += 1;
      await db
        .insertInto('wallet_transactions')
        .values({
          reference_id: `test-deposit-${String(playerId)}-${String(deposits)}`,
          player_id: playerId,
          wallet_id: wallet.id,
          currency: wallet.currency,
          category: 'PAYMENT',
          type: 'DEPOSIT',
          status: 'SUCCESS',
          amount: '10.00',
          balance_after: '10.00',
          method_id: 'trustly',
          external_id: null,
          related_id: null,
          created_at: now,
          updated_at: now,
        })
        .execute();
    }
  }

  it('shows anonymous visitors the not-authorized and both boxes, with the anonymous call to action', async () => {
    const response = await get('/api/content/FI/fi/boxes?lobby=casino');
    const { boxes } = v.parse(boxesResponseSchema, await json(response));
    expect(boxes.map((box) => box.id)).toEqual(['welcome-tour', 'weekly-tournament']);
    const tournament = boxes.find((box) => box.id === 'weekly-tournament');
    expect(tournament).toMatchObject({ kind: 'tournament', title: 'Viikoittainen kolikkopeliturnaus', callToAction: { label: 'Rekisteröidy ja osallistu', path: '/signup' }, ...weekOf(now) });
    expect(tournament?.image).toBe(`/api/content/artwork/boxes/weekly-tournament.svg?w=1280&q=${String(IMAGE_QUALITY)}&fm=webp`);
    expect(await boxIds('/api/content/UN/en/boxes?lobby=live-casino')).toEqual(['live-tables']);
    // A token that is not good reads as anonymous: public content never answers 401.
    expect(await boxIds('/api/content/UN/en/boxes?lobby=casino', 'not.a.token')).toEqual(['welcome-tour', 'weekly-tournament']);
  });

  it('targets players by their successful deposits: none, one, more than one', async () => {
    const player = await walletPlayer(platform, app);
    expect(await boxIds('/api/content/UN/en/boxes?lobby=casino', player.token)).toEqual(['first-deposit', 'weekly-tournament']);
    const authorizedAnswer = await get('/api/content/UN/en/boxes?lobby=casino', { Authorization: `Bearer ${player.token}` });
    const tournament = v.parse(boxesResponseSchema, await json(authorizedAnswer)).boxes.find((box) => box.id === 'weekly-tournament');
    expect(tournament?.callToAction).toEqual({ label: 'Join the tournament', path: '/online-casino/popular' });
    await addDeposits(player.id, 1);
    expect(await boxIds('/api/content/UN/en/boxes?lobby=casino', player.token)).toEqual(['second-visit', 'weekly-tournament']);
    await addDeposits(player.id, 1);
    expect(await boxIds('/api/content/UN/en/boxes?lobby=casino', player.token)).toEqual(['regulars', 'weekly-tournament']);
    // Not on the VIP list (behaviour.md §6 explicit player ids).
    expect(VIP_PLAYER_IDS).not.toContain(player.id);
    expect(await boxIds('/api/content/UN/en/boxes?lobby=live-casino', player.token)).toEqual(['live-tables']);
    // Both lobbies when none is asked.
    expect(await boxIds('/api/content/UN/en/boxes', player.token)).toEqual(['regulars', 'weekly-tournament', 'live-tables']);
  });

  it('reads a logged-out session’s token as anonymous', async () => {
    const player = await walletPlayer(platform, app);
    const logout = await app.request('/api/player/sign_out', { method: 'POST', headers: { Authorization: `Bearer ${player.token}` } });
    expect(logout.status).toBeLessThan(300);
    expect(await boxIds('/api/content/UN/en/boxes?lobby=casino', player.token)).toEqual(['welcome-tour', 'weekly-tournament']);
  });

  it('shows explicit-player boxes to those players only, and respects start and end dates', () => {
    const deps = { db: platform.database.db, clock };
    const scope = { market: 'UN', language: 'en' } as const;
    const ids = (viewer: Parameters<typeof boxesFor>[3]) => boxesFor(deps, scope, 'live-casino', viewer).boxes.map((box) => box.id);
    expect(ids({ authorized: true, playerId: VIP_PLAYER_IDS[0] ?? 1, depositCount: 3 })).toContain('vip-evening');
    expect(ids({ authorized: true, playerId: 999_999, depositCount: 3 })).not.toContain('vip-evening');
    expect(ids({ authorized: false, playerId: null, depositCount: null })).not.toContain('vip-evening');
    const casinoIds = () => boxesFor(deps, scope, 'casino', { authorized: false, playerId: null, depositCount: null }).boxes.map((box) => box.id);
    expect(casinoIds()).not.toContain('spring-festival');
    expect(casinoIds()).not.toContain('new-year-race');
    now = new Date('2024-03-15T12:00:00.000Z');
    expect(casinoIds()).toContain('spring-festival');
    now = new Date('2099-12-28T12:00:00.000Z');
    expect(casinoIds()).toContain('new-year-race');
  });

  it('answers 400 for a bad lobby or scope', async () => {
    expect(await expectFieldErrors(await get('/api/content/UN/en/boxes?lobby=sportsbook'))).toEqual({ lobby: 'validation.invalid' });
    await expectError(await get('/api/content/JP/en/boxes'), 400, 'error.market.unknown');
  });
});

describe('GET /api/jackpots', () => {
  const jackpotIds = () =>
    loadCatalog()
      .games.filter((game) => game.jackpotExist)
      .slice(0, 3)
      .map((game) => game.id);

  it('answers the current value of each jackpot game, a function of time that every process agrees on', async () => {
    const ids = jackpotIds();
    const plain = loadCatalog().games.find((game) => !game.jackpotExist)?.id ?? '';
    const response = await get(`/api/jackpots?gameIds=${[...ids, plain, 'unknown'].join(',')}&siteId=1`);
    expect(response.status, await response.clone().text()).toBe(200);
    const { jackpots } = v.parse(jackpotsResponseSchema, await json(response));
    expect(jackpots.map((item) => item.gameId)).toEqual(ids);
    for (const item of jackpots) {
      expect(item).toEqual({ gameId: item.gameId, amount: jackpotAmountAt(item.gameId, now), currency: 'EUR', updatedAt: now.toISOString() });
      expect(item.amount).toMatch(/^\d+\.\d{2}$/);
    }
    // Another app (another process) at the same instant says the same.
    const other = platform.app({ clock });
    const again = v.parse(jackpotsResponseSchema, await json(await other.request(`/api/jackpots?gameIds=${ids.join(',')}&siteId=1`)));
    expect(again.jackpots).toEqual(jackpots);
  });

  it('grows with time until it is won', () => {
    const id = jackpotIds()[0] ?? '';
    const before = Number(jackpotAmountAt(id, now));
    const later = Number(jackpotAmountAt(id, new Date(now.getTime() + 60_000)));
    // A minute later it has grown, unless it was won in that minute (then it starts again from its seed).
    const grown = later > before;
    const reset = later < before;
    expect(grown || reset).toBe(true);
  });

  it('answers 400 for missing or bad game ids and an unknown site', async () => {
    expect(await expectFieldErrors(await get('/api/jackpots?siteId=1'))).toEqual({ gameIds: 'validation.required' });
    expect(await expectFieldErrors(await get('/api/jackpots?gameIds=,,&siteId=1'))).toEqual({ gameIds: 'validation.required' });
    const many = Array.from({ length: 201 }, (_, index) => `g${String(index)}`).join(',');
    expect(await expectFieldErrors(await get(`/api/jackpots?gameIds=${many}`))).toEqual({ gameIds: 'validation.too_long' });
    expect(await expectFieldErrors(await get('/api/jackpots?gameIds=a&siteId=one'))).toEqual({ siteId: 'validation.invalid' });
    await expectError(await get('/api/jackpots?gameIds=a&siteId=2'), 400, 'error.site.unknown');
    // No siteId: the default site (behaviour.md §9).
    expect((await get('/api/jackpots?gameIds=a')).status).toBe(200);
  });
});

describe('odd input', () => {
  it('never answers a 5xx', async () => {
    const paths = [
      '/api/content/UN/en/lobbies/casino?channel=desktop&channel=mobile',
      '/api/content/UN/en/lobbies/casino?channel=',
      '/api/content/UN/en/lobbies/casino/games?channel=%00',
      '/api/content/UN/en/lobbies/casino/categories/slots?page=00001',
      '/api/content/UN/en/lobbies/casino/categories/%F0%9F%8E%B0',
      '/api/content/UN/en/lobbies/casino/categories/%E0%A4%A',
      '/api/content/UN/en/lobbies/%2e%2e/categories/slots',
      '/api/content/UN/en/boxes?lobby[]=casino',
      '/api/content/artwork/games/..%2F..%2Fpackage.json.svg',
      '/api/content/artwork/games/%3Cscript%3E.svg',
      `/api/content/artwork/games/${'a'.repeat(5000)}/vertical.svg`,
      '/api/jackpots?gameIds=%3Cx%3E&siteId=99999999999',
      `/api/jackpots?gameIds=${'x'.repeat(20_000)}`,
    ];
    for (const path of paths) {
      const response = await get(path, { Authorization: 'Bearer a.b.c' });
      expect(response.status, path).toBeLessThan(500);
    }
  });
});

describe('findGame and the country context (the launch endpoints’ look-up)', () => {
  const deps = () => ({ db: platform.database.db, clock });

  it('finds a game by id or gameSlug in any lobby, as the market shows it', async () => {
    const catalog = loadCatalog();
    const live = catalog.games.find((game) => game.lobby === 'live-casino');
    const byId = await findGame(deps(), { market: 'FI', language: 'fi', idOrSlug: live?.id ?? '' });
    const bySlug = await findGame(deps(), { market: 'FI', language: 'fi', idOrSlug: live?.slug ?? '' });
    expect(byId).toEqual(bySlug);
    expect(byId).toMatchObject({ id: live?.id, type: 'live-casino', gameSlug: live?.slug, betLimits: [{ currency: 'EUR' }] });
    expect((await findGame(deps(), { market: 'FI', language: 'fi', idOrSlug: live?.id ?? '', currency: 'SEK' }))?.betLimits[0]?.currency).toBe('SEK');
    expect(await findGame(deps(), { market: 'FI', language: 'fi', idOrSlug: 'nope' })).toBeUndefined();
    // Issue 21: a market's hidden providers are its lobby's choice, not a game that does not exist:
    // a player of FI launches the novomatic game the /en-UN lobby offered.
    const novomatic = catalog.games.find((game) => game.provider === 'novomatic');
    expect(await findGame(deps(), { market: 'FI', language: 'fi', idOrSlug: novomatic?.id ?? '' })).toMatchObject({ id: novomatic?.id });
    expect(await findGame(deps(), { market: 'UN', language: 'en', idOrSlug: novomatic?.id ?? '' })).toBeDefined();
  });

  it('says whether the game is restricted in a country, and whether it is hidden or overlaid (behaviour.md §5)', async () => {
    const catalog = loadCatalog();
    const idOf = (subProvider: string) => catalog.games.find((game) => game.subProvider === subProvider)?.id ?? '';
    const elk = await findGame(deps(), { market: 'UN', language: 'en', idOrSlug: idOf('elk') });
    const thunderkick = await findGame(deps(), { market: 'UN', language: 'en', idOrSlug: idOf('thunderkick') });
    const skywind = await findGame(deps(), { market: 'UN', language: 'en', idOrSlug: idOf('skywind') });
    if (!elk || !thunderkick || !skywind) throw new Error('the catalog has elk, thunderkick and skywind games');
    expect(gameCountryContext(elk, 'SE')).toEqual({ country: 'SE', restricted: true, availability: 'hidden' });
    expect(gameCountryContext(thunderkick, 'CA')).toEqual({ country: 'CA', restricted: true, availability: 'overlaid' });
    expect(gameCountryContext(skywind, 'MT').restricted).toBe(true);
    expect(gameCountryContext(elk, 'FI')).toEqual({ country: 'FI', restricted: false, availability: 'available' });
    expect(gameCountryContext(elk, null).availability).toBe('available');
  });
});
