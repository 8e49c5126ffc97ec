import type { Kysely } from 'kysely';
import {
  LIMIT_DURATIONS,
  LIMIT_ERROR_CODES,
  LIMIT_KINDS,
  LIMIT_MAX_AMOUNT,
  LIMIT_MIN_AMOUNT,
  changeTakesEffectAtOnce,
  consistencyProblem,
  limitWarning,
  limitWindow,
  pendingChangeDate,
  type LimitDuration,
  type LimitKind,
  type LimitProblem,
  type LimitWindow,
  type MarketRgRules,
} from '../../machines/lib/responsibleGambling';
import { CASHIER_LIMITS, cashierCurrency, formatMoney, marketOfCountry, parseMoney, type Currency } from '../../machines/lib/wallet';
import type { Limit, LimitsResponse, LimitWarning, limitPatchSchema } from '../../src/api/responsibleGambling';
import type * as v from 'valibot';
import type { Database } from '../db/schema';
import { ERROR_CODES, HttpError } from '../http/errors';
import { FIELD_CODES, validationError } from '../http/validation';
import { lockWallet, type LockedWallet } from './ledger';
import type { Player } from './players';
import { rgRulesFor, type PlatformSettings, type SettingsStore } from './settings';
import {
  applyDueLimitChanges,
  depositedBetween,
  gameResultBetween,
  playerLimitRows,
  saveLimit,
  type LimitValues,
  type PlayerLimitRow,
} from '../repositories/limits';
import { chosenInterval } from '../repositories/activity';
import { inTransaction } from '../repositories/transaction';
import { currentPlayer } from './account';
import { walletNotFound } from './wallet';

// Deposit and spend (loss) limits (issue 13; product.md §3 "Responsible gambling"; behaviour.md §4
// "Gambling limits and responsible gambling", §5 deposit limit errors, §7; the contract is
// src/api/responsibleGambling.ts, the shared rules machines/lib/responsibleGambling.ts). The
// platform decides, not the screen:
//
// - a decrease, or a first limit, applies at once and drops a pending change; an increase or a
//   removal waits for the market's cooling-off (24 h: UKGC RTS 12, AGCO, GLI-19; Sweden 72 h and
//   not before the current period ends, SIFS 2018:5) and is applied by the first reader after its
//   date, in that reader's transaction (server/repositories/limits.ts applyDueLimitChanges);
// - a deposit past what a deposit limit has left, or any deposit while a spend limit is used up,
//   is refused with SELF_LIMIT_REACHED by one rule (depositLimitRule) that every deposit path runs
//   under the wallet lock (the cashier, pay and play; issue 20); a real-money bet that would
//   take the period's loss past a spend limit is refused (server/services/game-wallet.ts);
// - a market that requires limits (rules.requiredDepositLimit, rules.limitsAtRegistration
//   'required') refuses deposits and real-money play until they are set (cashier, game launch).
//
// `used` of a deposit limit: the player's deposits of the period by every path, waiting for the
// provider or paid (a declined one frees its share again), read from the wallet's history. `used` of a spend limit: bets minus wins of the
// period, at least 0 (a voided bet does not count).

export interface LimitsDeps {
  db: Kysely<Database>;
  clock: () => Date;
  settings: Pick<SettingsStore, 'read'>;
}

/** A limit of one period as the rules read it: stored values, the current period and what it used. */
interface LimitState extends LimitValues {
  kind: LimitKind;
  duration: LimitDuration;
  /** The period containing now; null without a limit in force. */
  window: LimitWindow | null;
  /** Used in the current period, in cents, at least 0. */
  usedCents: bigint;
  /** The spend limit's bets minus wins of the period (may be negative: the player is ahead); 0 for deposits. */
  netLossCents: bigint;
}

type LimitSet = Readonly<Record<LimitDuration, LimitState>>;
type PlayerLimits = Readonly<Record<LimitKind, LimitSet>>;

const NO_LIMIT: LimitValues = { valueCents: null, startedAt: null, updatedAt: null, pendingValueCents: null, pendingDelete: false, pendingDate: null };

