import type { Kysely } from 'kysely';
import * as v from 'valibot';
import { CAMPAIGN_STATUSES, conversionCents, depositTriggers, percentageOfCents, wageringRequirementCents, type BonusType, type TriggerEvent } from '../../machines/lib/bonuses';
import { DAY_MS } from '../../machines/lib/constants';
import { BONUS_VERTICALS, marketOfCountry, type BonusVertical } from '../../machines/lib/wallet';
import type { Database } from '../db/schema';
import { ERROR_CODES, HttpError } from '../http/errors';
import {
  activeAssignment,
  activeCashbackPlayers,
  claimedCampaignIds,
  depositSelection,
  endAssignment,
  expiredAssignments,
  findAssignmentByKey,
  findCampaign,
  findQueuedByKey,
  insertDepositSelection,
  insertAssignment,
  insertCashbackRun,
  insertFreeSpins,
  insertQueued,
  markQueuedCredited,
  nextQueued,
  runningCampaigns,
  activationsOf,
  setManualClaimSetting,
  updateCampaign,
  type AssignmentRow,
  type QueuedRow,
} from '../repositories/bonuses';
import { depositCount } from '../repositories/deposits';
import { gameResultBetween } from '../repositories/limits';
import { gamesResultBetween, lastCashbackRunEnd } from '../repositories/bonus-cashback';
import { findPlayerById } from '../repositories/players';
import { inTransaction } from '../repositories/transaction';
import { accessDetailsFor } from './account-status';
import {
  amountIn,
  campaignOf,
  expiryOf,
  holdable,
  isDepositTrigger,
  isRunning,
  marketAllows,
  paysIn,
  playerBonusRefusal,
  type Campaign,
} from './bonuses-campaigns';
import { BONUS_FUNDING_ACCOUNT, bonusAccount, fromCents, lockWallet, playerAccount, playerBalances, postOnWallet, recordHistory, toCents, type LockedWallet } from './ledger';
import type { Player } from './players';
import { bonusRulesFor, createSettingsStore, type PlatformSettings, type SettingsStore } from './settings';

// The bonus engine (issue 24; product.md §3 "Bonuses and rewards", "Wallet"; behaviour.md §4
// "Bonuses and rewards", §5, §6, §8 "Bonus"). The player's calls are server/services/bonuses-player.ts;
// the SQL is server/repositories/bonuses.ts; the shared rules machines/lib/bonuses.ts.
//
// Money: a bonus is credited as a ledger transaction BONUS_CREDIT from the operator's bonus account
// (ledger.ts BONUS_FUNDING_ACCOUNT) into `player:<id>:BONUS:<vertical>`, with a history row of
// category BONUS; a forfeit or an expiry moves what is left back (BONUS_FORFEIT, history FORFEIT);
// at 100 % wagering the bonus converts (BONUS_CONVERSION: non-sticky, all of it to MAIN; sticky,
// only its winnings, the bonus amount back to the operator). Every posting goes through postOnWallet
// under the wallet's lock, zero-sum, never below zero, once per idempotency key. The history rows are
// of category BONUS (types DEPOSIT for a credit or a conversion, FORFEIT for a removal), never
// PAYMENT: the deposit limits count the player's own deposits only, and the loss limits BET and WIN,
// so no bonus ever raises a limit's room.
//
// One ACTIVATED assignment per player and wallet vertical (machines/lib/bonuses.ts walletVerticalOf;
// the database's unique partial index stands behind it): a second bonus there is refused (409
// error.bonus.active.already.exists, or .triggered. when the active one was triggered) or, for a
// triggered credit and a claim the player asked to queue, queued (bonus_queued) and credited when the
// active one ends (forfeit, expiry, conversion).
//
// The wagering on bets: the seamless game wallet's bets, wins, rollbacks and free-spin rounds move
// bonus money and advance the wagering in server/services/bonus-wagering.ts (the one wagering step),
// which ends assignments through this engine (endWithForfeit, convertAssignment, creditNextQueued).

