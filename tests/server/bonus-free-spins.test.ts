import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_JURISDICTION, GAME_TICKET_PARTNER_ID } from '../../machines/lib/constants';
import { gameTokenResponseSchema } from '../../src/api/games';
import { GAME_TOKEN_HEADER, pragmaticResponseSchema } from '../../src/api/gameLaunch';
import { loadCatalog } from '../../server/content/catalog/index';
import { subProviderById } from '../../server/content/catalog/providers';
import { demoGameProvider } from '../../server/providers/demo-games';
import { providerWalletRoutes } from '../../server/routes/provider-wallet';
import { playerBalances } from '../../server/services/ledger';
import type { GameProvider as GameProviderAdapter } from '../../server/providers/types';
import { offeredIn } from '../../server/services/catalog';
import { assignmentOf, giveBonus, testCampaign } from './helpers/bonus-money';
import { expectBooksBalanced } from './helpers/bonuses';
import { json, startTestPlatform, type TestPlatform } from './helpers/platform';
import { credit, GAME_SECRET, walletPlayer } from './helpers/wallet';

// Issue 24, free spins through the demo game provider (server/providers/demo-games/play.ts freeRound,
// server/services/bonus-wagering.ts playFreeSpin): a player granted free spins of a slot (a campaign
// of betBonusType -1) plays them in the real-money slot as zero-stake rounds: no BET, the winnings
// into the casino bonus account, the spins left in every answer (the frame shows them); once they are
// played the slot's rounds are paid ones again.

let platform: TestPlatform;
let app: ReturnType<TestPlatform['app']>;
let games: GameProviderAdapter;
const SITE = 'http://127.0.0.1:4173';

beforeAll(async () => {
  platform = await startTestPlatform();
  const clock = () => new Date();
  games = demoGameProvider({ db: platform.database.db, clock, gameWalletSecret: GAME_SECRET, walletRoutes: providerWalletRoutes });
  app = platform.app({ clock, gameWalletSecret: GAME_SECRET, providers: { games } });
});
afterAll(async () => {
  await platform.close();
});

function slotGame() {
  const found = loadCatalog().games.find(
    (game) =>
      game.provider === 'pragmaticplay' &&
      game.lobby === 'casino' &&
      game.gameType === 'slot' &&
      game.channels.includes('desktop') &&
      (game.subProvider === null || !(subProviderById(game.subProvider)?.restrictedCountry ?? []).includes('FI')) &&
      offeredIn('FI', game),
  );
  if (!found) throw new Error('no pragmatic slot in the catalog');
  return found;
}

async function apiPost(path: string, body: unknown, headers: Record<string, string>): Promise<Response> {
  return Promise.resolve(app.request(`${SITE}/api${path}`, { method: 'POST', headers: { 'Content-Type': 'application/json', Origin: SITE, ...headers }, body: JSON.stringify(body) }));
}

/** A real-money launch of the slot for the player: its launch URL. */
async function launch(gameId: string, token: string): Promise<string> {
  const grant = await apiPost('/game/token', { gameId, channel: 'desktop', partner: GAME_TICKET_PARTNER_ID, jurisdiction: DEFAULT_JURISDICTION }, { Authorization: `Bearer ${token}` });
  expect(grant.status, await grant.clone().text()).toBe(200);
  const gameToken = v.parse(gameTokenResponseSchema, await json(grant)).token;
  const body = { symbol: gameId, language: 'en', currency: 'EUR', platform: 'WEB', stylename: 'aurora', lobbyUrl: '', jurisdiction: 'MT' };
  const answer = await apiPost('/pragmatic/partner/realGameUrl', body, { Authorization: `Bearer ${token}`, [GAME_TOKEN_HEADER]: gameToken });
  expect(answer.status, await answer.clone().text()).toBe(200);
  return v.parse(pragmaticResponseSchema, await json(answer)).gameURL;
}

async function page(url: string, path: string, body: Record<string, unknown>) {
  const origin = new URL(url).origin;
  const response = await games.host?.app.request(`${origin}${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: origin },
    body: JSON.stringify({ launch: new URL(url).pathname.split('/').pop() ?? '', ...body }),
  });
  if (!response) throw new Error('the demo provider has no host');
  expect(response.status, await response.clone().text()).toBe(200);
  return v.parse(
    v.object({ balance: v.string(), bet: v.optional(v.string()), win: v.optional(v.string()), freeSpin: v.optional(v.boolean()), freeSpinsLeft: v.optional(v.number()) }),
    await json(response),
  );
}

const cents = (amount: string) => Math.round(Number(amount) * 100);

describe('free spins in the demo slot', () => {
  it('plays the granted spins as zero-stake rounds into the bonus account, shows the spins left, then pays rounds again', async () => {
    const game = slotGame();
    const player = await walletPlayer(platform, app);
    await credit(app, player.id, '10.00');
    const campaignId = await testCampaign(platform.database.db, { vertical: 'FREE_SPINS', wrMultiplier: 2, freeSpinGames: [{ gameId: game.id, rounds: 3 }] });
    await giveBonus(platform.database.db, player.id, campaignId, '0.00');
    const url = await launch(game.id, player.token);
    expect((await page(url, '/api/balance', {})).freeSpinsLeft).toBe(3);

    let won = 0;
    for (const [index, left] of [2, 1, 0].entries()) {
      const round = await page(url, '/api/slot/spin', { requestId: `free-spin-${String(index)}`, lineBet: '0.50' });
      expect(round).toMatchObject({ freeSpin: true, bet: '0.00', freeSpinsLeft: left });
      won += cents(round.win ?? '0');
      const balances = await playerBalances(platform.database.db, player.id, 'EUR');
      expect([balances.MAIN, balances.BONUS.CASINO]).toEqual([1_000n, BigInt(won)]);
      expect(cents(round.balance)).toBe(1_000 + won);
    }
    // A replayed spin request is the same round: nothing is played or paid again.
    expect((await page(url, '/api/slot/spin', { requestId: 'free-spin-2', lineBet: '0.50' })).freeSpinsLeft).toBe(0);
    expect((await playerBalances(platform.database.db, player.id, 'EUR')).BONUS.CASINO).toBe(BigInt(won));
    const assignment = await assignmentOf(platform.database.db, player.id, campaignId);
    expect([cents(assignment.amount), cents(assignment.wagering_amount)]).toEqual([won, won * 2]);
    // No BET in the history for the free rounds; the next round is a paid one.
    const bets = await platform.database.db.selectFrom('wallet_transactions').select('type').where('player_id', '=', player.id).where('type', '=', 'BET').execute();
    expect(bets).toEqual([]);
    const paid = await page(url, '/api/slot/spin', { requestId: 'paid-round-1', lineBet: '0.10' });
    expect(paid.freeSpin).toBeUndefined();
    expect(paid.bet).toBe('1.00');
    await expectBooksBalanced(platform.database.db);
  });

  it('the game’s balance is what it may play with: the cash and the bonus of its vertical (issue 24)', async () => {
    const game = slotGame();
    const player = await walletPlayer(platform, app);
    await credit(app, player.id, '10.00');
    const campaignId = await testCampaign(platform.database.db, { vertical: 'CASINO' });
    await giveBonus(platform.database.db, player.id, campaignId, '5.00');
    const url = await launch(game.id, player.token);
    expect((await page(url, '/api/balance', {})).balance).toBe('15.00');
    await expectBooksBalanced(platform.database.db);
  });
});
