import type { Kysely } from 'kysely';
import * as v from 'valibot';
import { DAY_MS } from '../../machines/lib/constants';
import {
  DEPOSIT_STATUSES,
  WITHDRAWAL_CANCELLATIONS_PER_DAY,
  cashierCurrency,
  cashierReturnPath,
  checkCashierAmount,
  depositAllowed,
  marketOfCountry,
  parseMoney,
  withdrawalAccess,
  type AmountProblem,
  type CashierPlayer,
  type OperationResult,
} from '../../machines/lib/wallet';
import type { FieldError } from '../../src/api/errors';
import type {
  DepositCheckResponse,
  DepositRequestResponse,
  DepositStatusResponse,
  PaymentMethod,
  WithdrawalCheckResponse,
  WithdrawalRequestResponse,
  depositRequestSchema,
  withdrawalCancellationRequestSchema,
  withdrawalCancellationResponseSchema,
  withdrawalRequestSchema,
} from '../../src/api/wallet';
import { isMarketPaymentMethod, paymentMethodsOf } from '../content/payment-methods';
import type { Database } from '../db/schema';
import { ERROR_CODES, HttpError } from '../http/errors';
import { redactError } from '../http/redact';
import { FIELD_CODES, validationError } from '../http/validation';
import { accessDetailsFor } from './account-status';
import { storeAnswer, storedAnswer, type IdempotentCall } from './idempotency';
import {
  ADJUSTMENT_ACCOUNT,
  CASHIER_CLEARING_ACCOUNT,
  fromCents,
  lockWallet,
  playerAccount,
  playerBalances,
  postDeposit,
  postOnWallet,
  recordHistory,
  toCents,
  type HistoryInput,
  type LedgerKind,
  type LockedWallet,
  type PlayerBalances,
} from './ledger';
import { withParams } from '../domain/pay-and-play';
import type { Player } from './players';
import { rgRulesFor, type SettingsStore } from './settings';
import { randomSecret } from '../crypto/secrets';
import type { PlatformProviders } from '../providers/types';
import {
  findDeposit,
  findPlayerDeposit,
  insertDeposit,
  overdueDepositIds,
  recentDepositMethodIds,
  setRedirectUrl,
  settleDepositRow,
  type CashierDeposit,
} from '../repositories/cashier-deposits';
import { inTransaction } from '../repositories/transaction';
import { findWallet } from '../repositories/wallets';
import {
  allPendingWithdrawals,
  cancellationsSince,
  findPlayerTransaction,
  setTransactionStatus,
  type WalletTransactionRow,
} from '../repositories/wallet-transactions';
import { currentPlayer } from './account';
import { depositLimitCheck, depositLimitRule } from './limits';
import { cashierKycOf } from './kyc-level';
import { cashierDocumentsResult } from '../../machines/lib/kyc';
import { walletNotFound, wireMoney } from './wallet';
import { requireWithdrawalSecondFactor } from './second-factor';
import { forfeitOnWithdrawal, onDepositSettled, selectDepositBonus } from './bonuses';

// The cashier's rules (behaviour.md §4 "Deposit and withdraw flows", §5 "Deposits are allowed only
// when ...", §7 "Wallet and banking", §8; product.md §3; issue 11): the checks before a deposit or a
// withdrawal, a deposit through the payment provider's page and its settlement, withdrawals into
// LOCKED and their cancellation, and the methods. server/routes/wallet.ts maps these to HTTP; the
// money moves in server/services/ledger.ts.
//
// Business outcomes are operation results in a 200 answer (machines/lib/wallet.ts OPERATION_RESULTS),
// stored with the idempotency key like an effect (server/services/idempotency.ts); bad input is a
// 400 with field codes, and changes and stores nothing.

export interface CashierDeps {
  db: Kysely<Database>;
  clock: () => Date;
  providers: Pick<PlatformProviders, 'payments'>;
}

/**
 * What the player-facing calls also read: the platform's market settings (issue 13: the market's
 * responsible-gambling rules, its required deposit limit and whether a withdrawal may be cancelled).
 */
export interface PlayerCashierDeps extends CashierDeps {
  settings: Pick<SettingsStore, 'read'>;
}

/**
 * A payment provider answers within seconds of the player's action on its page. A deposit still
 * pending this long after it was requested has lost its answer (the player closed the tab, the page
 * timed out, the provider's notice got lost): the next read of it asks the provider and settles it
 * (GLI-19: the outcome of an interrupted payment is shown on return).
 */
export const DEPOSIT_SETTLE_DELAY_MS = 15_000;