export interface BonusDeps {
  db: Kysely<Database>;
  clock: () => Date;
  settings: Pick<SettingsStore, 'read'>;
}

/**
 * This platform runs one brand: a multibrand account is never suspended (as server/services/cashier.ts
 * says); the seam a multibrand operator fills.
 */
export const multibrandSuspended: (player: Player) => boolean = () => false;

/** Why bonuses are refused to this player now (responsible gambling, access, the market), or null. */
export function bonusRefusal(player: Player, settings: Pick<PlatformSettings, 'bonusRules'>): 'access' | 'market' | null {
  return playerBonusRefusal(player, accessDetailsFor(player).bonuses, multibrandSuspended(player), bonusRulesFor(settings, marketOfCountry(player.country_code)));
}

export function notAllowed(): HttpError {
  return new HttpError(409, ERROR_CODES.notAllowed, 'Bonuses are not available to this account now.');
}

/** May this player be given this campaign now (running, the market's rules, the currency)? */
export async function campaignAllowedFor(db: Kysely<Database>, player: Player, campaign: Campaign, settings: PlatformSettings, now: Date): Promise<boolean> {
  if (!isRunning(campaign, now) || bonusRefusal(player, settings) !== null) return false;
  const market = marketOfCountry(player.country_code);
  const rules = bonusRulesFor(settings, market);
  const everGiven = rules.firstPlayOnly ? (await claimedCampaignIds(db, player.id)).size > 0 : false;
  return marketAllows(campaign, market, rules, everGiven) && paysIn(campaign, player.currency_code);
}

// ------------------------------------------------------------------------------ credit

export type CreditOutcome = { outcome: 'ACTIVATED'; assignment: AssignmentRow } | { outcome: 'QUEUED'; queued: QueuedRow };

/** 409 for a second bonus in a wallet vertical: the triggered variant when the active one was triggered. */
async function activeExists(db: Kysely<Database>, active: AssignmentRow): Promise<HttpError> {
  const campaign = await findCampaign(db, active.campaign_id);
  const triggered = campaign?.category === 'TRIGGERED';
  return new HttpError(
    409,
    triggered ? ERROR_CODES.activeTriggeredAlreadyExists : ERROR_CODES.activeAlreadyExists,
    `An active bonus in the ${active.wallet_vertical} vertical exists already; forfeit it first.`,
  );
}

/**
 * Gives a campaign's bonus of `cents` to the wallet's player, once per `creditKey` (a retry answers
 * what the first call made): ACTIVATED and credited when the wallet vertical has no active bonus;
 * otherwise queued (`whenActive: 'queue'`) or refused with 409. Runs in the caller's transaction with
 * the wallet locked.
 */
export async function creditCampaign(
  trx: Kysely<Database>,
  wallet: LockedWallet,
  campaign: Campaign,
  input: { creditKey: string; cents: bigint; now: Date; whenActive: 'queue' | 'refuse' },
): Promise<CreditOutcome> {
  const existing = await findAssignmentByKey(trx, input.creditKey);
  if (existing) return { outcome: 'ACTIVATED', assignment: existing };
  const queued = await findQueuedByKey(trx, input.creditKey);
  if (queued) return { outcome: 'QUEUED', queued };
  const cents = holdable(input.cents, wallet.currency);
  const active = await activeAssignment(trx, wallet.playerId, campaign.walletVertical);
  if (active) {
    if (input.whenActive === 'refuse') throw await activeExists(trx, active);
    const row = await insertQueued(trx, {
      player_id: wallet.playerId,
      campaign_id: campaign.id,
      wallet_vertical: campaign.walletVertical,
      currency: wallet.currency,
      amount: fromCents(cents),
      credit_key: input.creditKey,
      created_at: input.now,
    });
    return { outcome: 'QUEUED', queued: row };
  }
  return { outcome: 'ACTIVATED', assignment: await activate(trx, wallet, campaign, input.creditKey, cents, input.now) };
}