function valuesOf(row: PlayerLimitRow | undefined): LimitValues {
  if (!row) return NO_LIMIT;
  return {
    valueCents: row.value_cents,
    startedAt: row.started_at,
    updatedAt: row.updated_at,
    pendingValueCents: row.pending_value_cents,
    pendingDelete: row.pending_delete,
    pendingDate: row.pending_date,
  };
}

/** The stored part of a state (what saveLimit writes). */
function storedValues(state: LimitState): LimitValues {
  const { valueCents, startedAt, updatedAt, pendingValueCents, pendingDelete, pendingDate } = state;
  return { valueCents, startedAt, updatedAt, pendingValueCents, pendingDelete, pendingDate };
}

async function stateOf(trx: Kysely<Database>, playerId: number, kind: LimitKind, duration: LimitDuration, values: LimitValues, now: Date): Promise<LimitState> {
  const window = values.valueCents !== null && values.startedAt !== null ? limitWindow(values.startedAt, duration, now) : null;
  if (window === null) return { ...values, kind, duration, window, usedCents: 0n, netLossCents: 0n };
  if (kind === 'deposit') {
    const deposited = await depositedBetween(trx, playerId, window.start, window.end);
    return { ...values, kind, duration, window, usedCents: deposited, netLossCents: 0n };
  }
  const netLoss = -(await gameResultBetween(trx, playerId, window.start, window.end));
  return { ...values, kind, duration, window, usedCents: netLoss > 0n ? netLoss : 0n, netLossCents: netLoss };
}

/**
 * The player's limits of the given kinds as they stand at `now`, the pending changes that are due
 * applied first. Runs inside the caller's transaction (`trx`), so what it read and applied holds
 * for the rest of it.
 */
async function readLimits(trx: Kysely<Database>, playerId: number, now: Date, kinds: readonly LimitKind[] = LIMIT_KINDS): Promise<PlayerLimits> {
  await applyDueLimitChanges(trx, playerId, now);
  const rows = await playerLimitRows(trx, playerId, kinds.length === 1 ? kinds[0] : undefined);
  const setOf = async (kind: LimitKind): Promise<LimitSet> => {
    const states: Partial<Record<LimitDuration, LimitState>> = {};
    // One query after the other: they share the transaction's connection.
    for (const duration of LIMIT_DURATIONS) {
      states[duration] = kinds.includes(kind)
        ? await stateOf(trx, playerId, kind, duration, valuesOf(rows.find((row) => row.kind === kind && row.duration === duration)), now)
        : { ...NO_LIMIT, kind, duration, window: null, usedCents: 0n, netLossCents: 0n };
    }
    const { D, W, M } = states;
    if (!D || !W || !M) throw new Error('A limit period is missing.');
    return { D, W, M };
  };
  return { deposit: await setOf('deposit'), spend: await setOf('spend') };
}

const remainingOf = (state: LimitState): bigint | null => {
  if (state.valueCents === null) return null;
  const left = BigInt(state.valueCents) - state.usedCents;
  return left > 0n ? left : 0n;
};

const inForce = (set: LimitSet): LimitState[] => LIMIT_DURATIONS.map((duration) => set[duration]).filter((state) => state.valueCents !== null);

/** The player's market's responsible-gambling rules (their country's market, not the site's they browse). */
export function rulesOf(settings: Pick<PlatformSettings, 'marketRules'>, player: Pick<Player, 'country_code'>): MarketRgRules {
  return rgRulesFor(settings, marketOfCountry(player.country_code));
}

/**
 * The periods the market does not let the player remove: its required period, or with 'any' the
 * last deposit limit that stays in force (product.md §3 locked). Spend limits are never required.
 */
function lockedDurations(rules: MarketRgRules, kind: LimitKind, set: LimitSet): ReadonlySet<LimitDuration> {
  const required = rules.requiredDepositLimit;
  if (kind !== 'deposit' || required === null) return new Set();
  if (required !== 'any') return new Set([required]);
  const staying = inForce(set).filter((state) => !state.pendingDelete);
  return new Set(staying.length === 1 ? staying.map((state) => state.duration) : []);
}