/** How many methods GET recent_deposit_methods names at most. */
export const RECENT_DEPOSIT_METHODS_MAX = 5;

// ------------------------------------------------------------------------------ the rules

/**
 * This platform runs one brand: a player's multibrand account is never suspended (the id token's
 * multibrand claim, server/services/sessions.ts). The seam the multibrand operator fills.
 */
const multibrandSuspended: (player: Player) => boolean = () => false;

/**
 * The document results (behaviour.md §4's table) that the operator's setting of the player's KYC
 * status (product.md §3 "KYC level", players.kyc_status) gives, or null: a status under review
 * shows it; an expired verification requires documents; a restricted or suspended KYC is strict.
 * What the documents themselves say is documentsAnswer's.
 */
export function documentsResult(kycStatus: string): OperationResult | null {
  switch (kycStatus) {
    case 'PENDING':
    case 'EDD_PENDING':
    case 'EDD_UNDER_REVIEW':
      return 'DOCUMENTS_UNDER_REVIEW';
    case 'PENDING_EXPIRED':
      return 'DOCUMENTS_REQUIRED';
    case 'RESTRICTED':
    case 'SUSPENDED':
      return 'DOCUMENTS_REQUIRED_RESTRICTED';
    default:
      return null;
  }
}

/**
 * The documents' answer (issue 23; machines/lib/kyc.ts cashierDocumentsResult): the operator's
 * setting of the player first (documentsResult above), then what the documents and the operator's
 * requests say: a deposit within the grace period is DOCUMENTS_PREFERRED with the days left, after
 * it DOCUMENTS_REQUIRED; a withdrawal needs the requested documents sent (DOCUMENTS_REQUIRED) and
 * verified (DOCUMENTS_UNDER_REVIEW until then). `request`: a deposit's request goes on when
 * documents are only preferred (the player postponed them).
 */
export async function documentsAnswer(
  db: Kysely<Database>,
  player: Player,
  operation: 'deposit' | 'withdrawal',
  now: Date,
  stage: 'check' | 'request' = 'check',
): Promise<{ result: OperationResult; daysLeftToVerifyDocuments: number | null } | null> {
  const stored = documentsResult(player.kyc_status);
  if (stored !== null) return { result: stored, daysLeftToVerifyDocuments: null };
  const answer = cashierDocumentsResult(operation, await cashierKycOf(db, player), now);
  if (answer === null || (stage === 'request' && answer.result === 'DOCUMENTS_PREFERRED')) return null;
  return answer;
}

/** The player as the cashier's shared rules read them (machines/lib/wallet.ts CashierPlayer). */
function cashierPlayerOf(player: Player): CashierPlayer {
  return {
    currency: cashierCurrency(player.currency_code),
    market: marketOfCountry(player.country_code),
    access: accessDetailsFor(player),
    multibrandSuspended: multibrandSuspended(player),
  };
}

/** behaviour.md §5 (depositAllowed: deposit access on, payout not restricted, the multibrand account not suspended); then the documents. */
export function depositRefusal(player: Player): OperationResult | null {
  if (!depositAllowed(cashierPlayerOf(player))) return 'RESTRICTED';
  return documentsResult(player.kyc_status);
}

/** A withdrawal needs the withdrawal access flag and no multibrand suspension (withdrawalAccess); then the documents. */
export function withdrawalRefusal(player: Player): OperationResult | null {
  if (withdrawalAccess(cashierPlayerOf(player)) !== 'allowed') return 'RESTRICTED';
  return documentsResult(player.kyc_status);
}

/** A withdrawal limit that stops a withdrawal (WITHDRAWAL_LIMIT_REACHED). */
export interface WithdrawalLimitReached {
  result: 'WITHDRAWAL_LIMIT_REACHED';
  limit: string;
  duration: 'daily' | 'weekly' | 'monthly';
  originalLimit: string | null;
}

/**
 * Withdrawal limits (WITHDRAWAL_LIMIT_REACHED, behaviour.md §4) are an operator's tool the spec
 * names the result of but defines no limit for, and the responsible-gambling rules limit deposits
 * and losses, not a player's access to their own money (GLI-19: an excluded player can still
 * withdraw). None is set on this platform, so none is reached; an operator's limits would go here.
 */
export const withdrawalLimitReached: (db: Kysely<Database>, player: Player, cents: bigint | null) => Promise<WithdrawalLimitReached | null> = () =>
  Promise.resolve(null);

const AMOUNT_CODES: Readonly<Record<AmountProblem, string>> = {
  invalid: FIELD_CODES.amount,
  tooLow: FIELD_CODES.amountTooLow,
  tooHigh: FIELD_CODES.amountTooHigh,
};