async function activate(trx: Kysely<Database>, wallet: LockedWallet, campaign: Campaign, creditKey: string, cents: bigint, now: Date): Promise<AssignmentRow> {
  const assignment = await insertAssignment(trx, {
    player_id: wallet.playerId,
    campaign_id: campaign.id,
    vertical: campaign.vertical,
    wallet_vertical: campaign.walletVertical,
    state: 'ACTIVATED',
    currency: wallet.currency,
    amount: fromCents(cents),
    wagering_amount: fromCents(wageringRequirementCents(cents, campaign.wrMultiplier)),
    credit_key: creditKey,
    started_at: now,
    expires_at: expiryOf(campaign, now),
  });
  if (campaign.freeSpinGames !== null) await insertFreeSpins(trx, assignment.id, campaign.freeSpinGames);
  if (cents > 0n) {
    const before = await playerBalances(trx, wallet.playerId, wallet.currency);
    const history = await recordHistory(trx, wallet, { category: 'BONUS', type: 'DEPOSIT', status: 'SUCCESS', amount: cents, balanceAfter: before.MAIN, at: now });
    await postOnWallet(
      trx,
      wallet,
      {
        idempotencyKey: `bonus:credit:${String(assignment.id)}`,
        kind: 'BONUS_CREDIT',
        cents,
        entries: [
          { account: bonusAccount(wallet.playerId, campaign.walletVertical), cents },
          { account: BONUS_FUNDING_ACCOUNT, cents: -cents },
        ],
        reference: `${campaign.id}:${String(assignment.id)}`,
        walletTransactionId: history.id,
      },
      before,
    );
    // Nothing to wager (a cashback paid as cash, wrMultiplier 0): it converts at once.
    if (toCents(assignment.wagering_amount) === 0n && campaign.freeSpinGames === null) {
      return (await convertAssignment(trx, wallet, assignment, campaign.bonusType, now)) ?? assignment;
    }
  }
  return assignment;
}

// ------------------------------------------------------------------------------ ending

/**
 * Ends an active assignment and removes what is left of its bonus (forfeit, expiry, a withdrawal):
 * BONUS_FORFEIT from its BONUS account to the operator's; then credits the vertical's next queued
 * bonus. Undefined when it was not active any more. Runs with the wallet locked.
 */
export async function endWithForfeit(
  trx: Kysely<Database>,
  wallet: LockedWallet,
  assignment: AssignmentRow,
  reason: 'FORFEITED' | 'EXPIRED' | 'WITHDRAWAL',
  now: Date,
): Promise<{ ended: AssignmentRow; removedCents: bigint; credited: QueuedRow | null } | undefined> {
  const ended = await endAssignment(trx, assignment.id, { state: 'FORFEITED', endReason: reason, at: now });
  if (!ended) return undefined;
  const vertical = assignment.wallet_vertical as BonusVertical;
  const before = await playerBalances(trx, wallet.playerId, wallet.currency);
  const removedCents = before.BONUS[vertical];
  if (removedCents > 0n) {
    const history = await recordHistory(trx, wallet, { category: 'BONUS', type: 'FORFEIT', status: 'SUCCESS', amount: -removedCents, balanceAfter: before.MAIN, at: now });
    await postOnWallet(
      trx,
      wallet,
      {
        idempotencyKey: `bonus:forfeit:${String(assignment.id)}`,
        kind: 'BONUS_FORFEIT',
        cents: removedCents,
        entries: [
          { account: bonusAccount(wallet.playerId, vertical), cents: -removedCents },
          { account: BONUS_FUNDING_ACCOUNT, cents: removedCents },
        ],
        reference: `${assignment.campaign_id}:${String(assignment.id)}`,
        walletTransactionId: history.id,
      },
      before,
    );
  }
  return { ended, removedCents, credited: await creditNextQueued(trx, wallet, vertical, now) };
}