/** True when the player has the deposit limit their market requires before a deposit (or none is required). */
function hasRequiredDepositLimit(rules: MarketRgRules, deposit: LimitSet): boolean {
  const required = rules.requiredDepositLimit;
  if (required === null) return true;
  if (required === 'any') return inForce(deposit).length > 0;
  return deposit[required].valueCents !== null;
}

// ------------------------------------------------------------------------------ GET and PATCH

function money(cents: bigint | number, currency: Currency): string {
  return formatMoney(Number(cents), currency);
}

const iso = (date: Date | null): string | null => (date === null ? null : date.toISOString());

function limitOf(state: LimitState, currency: Currency, locked: boolean): Limit {
  const remaining = remainingOf(state);
  return {
    duration: state.duration,
    value: state.valueCents === null ? null : money(state.valueCents, currency),
    used: money(state.usedCents, currency),
    remaining: remaining === null ? null : money(remaining, currency),
    startedAt: iso(state.window?.start ?? null),
    resetAt: iso(state.window?.end ?? null),
    updatedAt: iso(state.updatedAt),
    pendingValue: state.pendingValueCents === null ? null : money(state.pendingValueCents, currency),
    pendingDelete: state.pendingDelete,
    pendingDate: iso(state.pendingDate),
    locked,
    warning: limitWarning(Number(state.usedCents), state.valueCents),
  };
}

function responseOf(set: LimitSet, kind: LimitKind, currency: Currency, rules: MarketRgRules): LimitsResponse {
  const locked = lockedDurations(rules, kind, set);
  return { currency, limits: LIMIT_DURATIONS.map((duration) => limitOf(set[duration], currency, locked.has(duration))) };
}

/** GET /player/deposit-limits and /player/spend-limits: the three periods, always. */
export async function playerLimits(deps: LimitsDeps, playerId: number, kind: LimitKind): Promise<LimitsResponse> {
  const player = await currentPlayer(deps, playerId);
  const rules = rulesOf(await deps.settings.read(), player);
  const currency = cashierCurrency(player.currency_code);
  const limits = await inTransaction(deps.db, (trx) => readLimits(trx, playerId, deps.clock(), [kind]));
  return responseOf(limits[kind], kind, currency, rules);
}

export type LimitPatchInput = v.InferOutput<typeof limitPatchSchema>;

const PROBLEM_STATUS: Readonly<Record<LimitProblem, 400 | 409>> = { interval: 400, tooLow: 400, tooHigh: 400, locked: 409 };
const PROBLEM_MESSAGE: Readonly<Record<LimitProblem, string>> = {
  interval: 'The limit period must be D, W or M.',
  tooLow: 'The limit is lower than allowed for this period.',
  tooHigh: 'The limit is higher than allowed for this period.',
  locked: 'This limit is required in your market and cannot be removed.',
};

/** behaviour.md §5: a limit code, with the period it is about (the app's messages are per period). */
export function limitError(problem: LimitProblem, duration?: LimitDuration): HttpError {
  return new HttpError(
    PROBLEM_STATUS[problem],
    LIMIT_ERROR_CODES[problem],
    PROBLEM_MESSAGE[problem],
    undefined,
    duration === undefined ? undefined : { duration },
  );
}

/** What is wrong with `cents` as the new `duration` limit of `kind`, given the other periods in force; null when nothing is. */
function amountProblem(kind: LimitKind, duration: LimitDuration, cents: number, set: LimitSet, rules: MarketRgRules): LimitProblem | null {
  if (cents < LIMIT_MIN_AMOUNT * 100) return 'tooLow';
  const cap = kind === 'deposit' ? rules.maxDepositLimit[duration] : undefined;
  if (cents > LIMIT_MAX_AMOUNT * 100 || (cap !== undefined && cents > cap * 100)) return 'tooHigh';
  const others = Object.fromEntries(LIMIT_DURATIONS.filter((other) => other !== duration).map((other) => [other, set[other].valueCents]));
  return consistencyProblem(duration, cents, others);
}