function playerMarket(player: Player) {
  return marketOfCountry(player.country_code);
}

async function lockedWallet(trx: Kysely<Database>, playerId: number): Promise<LockedWallet> {
  const wallet = await lockWallet(trx, playerId);
  if (!wallet) throw walletNotFound();
  return wallet;
}

// ------------------------------------------------------------------------------ methods

export async function paymentMethods(deps: Pick<CashierDeps, 'db' | 'clock'>, playerId: number): Promise<{ methods: PaymentMethod[] }> {
  const player = await currentPlayer(deps, playerId);
  return { methods: paymentMethodsOf(playerMarket(player)) };
}

/** The methods of the player's paid deposits, the most recent first, still offered in the player's market. */
export async function recentDepositMethods(deps: Pick<CashierDeps, 'db' | 'clock'>, playerId: number): Promise<{ methods: string[] }> {
  const player = await currentPlayer(deps, playerId);
  const market = playerMarket(player);
  const ids = await recentDepositMethodIds(deps.db, playerId, RECENT_DEPOSIT_METHODS_MAX);
  return { methods: ids.filter((id) => isMarketPaymentMethod(market, id)) };
}

// ------------------------------------------------------------------------------ checks

/** POST deposit/check (ipAddress and blackbox travel for the operator's fraud checks; none are run here). */
export async function depositCheck(deps: PlayerCashierDeps, playerId: number): Promise<DepositCheckResponse> {
  const player = await currentPlayer(deps, playerId);
  if (!(await findWallet(deps.db, playerId))) throw walletNotFound();
  const access = depositRefusal(player);
  const documents = access === null ? await documentsAnswer(deps.db, player, 'deposit', deps.clock()) : null;
  const refusal = access ?? (documents?.result === 'DOCUMENTS_PREFERRED' ? null : (documents?.result ?? null));
  // A deposit whose answer is overdue counts against the deposit limits while it may still be paid:
  // its outcome is asked first, so an abandoned payment does not hold the limit (GLI-19).
  if (refusal === null) await settleOverdueDeposits(deps, playerId);
  const limit = refusal === null ? await depositLimitCheck(deps.db, player, cashierCurrency(player.currency_code), deps.clock(), await deps.settings.read()) : null;
  // DOCUMENTS_PREFERRED is told after the limits: a limit that stops the deposit says so first.
  const result = refusal ?? limit?.result ?? documents?.result ?? 'SUCCESS';
  return {
    result,
    daysLeftToVerifyDocuments: documents !== null && result === documents.result ? documents.daysLeftToVerifyDocuments : null,
    limitLeft: limit?.limitLeft ?? null,
    limitType: limit?.limitType ?? null,
    resetOn: limit?.resetOn ?? null,
    limitWarning: limit?.limitWarning ?? false,
  };
}

/** POST withdrawal/check: the result and what can be withdrawn now (MAIN). */
export async function withdrawalCheck(deps: CashierDeps, playerId: number): Promise<WithdrawalCheckResponse> {
  const player = await currentPlayer(deps, playerId);
  const wallet = await findWallet(deps.db, playerId);
  if (!wallet) throw walletNotFound();
  const balances = await playerBalances(deps.db, playerId, wallet.currency);
  const refusal = withdrawalRefusal(player) ?? (await documentsAnswer(deps.db, player, 'withdrawal', deps.clock()))?.result ?? null;
  const limit = refusal === null ? await withdrawalLimitReached(deps.db, player, null) : null;
  return {
    result: refusal ?? limit?.result ?? 'SUCCESS',
    limit: limit?.limit ?? null,
    duration: limit?.duration ?? null,
    originalLimit: limit?.originalLimit ?? null,
    balance: wireMoney(balances.MAIN, wallet.currency),
  };
}

// ------------------------------------------------------------------------------ deposits

export type DepositRequestInput = v.InferOutput<typeof depositRequestSchema>;

const storedDepositSchema = v.object({ result: v.string(), depositId: v.nullable(v.string()) });

/**
 * POST deposit/request: a PENDING deposit (and its PENDING history row) for an amount within the
 * cashier's limits, then the provider's page. Idempotent by the key: a retry answers the same
 * deposit and page (or the same refusal); the key with another amount, method or return path is 409.
 */