/**
 * Converts an assignment whose wagering is complete (machines/lib/bonuses.ts conversionCents): one
 * BONUS_CONVERSION posting moves its BONUS account's balance to MAIN (non-sticky) or only the winnings
 * above the bonus amount (sticky, the rest back to the operator); the assignment is COMPLETED and the
 * vertical's next queued bonus credited. The one conversion: the game wallet's bet calls it at 100 %
 * (server/services/bonus-wagering.ts), and its posting's key makes it happen once.
 */
export async function convertAssignment(trx: Kysely<Database>, wallet: LockedWallet, assignment: AssignmentRow, bonusType: BonusType, now: Date): Promise<AssignmentRow | undefined> {
  const ended = await endAssignment(trx, assignment.id, { state: 'COMPLETED', endReason: 'CONVERTED', at: now });
  if (!ended) return undefined;
  const vertical = assignment.wallet_vertical as BonusVertical;
  const before = await playerBalances(trx, wallet.playerId, wallet.currency);
  const balance = before.BONUS[vertical];
  const { toMain, removed } = conversionCents(bonusType, balance, toCents(assignment.amount));
  if (balance > 0n) {
    const entries = [{ account: bonusAccount(wallet.playerId, vertical), cents: -balance }];
    if (toMain > 0n) entries.push({ account: playerAccount(wallet.playerId), cents: toMain });
    if (removed > 0n) entries.push({ account: BONUS_FUNDING_ACCOUNT, cents: removed });
    // The player's history: the cash the conversion paid, or (a sticky bonus without winnings) the bonus that ended.
    const history = await recordHistory(
      trx,
      wallet,
      toMain > 0n
        ? { category: 'BONUS', type: 'DEPOSIT', status: 'SUCCESS', amount: toMain, balanceAfter: before.MAIN + toMain, at: now }
        : { category: 'BONUS', type: 'FORFEIT', status: 'SUCCESS', amount: -balance, balanceAfter: before.MAIN, at: now },
    );
    await postOnWallet(
      trx,
      wallet,
      {
        idempotencyKey: `bonus:conversion:${String(assignment.id)}`,
        kind: 'BONUS_CONVERSION',
        cents: balance,
        entries,
        reference: `${assignment.campaign_id}:${String(assignment.id)}`,
        walletTransactionId: history.id,
      },
      before,
    );
  }
  await creditNextQueued(trx, wallet, vertical, now);
  return ended;
}

/** Credits the vertical's oldest queued bonus (isCredited) when the vertical has no active one. */
export async function creditNextQueued(trx: Kysely<Database>, wallet: LockedWallet, vertical: BonusVertical, now: Date): Promise<QueuedRow | null> {
  if (await activeAssignment(trx, wallet.playerId, vertical)) return null;
  const queued = await nextQueued(trx, wallet.playerId, vertical);
  if (!queued) return null;
  const campaignRow = await findCampaign(trx, queued.campaign_id);
  if (!campaignRow) return null;
  const assignment = await activate(trx, wallet, campaignOf(campaignRow), `queued:${String(queued.id)}`, toCents(queued.amount), now);
  return (await markQueuedCredited(trx, queued.id, assignment.id, now)) ?? null;
}

/**
 * A withdrawal request forfeits the player's active bonuses (the bonus terms; the withdraw screen
 * warns with the amount before the player sends it, product.md §2 the withdrawal-forfeit warning):
 * each vertical's active assignment ends FORFEITED with reason WITHDRAWAL and its bonus money goes
 * back to the operator. Inside the withdrawal's transaction, with the wallet locked, after the
 * withdrawal is posted (a refused withdrawal forfeits nothing). Answers the bonus money removed.
 */
export async function forfeitOnWithdrawal(trx: Kysely<Database>, wallet: LockedWallet, now: Date): Promise<bigint> {
  let removed = 0n;
  for (const vertical of BONUS_VERTICALS) {
    const assignment = await activeAssignment(trx, wallet.playerId, vertical);
    if (!assignment) continue;
    const ended = await endWithForfeit(trx, wallet, assignment, 'WITHDRAWAL', now);
    if (ended) removed += ended.removedCents;
  }
  return removed;
}