/**
 * PATCH /player/deposit-limits and /player/spend-limits: sets, removes or cancels the pending change
 * of one period's limit, by the rules above; answers the three periods after it. The player's wallet
 * is locked for the change, so one player's changes, deposits and bets run one after the other.
 */
export async function changeLimit(deps: LimitsDeps, playerId: number, kind: LimitKind, patch: LimitPatchInput): Promise<LimitsResponse> {
  const player = await currentPlayer(deps, playerId);
  const rules = rulesOf(await deps.settings.read(), player);
  const now = deps.clock();
  const { duration } = patch;
  return inTransaction(deps.db, async (trx) => {
    const wallet = await lockWallet(trx, playerId);
    if (!wallet) throw walletNotFound();
    const currency = wallet.currency;
    const set = (await readLimits(trx, playerId, now, [kind]))[kind];
    const state = set[duration];
    const key = { playerId, kind, duration };
    const current = storedValues(state);
    const periodEnd = state.window?.end ?? null;

    if ('cancelPendingLimit' in patch) {
      if (current.pendingDate !== null) await saveLimit(trx, key, { ...current, pendingValueCents: null, pendingDelete: false, pendingDate: null });
    } else if ('deleteLimit' in patch) {
      // Nothing in force: nothing to remove (a removal of "no limit" is already done).
      if (current.valueCents !== null) {
        if (lockedDurations(rules, kind, set).has(duration)) throw limitError('locked', duration);
        await saveLimit(trx, key, { ...current, pendingValueCents: null, pendingDelete: true, pendingDate: pendingChangeDate(now, rules, periodEnd) });
      }
    } else {
      const cents = parseMoney(patch.limit, currency);
      if (cents === null) throw validationError([{ field: 'limit', code: FIELD_CODES.amount }]);
      const problem = amountProblem(kind, duration, cents, set, rules);
      if (problem !== null) throw limitError(problem, duration);
      if (changeTakesEffectAtOnce(current.valueCents, cents)) {
        await saveLimit(trx, key, {
          valueCents: cents,
          startedAt: current.startedAt ?? now,
          updatedAt: now,
          pendingValueCents: null,
          pendingDelete: false,
          pendingDate: null,
        });
      } else {
        await saveLimit(trx, key, { ...current, pendingValueCents: cents, pendingDelete: false, pendingDate: pendingChangeDate(now, rules, periodEnd) });
      }
    }
    return responseOf((await readLimits(trx, playerId, now, [kind]))[kind], kind, currency, rules);
  });
}

// ------------------------------------------------------------------------------ warnings

/**
 * Issue 13: the limits whose use has reached 80 % of their value (LIMIT_WARNING_RATIO), deposit then
 * spend, daily to monthly, for the activity summary (src/api/responsibleGambling.ts LimitWarning).
 * Runs in `db`'s transaction when it is one, else in its own (a due pending change is applied first).
 */
export async function limitWarningsFor(db: Kysely<Database>, player: Pick<Player, 'id' | 'currency_code'>, now: Date): Promise<LimitWarning[]> {
  const currency = cashierCurrency(player.currency_code);
  const limits = await inTransaction(db, (trx) => readLimits(trx, player.id, now));
  return LIMIT_KINDS.flatMap((kind) =>
    inForce(limits[kind])
      .filter((state) => limitWarning(Number(state.usedCents), state.valueCents))
      .map((state) => ({ kind, duration: state.duration, used: money(state.usedCents, currency), value: money(state.valueCents ?? 0, currency) })),
  );
}

// ------------------------------------------------------------------------------ enforcement

/** A self-imposed limit that stops a deposit (SELF_LIMIT_REACHED), with what the deposit flow shows. */
export interface SelfLimitReached {
  result: 'SELF_LIMIT_REACHED';
  /** What the limit has left now; null when the market's required limit is not set yet. */
  limitLeft: string | null;
  /** product.md §3 limitType; 'loss' is the spend limit (isSpendLimit). */
  limitType: 'deposit' | 'loss';
  /** When the limit's period ends; null when the market's required limit is not set yet. */
  resetOn: string | null;
  /**
   * Issue 21: the limit has reached its warning share of use (limitWarning, 80 %), as GET
   * /player/deposit-limits says of it: the deposit form warns only then, and is capped either way.
   */
  limitWarning: boolean;
}