export async function requestDeposit(deps: PlayerCashierDeps, playerId: number, input: DepositRequestInput): Promise<DepositRequestResponse> {
  const player = await currentPlayer(deps, playerId);
  const now = deps.clock();
  // Read before the transaction: on PGlite (one connection) a read outside it would wait for it.
  const settings = await deps.settings.read();
  const outcome = await inTransaction(deps.db, async (trx): Promise<v.InferOutput<typeof storedDepositSchema>> => {
    const wallet = await lockedWallet(trx, playerId);
    const errors: FieldError[] = [];
    const checked = checkCashierAmount(input.amount, wallet.currency, 'deposit');
    if (!checked.ok) errors.push({ field: 'amount', code: AMOUNT_CODES[checked.problem] });
    if (!isMarketPaymentMethod(playerMarket(player), input.methodId)) errors.push({ field: 'methodId', code: FIELD_CODES.paymentMethod });
    const returnPath = cashierReturnPath(input.returnPath);
    if (returnPath === null) errors.push({ field: 'returnPath', code: FIELD_CODES.returnUrl });
    if (!checked.ok || errors.length > 0 || returnPath === null) throw validationError(errors);
    const cents = BigInt(checked.cents);

    const call: IdempotentCall = {
      scope: `player:${String(playerId)}:deposit`,
      key: input.idempotencyKey,
      playerId,
      params: { amount: fromCents(cents), methodId: input.methodId, returnPath },
    };
    const stored = await storedAnswer(trx, call, storedDepositSchema);
    if (stored) return stored;

    // Issue 20: the one deposit rule of the limits, under this wallet lock (pay and play runs the same).
    const refused =
      depositRefusal(player) ??
      (await documentsAnswer(trx, player, 'deposit', now, 'request'))?.result ??
      (await depositLimitRule(trx, wallet, player, cents, now, settings))?.result ??
      null;
    if (refused !== null) {
      const answer = { result: refused, depositId: null };
      await storeAnswer(trx, call, answer, now);
      return answer;
    }

    const balances = await playerBalances(trx, playerId, wallet.currency);
    const history = await recordHistory(trx, wallet, {
      category: 'PAYMENT',
      type: 'DEPOSIT',
      status: 'PENDING',
      amount: cents,
      balanceAfter: balances.MAIN,
      methodId: input.methodId,
      at: now,
    });
    const depositId = randomSecret(18);
    await insertDeposit(trx, {
      id: depositId,
      player_id: playerId,
      wallet_transaction_id: history.id,
      amount: fromCents(cents),
      currency: wallet.currency,
      method_id: input.methodId,
      return_path: returnPath,
      created_at: now,
    });
    // Issue 24: the bonus the player chose with this deposit, credited when it settles.
    await selectDepositBonus(trx, { depositId, playerId, campaignId: input.selectedBonusId, now });
    const answer = { result: 'SUCCESS', depositId };
    await storeAnswer(trx, call, answer, now);
    return answer;
  });
  if (outcome.depositId === null) return { result: outcome.result, depositId: null, redirectUrl: null };

  const deposit = await findDeposit(deps.db, outcome.depositId);
  if (!deposit) throw new Error('A deposit just requested is gone.');
  // The provider is asked outside the database transaction (a third party's latency holds no lock);
  // it opens a payment once per reference, so a retry after a lost answer gets the same page.
  const redirectUrl =
    deposit.redirect_url ??
    (
      await deps.providers.payments.startPayment({
        reference: deposit.id,
        amount: deposit.amount,
        currency: deposit.currency,
        methodId: deposit.method_id,
      })
    ).redirectUrl;
  if (deposit.redirect_url === null) await setRedirectUrl(deps.db, deposit.id, redirectUrl);
  return { result: 'SUCCESS', depositId: deposit.id, redirectUrl };
}

/**
 * Settles a pending deposit with the provider's answer: approved posts the ledger deposit (once:
 * its key is the deposit's) and marks it SUCCESS; declined marks it FAILED (FAILURE) and moves no
 * money; pending changes nothing. The provider's page calls this after the player's answer; a read
 * calls it when the answer is overdue.
 */