/**
 * Expires the active assignments past their expiresAt (of one player, or of all): each forfeits what
 * is left (reason EXPIRED). Run at read time (the player's lists) and by the clock the tests drive.
 */
export async function expireAssignments(deps: Pick<BonusDeps, 'db' | 'clock'>, playerId?: number): Promise<number> {
  const now = deps.clock();
  let expired = 0;
  for (const assignment of await expiredAssignments(deps.db, now, playerId)) {
    await inTransaction(deps.db, async (trx) => {
      const wallet = await lockWallet(trx, assignment.player_id);
      if (!wallet) return;
      if (await endWithForfeit(trx, wallet, assignment, 'EXPIRED', now)) expired += 1;
    });
  }
  return expired;
}

// ------------------------------------------------------------------------------ triggers

/**
 * Registration (server/services/registration.ts finishRegistration, in its transaction): a bonus
 * code given at sign-up (players.bonus_code, behaviour.md §4 "The bonus code from the bonusCode query
 * parameter is read at sign-up") whose running campaign is a REGISTRATION or MANUAL_BONUS_CODE one is
 * claimed for the new player, when the player and the market allow it. Registration campaigns without
 * a code are offered (ELIGIBLE) for their timeframe after the registration instead of credited
 * unasked. Answers what was credited, or null.
 */
export async function onRegistered(trx: Kysely<Database>, player: Player, now: Date): Promise<CreditOutcome | null> {
  if (player.bonus_code === null || player.bonus_code.trim() === '') return null;
  const settings = await createSettingsStore(trx).read();
  const code = player.bonus_code.trim().toUpperCase();
  const campaign = (await runningCampaigns(trx, now)).map(campaignOf).find((candidate) => candidate.bonusCode === code);
  if (!campaign || (campaign.triggerEvent !== 'REGISTRATION' && campaign.triggerEvent !== 'MANUAL_BONUS_CODE')) return null;
  if (!(await campaignAllowedFor(trx, player, campaign, settings, now))) return null;
  const wallet = await lockWallet(trx, player.id);
  if (!wallet) return null;
  const cents = amountIn(campaign.bonusAmounts, wallet.currency) ?? 0n;
  if (cents === 0n && campaign.freeSpinGames === null) return null;
  return creditCampaign(trx, wallet, campaign, { creditKey: `registration:${String(player.id)}:${campaign.id}`, cents, now, whenActive: 'queue' });
}

/** The bonus of a deposit campaign for a deposit of `depositCents`: a fixed amount, or a percentage up to its maximum. */
export function depositBonusCents(campaign: Campaign, depositCents: bigint, currency: string): bigint {
  if (campaign.bonusPercentage !== null) return percentageOfCents(depositCents, campaign.bonusPercentage, amountIn(campaign.maxBonusAmounts, currency));
  return amountIn(campaign.bonusAmounts, currency) ?? 0n;
}

/**
 * A deposit settled (server/services/cashier.ts settleDeposit, in its transaction, the wallet locked):
 * the deposit's number fires FIRST..FIFTH_DEPOSIT and NEXT_DEPOSIT (machines/lib/bonuses.ts
 * depositTriggers). Credited: the campaign the player chose with the deposit (selectedBonusId), when
 * its trigger is one of these; and every OPT_IN campaign the player opted in to with such a trigger.
 * A deposit bonus is the player's choice, never credited unasked (docs/SPEC-READINGS.md). A second
 * bonus in a vertical with an active one is queued. Responsible gambling and the market first.
 */