function reached(state: LimitState, currency: Currency): SelfLimitReached {
  const left = remainingOf(state) ?? 0n;
  return {
    result: 'SELF_LIMIT_REACHED',
    // Less left than the cashier's smallest deposit is no deposit at all: the flow says the limit
    // is reached until its reset, rather than offer a form no amount could pass.
    limitLeft: money(state.kind === 'deposit' && left < BigInt(CASHIER_LIMITS[currency].minDeposit * 100) ? 0n : left, currency),
    limitType: state.kind === 'deposit' ? 'deposit' : 'loss',
    resetOn: iso(state.window?.end ?? null),
    limitWarning: limitWarning(Number(state.usedCents), state.valueCents),
  };
}

/** The limit with the least left; of equals, the one whose period ends last (it holds the player longest). */
function tightest(states: readonly LimitState[]): LimitState | undefined {
  const endOf = (state: LimitState) => state.window?.end.getTime() ?? 0;
  return [...states].sort((a, b) => {
    const left = (remainingOf(a) ?? 0n) - (remainingOf(b) ?? 0n);
    return left !== 0n ? (left < 0n ? -1 : 1) : endOf(b) - endOf(a);
  })[0];
}

/**
 * The deposit rule of the limits (product.md §3 limitLeft, limitType, resetOn; behaviour.md §4
 * "SELF_LIMIT_REACHED: self-limit reached or notify"; machines/deposit.machine.ts):
 *
 * - the market requires a deposit limit the player has not set: reached, limitLeft and resetOn null
 *   (Spelinspektionen: a limit before the first deposit; GlüStV: a monthly limit; Wet Koa);
 * - a deposit (`cents` given) above what the tightest deposit limit has left: reached, with it;
 * - a spend limit used up: reached, limitType 'loss' (product.md §3 isSpendLimit), until its period ends;
 * - the check (`cents` null): a deposit limit with nothing left is reached; one that leaves less than
 *   the cashier's largest deposit answers what is left ("notify": the deposit form is capped to it),
 *   with `limitWarning` saying whether its use has reached the 80 % warning (issue 21: a limit with
 *   nothing used caps the form without telling the player they are close to it).
 */
async function depositVerdict(
  trx: Kysely<Database>,
  player: Pick<Player, 'id' | 'country_code'>,
  currency: Currency,
  cents: bigint | null,
  now: Date,
  settings: Pick<PlatformSettings, 'marketRules'>,
): Promise<SelfLimitReached | null> {
  const rules = rulesOf(settings, player);
  const limits = await readLimits(trx, player.id, now);
  if (!hasRequiredDepositLimit(rules, limits.deposit)) return { result: 'SELF_LIMIT_REACHED', limitLeft: null, limitType: 'deposit', resetOn: null, limitWarning: false };
  const deposit = tightest(inForce(limits.deposit));
  const depositLeft = deposit ? remainingOf(deposit) : null;
  const spent = tightest(inForce(limits.spend).filter((state) => remainingOf(state) === 0n));
  if (cents !== null) {
    if (deposit && depositLeft !== null && cents > depositLeft) return reached(deposit, currency);
    return spent ? reached(spent, currency) : null;
  }
  if (deposit && depositLeft === 0n) return reached(deposit, currency);
  if (spent) return reached(spent, currency);
  if (deposit && depositLeft !== null && depositLeft < BigInt(CASHIER_LIMITS[currency].maxDeposit * 100)) return reached(deposit, currency);
  return null;
}

/**
 * POST deposit/check: what the limits let the player deposit now (no amount yet). A view only: the
 * deposit itself is held to depositLimitRule. Runs in `db`'s transaction or one of its own.
 */
export async function depositLimitCheck(
  db: Kysely<Database>,
  player: Pick<Player, 'id' | 'country_code'>,
  currency: Currency,
  now: Date,
  settings: Pick<PlatformSettings, 'marketRules'>,
): Promise<SelfLimitReached | null> {
  return inTransaction(db, (trx) => depositVerdict(trx, player, currency, null, now, settings));
}