export async function settleDeposit(deps: CashierDeps, depositId: string): Promise<void> {
  const deposit = await findDeposit(deps.db, depositId);
  if (deposit?.status !== 'PENDING') return;
  // Asked outside the transaction: the provider is a third party (and the simulated one queries
  // the database itself, which PGlite's single connection could not do inside a transaction).
  // A provider that cannot answer now leaves the deposit pending: the next read asks again.
  const state = await deps.providers.payments.paymentStatus(depositId).catch((error: unknown) => {
    console.error('cashier: the payment provider did not answer a status request', redactError(error));
    return 'pending' as const;
  });
  if (state === 'pending') return;
  await inTransaction(deps.db, async (trx) => {
    const wallet = await lockWallet(trx, deposit.player_id);
    const current = await findDeposit(trx, depositId, { lock: true });
    if (!wallet || current?.status !== 'PENDING') return;
    const now = deps.clock();
    if (state === 'approved') {
      await postDeposit(trx, {
        playerId: current.player_id,
        amount: current.amount,
        currency: current.currency,
        idempotencyKey: `deposit:${current.id}`,
        reference: current.id,
        methodId: current.method_id,
        walletTransactionId: current.wallet_transaction_id,
        at: now,
      });
      const balances = await playerBalances(trx, current.player_id, wallet.currency);
      await setTransactionStatus(trx, current.wallet_transaction_id, { status: 'SUCCESS', balanceAfter: fromCents(balances.MAIN), at: now });
      await settleDepositRow(trx, current.id, { status: 'SUCCESS', result: null, at: now });
      // Issue 24: the deposit triggers (first to fifth, next deposit) in the same transaction.
      await onDepositSettled(trx, { playerId: current.player_id, depositId: current.id, cents: toCents(current.amount), now });
    } else {
      await setTransactionStatus(trx, current.wallet_transaction_id, { status: 'FAILED', at: now });
      await settleDepositRow(trx, current.id, { status: 'FAILED', result: 'FAILURE', at: now });
    }
  });
}

/** Settles the player's deposits whose answer is overdue (their history then shows the outcome). */
export async function settleOverdueDeposits(deps: CashierDeps, playerId: number): Promise<void> {
  const before = new Date(deps.clock().getTime() - DEPOSIT_SETTLE_DELAY_MS);
  for (const id of await overdueDepositIds(deps.db, playerId, before)) await settleDeposit(deps, id);
}

/** A deposit id as the platform makes them (randomSecret(18): 24 base64url characters); anything else is unknown. */
const DEPOSIT_ID = /^[A-Za-z0-9_-]{1,100}$/;

function depositStatusOf(deposit: CashierDeposit): DepositStatusResponse {
  const currency = deposit.currency;
  return {
    depositId: deposit.id,
    status: v.parse(v.picklist(DEPOSIT_STATUSES), deposit.status),
    amount: wireMoney(toCents(deposit.amount), currency),
    currency,
    methodId: deposit.method_id,
    result: deposit.result,
  };
}

/** GET deposit/{id}: the player's deposit; one whose answer is overdue is settled first. */
export async function depositStatus(deps: CashierDeps, playerId: number, depositId: string): Promise<DepositStatusResponse> {
  const notFound = () => new HttpError(404, ERROR_CODES.notFound, 'No such deposit.');
  if (!DEPOSIT_ID.test(depositId)) throw notFound();
  let deposit = await findPlayerDeposit(deps.db, playerId, depositId);
  if (!deposit) throw notFound();
  if (deposit.status === 'PENDING' && deps.clock().getTime() - deposit.created_at.getTime() >= DEPOSIT_SETTLE_DELAY_MS) {
    await settleDeposit(deps, deposit.id);
    deposit = (await findPlayerDeposit(deps.db, playerId, depositId)) ?? deposit;
  }
  return depositStatusOf(deposit);
}

/** Where the provider's page sends the player back: the deposit's return path with ?depositId=; null for an unknown deposit. */
export async function depositReturnUrl(db: Kysely<Database>, depositId: string): Promise<string | null> {
  const deposit = DEPOSIT_ID.test(depositId) ? await findDeposit(db, depositId) : undefined;
  return deposit ? withParams(deposit.return_path, { depositId: deposit.id }) : null;
}

// ------------------------------------------------------------------------------ withdrawals

export type WithdrawalRequestInput = v.InferOutput<typeof withdrawalRequestSchema>;

const storedWithdrawalSchema = v.object({ result: v.string(), referenceId: v.nullable(v.string()), balance: v.string() });

/**
 * POST withdrawal/request: MAIN -> LOCKED, a PENDING withdrawal in the history (until the payout or
 * a cancellation). NOT_ENOUGH_FUNDS above MAIN (nothing posted). Idempotent by the key (a refusal
 * too: a retry answers it again).
 */