export async function onDepositSettled(trx: Kysely<Database>, input: { playerId: number; depositId: string; cents: bigint; now: Date }): Promise<CreditOutcome[]> {
  const player = await findPlayerById(trx, input.playerId);
  if (!player) return [];
  const settings = await createSettingsStore(trx).read();
  if (bonusRefusal(player, settings) !== null) return [];
  const wallet = await lockWallet(trx, input.playerId);
  if (!wallet) return [];
  const triggers = depositTriggers(await depositCount(trx, input.playerId));
  const selected = await depositSelection(trx, input.depositId);
  const optedIn = new Set((await activationsOf(trx, input.playerId)).filter((row) => row.kind === 'OPT_IN' && row.active).map((row) => row.campaignId));
  const claimed = await claimedCampaignIds(trx, input.playerId);
  const outcomes: CreditOutcome[] = [];
  for (const campaign of (await runningCampaigns(trx, input.now)).map(campaignOf)) {
    if (campaign.triggerEvent === null || !triggers.includes(campaign.triggerEvent)) continue;
    const chosen = campaign.id === selected || (campaign.category === 'OPT_IN' && optedIn.has(campaign.id));
    if (!chosen) continue;
    if (campaign.triggerEvent !== 'NEXT_DEPOSIT' && claimed.has(campaign.id)) continue;
    if (!(await campaignAllowedFor(trx, player, campaign, settings, input.now))) continue;
    const cents = depositBonusCents(campaign, input.cents, wallet.currency);
    if (cents <= 0n && campaign.freeSpinGames === null) continue;
    outcomes.push(await creditCampaign(trx, wallet, campaign, { creditKey: `deposit:${input.depositId}:${campaign.id}`, cents, now: input.now, whenActive: 'queue' }));
  }
  return outcomes;
}

/**
 * The last whole cashback period before `now`: a UTC day (CASHBACK_DAILY, and CASHBACK_BOOSTER, a
 * daily cashback whose booster games count more), an ISO week from Monday 00:00 UTC
 * (CASHBACK_WEEKLY), or the campaign's timeframe of hours counted from the Unix epoch
 * (CASHBACK_TIMEFRAME: 72 h periods one after another); null for the instant cashback (its period
 * runs from its last payment to now: settleCashback) and the other triggers.
 */
export function cashbackPeriod(trigger: TriggerEvent | null, timeframeHours: number | null, now: Date): { start: Date; end: Date } | null {
  const day = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  switch (trigger) {
    case 'CASHBACK_DAILY':
    case 'CASHBACK_BOOSTER':
      return { start: new Date(day - DAY_MS), end: new Date(day) };
    case 'CASHBACK_WEEKLY': {
      const monday = day - ((new Date(day).getUTCDay() + 6) % 7) * DAY_MS;
      return { start: new Date(monday - 7 * DAY_MS), end: new Date(monday) };
    }
    case 'CASHBACK_TIMEFRAME': {
      if (timeframeHours === null) return null;
      const length = timeframeHours * 3_600_000;
      const end = Math.floor(now.getTime() / length) * length;
      return { start: new Date(end - length), end: new Date(end) };
    }
    default:
      return null;
  }
}

/**
 * The net loss a cashback pays back on, between two times (0 when the player is up): the cash result
 * of the player's game rounds (the history's BET and WIN rows), the booster's games counted
 * `boosterMultiplier` times (CASHBACK_BOOSTER). The settlement and the running period's progress
 * (server/services/bonuses-calls.ts) both count with it.
 */
export async function cashbackLossBetween(db: Kysely<Database>, playerId: number, campaign: Campaign, from: Date, to: Date): Promise<bigint> {
  if (from >= to) return 0n;
  const result = await gameResultBetween(db, playerId, from, to);
  const boost = campaign.triggerEvent === 'CASHBACK_BOOSTER' && campaign.boosterMultiplier !== null && campaign.boosterMultiplier > 1 ? campaign.boosterMultiplier : null;
  const boosted = boost === null ? 0n : ((await gamesResultBetween(db, playerId, campaign.boosterGames, from, to)) * BigInt(Math.round((boost - 1) * 100))) / 100n;
  return result + boosted < 0n ? -(result + boosted) : 0n;
}