/**
 * Issue 20, the one rule of a deposit's limits: every path by which a player's own money enters
 * their wallet (the cashier's request, pay and play's bank payment, and any later one) calls this
 * with the amount, inside the transaction that holds the player's wallet lock, before it books
 * anything: the deposit limits (what they have left, read from the wallet's deposits of every path,
 * server/repositories/limits.ts depositedBetween), the spend limits and the market's required
 * limits. SELF_LIMIT_REACHED, or null when the deposit may go on. The lock is what makes two
 * deposits of one player, by any paths, see each other: the second reads the first's history row.
 */
export async function depositLimitRule(
  trx: Kysely<Database>,
  wallet: LockedWallet,
  player: Pick<Player, 'id' | 'country_code'>,
  cents: bigint,
  now: Date,
  settings: Pick<PlatformSettings, 'marketRules'>,
): Promise<SelfLimitReached | null> {
  if (wallet.lockedBy !== trx || wallet.playerId !== player.id) throw new Error('depositLimitRule runs in the transaction that holds the player’s wallet lock.');
  return depositVerdict(trx, player, wallet.currency, cents, now, settings);
}

/**
 * A real-money stake the spend (loss) limits do not allow: taken as lost, it would take the
 * period's bets minus wins past a limit (product.md §3 "Limit types: loss"). Runs in the bet's
 * transaction, with the wallet locked. A win or a rollback is never refused: they only lower the loss.
 */
export async function stakePassesSpendLimit(trx: Kysely<Database>, playerId: number, stakeCents: bigint, now: Date): Promise<boolean> {
  const { spend } = await readLimits(trx, playerId, now, ['spend']);
  return inForce(spend).some((state) => state.netLossCents + stakeCents > BigInt(state.valueCents ?? 0));
}

/**
 * LL (Wet Koa): whether the player has set the time limit (the reality-check interval) the market
 * requires before play: an interval they chose themselves (PATCH /player/activity_check/settings)
 * and did not turn off. The default interval every player starts with is not a choice
 * (server/services/activity.ts).
 */
export async function hasRequiredActivityLimit(db: Kysely<Database>, player: Pick<Player, 'id'>): Promise<boolean> {
  const chosen = await chosenInterval(db, player.id);
  return chosen !== undefined && chosen.intervalMinutes !== null;
}

/**
 * The limits the player's market requires before real-money play that the player has not set
 * (rules.limitsAtRegistration 'required': JJ a monthly deposit limit, LL any deposit limit and a
 * time limit): 'deposit:M', 'deposit:any', 'activity'. Empty when play may go on.
 */
export async function missingRequiredLimits(
  db: Kysely<Database>,
  player: Pick<Player, 'id' | 'country_code'>,
  now: Date,
  settings: Pick<PlatformSettings, 'marketRules'>,
): Promise<string[]> {
  const rules = rulesOf(settings, player);
  if (rules.limitsAtRegistration !== 'required') return [];
  const missing: string[] = [];
  if (rules.requiredDepositLimit !== null) {
    const { deposit } = await inTransaction(db, (trx) => readLimits(trx, player.id, now, ['deposit']));
    if (!hasRequiredDepositLimit(rules, deposit)) missing.push(`deposit:${rules.requiredDepositLimit}`);
  }
  if (rules.requiredActivityLimit && !(await hasRequiredActivityLimit(db, player))) missing.push('activity');
  return missing;
}

/** 409 error.limits.required with details.required unless the market's required limits are set (real-money play). */
export async function assertRequiredLimits(
  db: Kysely<Database>,
  player: Pick<Player, 'id' | 'country_code'>,
  now: Date,
  settings: Pick<PlatformSettings, 'marketRules'>,
): Promise<void> {
  const missing = await missingRequiredLimits(db, player, now, settings);
  if (missing.length > 0) {
    throw new HttpError(409, ERROR_CODES.limitsRequired, 'Set the limits your market requires before playing for real money.', undefined, {
      required: missing,
    });
  }
}