export async function requestWithdrawal(deps: CashierDeps, playerId: number, input: WithdrawalRequestInput): Promise<WithdrawalRequestResponse> {
  const player = await currentPlayer(deps, playerId);
  const now = deps.clock();
  // Issue 23: a method never used before asks for the second factor first (428, nothing stored).
  if (isMarketPaymentMethod(playerMarket(player), input.methodId)) await requireWithdrawalSecondFactor(deps, playerId, input.methodId);
  return inTransaction(deps.db, async (trx) => {
    const wallet = await lockedWallet(trx, playerId);
    const errors: FieldError[] = [];
    const checked = checkCashierAmount(input.amount, wallet.currency, 'withdrawal');
    if (!checked.ok) errors.push({ field: 'amount', code: AMOUNT_CODES[checked.problem] });
    if (!isMarketPaymentMethod(playerMarket(player), input.methodId)) errors.push({ field: 'methodId', code: FIELD_CODES.paymentMethod });
    if (!checked.ok || errors.length > 0) throw validationError(errors);
    const cents = BigInt(checked.cents);

    const call: IdempotentCall = {
      scope: `player:${String(playerId)}:withdrawal`,
      key: input.idempotencyKey,
      playerId,
      params: { amount: fromCents(cents), methodId: input.methodId },
    };
    const stored = await storedAnswer(trx, call, storedWithdrawalSchema);
    if (stored) return stored;

    const balances = await playerBalances(trx, playerId, wallet.currency);
    const main = wireMoney(balances.MAIN, wallet.currency);
    const refused =
      withdrawalRefusal(player) ??
      (await documentsAnswer(trx, player, 'withdrawal', now, 'request'))?.result ??
      (await withdrawalLimitReached(trx, player, cents))?.result ??
      (balances.MAIN < cents ? 'NOT_ENOUGH_FUNDS' : null);
    if (refused !== null) {
      const answer = { result: refused, referenceId: null, balance: main };
      await storeAnswer(trx, call, answer, now);
      return answer;
    }

    const { referenceId, balances: after } = await postPendingWithdrawal(trx, wallet, { cents, methodId: input.methodId, balances, at: now });
    // Issue 24: the withdrawal forfeits the active bonuses (the withdraw screen said so, with the amount).
    await forfeitOnWithdrawal(trx, wallet, now);
    const answer = { result: 'SUCCESS' as const, referenceId, balance: wireMoney(after.MAIN, wallet.currency) };
    await storeAnswer(trx, call, answer, now);
    return answer;
  });
}

/** A cashier movement's posting: `cents` from one account to another, keyed `<keyPrefix>:<reference>`. */
interface Movement {
  kind: LedgerKind;
  keyPrefix: string;
  cents: bigint;
  from: string;
  to: string;
  /** The history row the movement answers (a cancelled withdrawal's); by default the row it writes. */
  reference?: string;
}

/**
 * A movement of the cashier (a withdrawal, its cancellation, an operator's credit), inside the
 * caller's transaction with the wallet locked (`balances` read under that lock): its row in the
 * player's history, whose balanceAfter is MAIN once the movement took effect, then the posting.
 */
async function postMovement(
  trx: Kysely<Database>,
  wallet: LockedWallet,
  balances: PlayerBalances,
  row: Omit<HistoryInput, 'balanceAfter'>,
  movement: Movement,
): Promise<{ history: WalletTransactionRow; balances: PlayerBalances }> {
  const { cents, from, to } = movement;
  const main = playerAccount(wallet.playerId, 'MAIN');
  const mainChange = (to === main ? cents : 0n) - (from === main ? cents : 0n);
  const history = await recordHistory(trx, wallet, { ...row, balanceAfter: balances.MAIN + mainChange });
  const reference = movement.reference ?? history.reference_id;
  const posting = {
    idempotencyKey: `${movement.keyPrefix}:${reference}`,
    kind: movement.kind,
    cents,
    entries: [
      { account: from, cents: -cents },
      { account: to, cents },
    ],
    reference,
    walletTransactionId: history.id,
  };
  const { balances: after } = await postOnWallet(trx, wallet, posting, balances);
  return { history, balances: after };
}

/**
 * A withdrawal's effect, inside the caller's transaction with the wallet locked: MAIN -> LOCKED and
 * a PENDING withdrawal in the history, paid out by the payout run like every withdrawal.
 */
async function postPendingWithdrawal(
  trx: Kysely<Database>,
  wallet: LockedWallet,
  input: { cents: bigint; methodId: string; balances: PlayerBalances; at: Date },
): Promise<{ referenceId: string; balances: PlayerBalances }> {
  const { cents } = input;
  const { history, balances } = await postMovement(
    trx,
    wallet,
    input.balances,
    { category: 'PAYMENT', type: 'WITHDRAW', status: 'PENDING', amount: -cents, methodId: input.methodId, at: input.at },
    { kind: 'WITHDRAWAL', keyPrefix: 'withdrawal', cents, from: playerAccount(wallet.playerId, 'MAIN'), to: playerAccount(wallet.playerId, 'LOCKED') },
  );
  return { referenceId: history.reference_id, balances };
}