/**
 * The cashback (CASHBACK_DAILY, _WEEKLY, _TIMEFRAME, _BOOSTER, _INSTANT): for each player with the
 * cashback activated, a period is settled once: its net loss from game rounds (wins minus stakes, the
 * history's BET and WIN rows: the cash part), times the campaign's percentage up to its maximum,
 * credited as a bonus (queued when the vertical has an active one). The daily, weekly, time-frame and
 * booster cashback settle the last whole period before `now` (from the activation when it began
 * inside it); the booster's games count `boosterMultiplier` times (a loss there weighs double at 2).
 * The instant cashback settles from its last payment (or the activation) to now, whenever there is a
 * net loss to pay back: at once, at the player's next look, not at the end of a day. A player
 * bonuses are refused to gets nothing for that period. Run by the clock the tests drive (deps.clock)
 * and at read time for the player (`playerId`).
 */
export async function settleCashback(deps: BonusDeps, playerId?: number): Promise<number> {
  return (await settleCashbackCredits(deps, playerId)).length;
}

/** settleCashback's credits (each credited or queued once): which player and campaign, how much. */
export async function settleCashbackCredits(deps: BonusDeps, playerId?: number): Promise<{ playerId: number; campaignId: string; cents: bigint }[]> {
  const now = deps.clock();
  const settings = await deps.settings.read();
  const credited: { playerId: number; campaignId: string; cents: bigint }[] = [];
  for (const campaign of (await runningCampaigns(deps.db, now)).map(campaignOf)) {
    if (campaign.cashbackInfo === null) continue;
    const instant = campaign.triggerEvent === 'CASHBACK_INSTANT';
    const period = instant ? { start: new Date(0), end: now } : cashbackPeriod(campaign.triggerEvent, campaign.timeframeHours, now);
    if (period === null) continue;
    for (const activation of await activeCashbackPlayers(deps.db, campaign.id, playerId)) {
      const periodStart = instant ? ((await lastCashbackRunEnd(deps.db, activation.playerId, campaign.id)) ?? activation.activatedAt) : period.start;
      const periodEnd = period.end;
      if (activation.activatedAt >= periodEnd || periodStart >= periodEnd) continue;
      const player = await findPlayerById(deps.db, activation.playerId);
      if (!player) continue;
      const allowed = await campaignAllowedFor(deps.db, player, campaign, settings, now);
      const from = activation.activatedAt > periodStart ? activation.activatedAt : periodStart;
      const loss = await cashbackLossBetween(deps.db, player.id, campaign, from, periodEnd);
      // The instant cashback keeps its period open until there is a loss to pay back.
      if (instant && loss === 0n) continue;
      const cents = allowed ? holdable(percentageOfCents(loss, campaign.cashbackInfo.percentage, amountIn(campaign.cashbackInfo.maxAmounts, player.currency_code)), player.currency_code) : 0n;
      await inTransaction(deps.db, async (trx) => {
        const wallet = await lockWallet(trx, player.id);
        if (!wallet) return;
        const first = await insertCashbackRun(trx, {
          playerId: player.id,
          campaignId: campaign.id,
          periodStart,
          periodEnd,
          loss: fromCents(loss),
          amount: fromCents(cents),
          at: now,
        });
        if (!first || cents <= 0n) return;
        await creditCampaign(trx, wallet, campaign, {
          creditKey: `cashback:${String(player.id)}:${campaign.id}:${periodStart.toISOString()}`,
          cents,
          now,
          whenActive: 'queue',
        });
        credited.push({ playerId: player.id, campaignId: campaign.id, cents });
      });
    }
  }
  return credited;
}

/**
 * The deposit request's selectedBonusId (server/services/cashier.ts requestDeposit, in its
 * transaction): kept with the deposit when it names a running deposit campaign; settleDeposit's
 * trigger credits it (server/services/bonuses.ts onDepositSettled). Another id is ignored: the
 * deposit goes on without a bonus (the bonus is never a reason to refuse a deposit).
 */