/**
 * GLI-19 "an excluded player can still withdraw their balance": a self-excluded player cannot log
 * in, so the platform returns the money itself when the exclusion starts (server/services/breaks.ts):
 * the whole MAIN balance as a pending withdrawal to the method of the player's most recent paid
 * deposit still offered in their market, else the market's first bank method (else its first).
 * Inside the exclusion's transaction, with the wallet locked. The player's amount bounds, withdrawal
 * limits and document results do not hold it back: it is the operator returning the player's money,
 * not a request of the player's, and the payout run is where an operator's checks stop a payout.
 * Null when MAIN is empty.
 */
export async function withdrawWholeBalance(
  trx: Kysely<Database>,
  wallet: LockedWallet,
  player: Player,
  now: Date,
): Promise<{ referenceId: string; methodId: string } | null> {
  const balances = await playerBalances(trx, wallet.playerId, wallet.currency);
  if (balances.MAIN <= 0n) return null;
  const market = playerMarket(player);
  const methods = paymentMethodsOf(market);
  const recent = (await recentDepositMethodIds(trx, wallet.playerId, RECENT_DEPOSIT_METHODS_MAX)).find((id) => isMarketPaymentMethod(market, id));
  const methodId = recent ?? methods.find((method) => method.kind === 'bank')?.id ?? methods[0]?.id;
  if (methodId === undefined) throw new Error(`The market ${market} has no payment method to return a balance to.`);
  const { referenceId } = await postPendingWithdrawal(trx, wallet, { cents: balances.MAIN, methodId, balances, at: now });
  return { referenceId, methodId };
}

export type WithdrawalCancellationInput = v.InferOutput<typeof withdrawalCancellationRequestSchema>;
type CancellationResponse = v.InferOutput<typeof withdrawalCancellationResponseSchema>;

const storedCancellationSchema = v.object({ result: v.literal('SUCCESS'), balance: v.string() });

/**
 * POST withdrawal/cancellation: a pending withdrawal back from LOCKED to MAIN (CANCELLED; a
 * CANCELED row in the history). Refused in the GG market (UKGC RTS 14B: 403
 * error.withdrawal.cancel.not_allowed) and after WITHDRAWAL_CANCELLATIONS_PER_DAY cancellations in
 * 24 hours (400 error.withdrawal.cancel.limit_reached). The amount must be the withdrawal's (no
 * partial cancellation). Idempotent by the withdrawal: a second cancellation answers the first.
 */
export async function cancelWithdrawal(deps: PlayerCashierDeps, playerId: number, input: WithdrawalCancellationInput): Promise<CancellationResponse> {
  const player = await currentPlayer(deps, playerId);
  // The market's rule as the operator has it now (issue 13: market settings), not only its default.
  if (!rgRulesFor(await deps.settings.read(), playerMarket(player)).withdrawalCancellation) {
    // 409, not 403: a 403 on an authenticated call logs the player out (behaviour.md §8 "General").
    throw new HttpError(409, ERROR_CODES.withdrawalCancelNotAllowed, 'A requested withdrawal cannot be reversed in this market.');
  }
  const now = deps.clock();
  return inTransaction(deps.db, async (trx) => {
    const wallet = await lockedWallet(trx, playerId);
    const parsed = parseMoney(input.amount, wallet.currency);
    if (parsed === null || parsed === 0) throw validationError([{ field: 'amount', code: FIELD_CODES.amount }]);
    const cents = BigInt(parsed);
    const call: IdempotentCall = {
      scope: `player:${String(playerId)}:withdrawal-cancellation`,
      key: input.pendingWithdrawalId,
      playerId,
      params: { amount: fromCents(cents) },
    };
    const stored = await storedAnswer(trx, call, storedCancellationSchema);
    if (stored) return stored;

    const withdrawal = await findPlayerTransaction(trx, playerId, input.pendingWithdrawalId, { lock: true });
    if (withdrawal?.type !== 'WITHDRAW' || withdrawal.status !== 'PENDING') {
      throw new HttpError(404, ERROR_CODES.notFound, 'No such pending withdrawal.');
    }
    if (-toCents(withdrawal.amount) !== cents) throw validationError([{ field: 'amount', code: FIELD_CODES.amount }]);
    if ((await cancellationsSince(trx, playerId, new Date(now.getTime() - DAY_MS))) >= WITHDRAWAL_CANCELLATIONS_PER_DAY) {
      throw new HttpError(
        400,
        ERROR_CODES.withdrawalCancelLimitReached,
        `At most ${String(WITHDRAWAL_CANCELLATIONS_PER_DAY)} withdrawals can be cancelled in 24 hours.`,
      );
    }
    const { balances: after } = await postMovement(
      trx,
      wallet,
      await playerBalances(trx, playerId, wallet.currency),
      { category: 'PAYMENT', type: 'CANCELED', status: 'SUCCESS', amount: cents, methodId: withdrawal.method_id, relatedId: withdrawal.id, at: now },
      {
        kind: 'WITHDRAWAL_CANCELLATION',
        keyPrefix: 'withdrawal-cancellation',
        cents,
        from: playerAccount(playerId, 'LOCKED'),
        to: playerAccount(playerId, 'MAIN'),
        reference: withdrawal.reference_id,
      },
    );
    await setTransactionStatus(trx, withdrawal.id, { status: 'CANCELLED', at: now });
    const answer = { result: 'SUCCESS' as const, balance: wireMoney(after.MAIN, wallet.currency) };
    await storeAnswer(trx, call, answer, now);
    return answer;
  });
}

/**
 * Pays out one pending withdrawal (LOCKED -> the cashier's clearing account, COMPLETED); false when
 * it was not pending any more. The operator's payout run (test mode: POST /api/test/wallet/payouts).
 */
export async function payOutWithdrawal(deps: Pick<CashierDeps, 'db' | 'clock'>, withdrawal: WalletTransactionRow): Promise<boolean> {
  return inTransaction(deps.db, async (trx) => {
    const wallet = await lockWallet(trx, withdrawal.player_id);
    const current = await findPlayerTransaction(trx, withdrawal.player_id, withdrawal.reference_id, { lock: true });
    if (!wallet || current?.type !== 'WITHDRAW' || current.status !== 'PENDING') return false;
    const cents = -toCents(current.amount);
    await postOnWallet(trx, wallet, {
      idempotencyKey: `withdrawal-payout:${current.reference_id}`,
      kind: 'WITHDRAWAL_PAYOUT',
      cents,
      entries: [
        { account: playerAccount(current.player_id, 'LOCKED'), cents: -cents },
        { account: CASHIER_CLEARING_ACCOUNT, cents },
      ],
      reference: current.reference_id,
      walletTransactionId: current.id,
    });
    await setTransactionStatus(trx, current.id, { status: 'COMPLETED', at: deps.clock() });
    return true;
  });
}

/** Pays out every pending withdrawal (of one player when given); how many were paid. */
export async function payOutPendingWithdrawals(deps: Pick<CashierDeps, 'db' | 'clock'>, playerId?: number): Promise<number> {
  let paid = 0;
  for (const withdrawal of await allPendingWithdrawals(deps.db, playerId)) if (await payOutWithdrawal(deps, withdrawal)) paid += 1;
  return paid;
}

// ------------------------------------------------------------------------------ adjustments

const storedCreditSchema = v.object({ referenceId: v.string() });

/**
 * An operator's credit to the player's MAIN (ADJUSTMENT / DEPOSIT / SUCCESS), once per key. Test
 * mode's POST /api/test/wallet/credit; the back office of a later issue. Resolves with the history
 * reference; 404 error.wallet.not_found without a wallet, 400 for an amount the currency cannot hold.
 */
export async function creditWallet(
  deps: Pick<CashierDeps, 'db' | 'clock'>,
  input: { playerId: number; amount: string; idempotencyKey: string },
): Promise<{ referenceId: string }> {
  const now = deps.clock();
  return inTransaction(deps.db, async (trx) => {
    const wallet = await lockedWallet(trx, input.playerId);
    const parsed = parseMoney(input.amount, wallet.currency);
    if (parsed === null || parsed === 0) throw validationError([{ field: 'amount', code: FIELD_CODES.amount }]);
    const cents = BigInt(parsed);
    const call: IdempotentCall = { scope: 'operator:credit', key: input.idempotencyKey, playerId: input.playerId, params: { amount: fromCents(cents) } };
    const stored = await storedAnswer(trx, call, storedCreditSchema);
    if (stored) return stored;
    const { history } = await postMovement(
      trx,
      wallet,
      await playerBalances(trx, input.playerId, wallet.currency),
      { category: 'ADJUSTMENT', type: 'DEPOSIT', status: 'SUCCESS', amount: cents, at: now },
      { kind: 'ADJUSTMENT', keyPrefix: 'adjustment', cents, from: ADJUSTMENT_ACCOUNT, to: playerAccount(input.playerId, 'MAIN') },
    );
    const answer = { referenceId: history.reference_id };
    await storeAnswer(trx, call, answer, now);
    return answer;
  });
}