export async function selectDepositBonus(trx: Kysely<Database>, input: { depositId: string; playerId: number; campaignId: string | undefined; now: Date }): Promise<boolean> {
  if (input.campaignId === undefined) return false;
  const row = await findCampaign(trx, input.campaignId);
  if (!row) return false;
  const campaign = campaignOf(row);
  if (!isRunning(campaign, input.now) || !isDepositTrigger(campaign.triggerEvent)) return false;
  await insertDepositSelection(trx, { depositId: input.depositId, playerId: input.playerId, campaignId: campaign.id, at: input.now });
  return true;
}

/**
 * The operator's word on one player's manual-claim permission (behaviour.md §6; `bonus_player_settings`):
 * it overrides the market's default (server/domain/settings.ts MARKET_BONUS_RULES `manualClaim`).
 */
export async function setManualClaimPermission(db: Kysely<Database>, playerId: number, allowed: boolean, now: Date): Promise<void> {
  await setManualClaimSetting(db, playerId, allowed, now);
}

/**
 * An operator's edit of a campaign (issue 24: "editable by an operator", as the market rules are
 * through the settings store's update): its status (a DRAFT switched ACTIVE, an ACTIVE one CANCELED),
 * its window, wagering multiplier, expiry and fixed amounts. The seed never overwrites an edit
 * (insertCampaignIfMissing). An edit that would leave the campaign unreadable is refused whole.
 */
export const campaignEditSchema = v.strictObject({
  status: v.optional(v.picklist(CAMPAIGN_STATUSES.filter((status) => status !== 'ALL'))),
  startsAt: v.optional(v.nullable(v.date())),
  endsAt: v.optional(v.nullable(v.date())),
  wrMultiplier: v.optional(v.pipe(v.number(), v.minValue(0), v.maxValue(100))),
  expiryDays: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(365))),
  bonusAmounts: v.optional(v.record(v.pipe(v.string(), v.regex(/^[A-Z]{3}$/)), v.pipe(v.string(), v.regex(/^\d{1,12}(\.\d{1,2})?$/)))),
});
export type CampaignEdit = v.InferInput<typeof campaignEditSchema>;

export async function editCampaign(db: Kysely<Database>, id: string, edit: CampaignEdit, now: Date): Promise<Campaign> {
  const parsed = v.safeParse(campaignEditSchema, edit);
  if (!parsed.success) throw new HttpError(400, ERROR_CODES.requestInvalid, 'The campaign edit is not valid.');
  const change = parsed.output;
  return inTransaction(db, async (trx) => {
    const row = await updateCampaign(trx, id, {
      ...(change.status !== undefined ? { status: change.status } : {}),
      ...(change.startsAt !== undefined ? { starts_at: change.startsAt } : {}),
      ...(change.endsAt !== undefined ? { ends_at: change.endsAt } : {}),
      ...(change.wrMultiplier !== undefined ? { wr_multiplier: String(change.wrMultiplier) } : {}),
      ...(change.expiryDays !== undefined ? { expiry_days: change.expiryDays } : {}),
      ...(change.bonusAmounts !== undefined ? { bonus_amounts: JSON.stringify(change.bonusAmounts) } : {}),
      updated_at: now,
    });
    if (!row) throw new HttpError(404, ERROR_CODES.campaignNotFound, 'No campaign has this id.');
    // The window as it stands after the edit (an edit may move one end only): refused, rolled back.
    if (row.starts_at !== null && row.ends_at !== null && new Date(row.ends_at) <= new Date(row.starts_at)) {
      throw new HttpError(400, ERROR_CODES.requestInvalid, 'A campaign ends after it starts.');
    }
    // Read back as the engine reads it: an edit that leaves it unreadable is rolled back.
    try {
      return campaignOf(row);
    } catch {
      throw new HttpError(400, ERROR_CODES.requestInvalid, 'The campaign edit leaves the campaign unreadable.');
    }
  });
}
