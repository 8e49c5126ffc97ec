import * as v from 'valibot';
import { FIELD_CODES } from '../../machines/lib/errorCodes';
import {
  BONUS_VERTICALS,
  DEPOSIT_STATUSES,
  PAYMENT_METHOD_KINDS,
  TRANSACTION_CATEGORIES,
  TRANSACTION_STATUSES,
  TRANSACTION_TIME_FRAMES_HOURS,
  TRANSACTION_TYPES,
} from '../../machines/lib/wallet';
import { TRANSACTION_PAGE_SIZE } from '../../machines/lib/constants';
import { request } from './client';

// The wallet and banking contract (behaviour.md §7 "Wallet and banking"; product.md §3 "Wallet",
// "Transactions", "Deposit and withdraw flows"; issue 11). The platform parses every request with the
// request schemas below (server/routes/wallet.ts) and answers the response shapes; the app parses
// every answer with them. Every call needs the player's id token. Amounts are decimal strings in
// the account currency (machines/lib/wallet.ts: exact, "12.50", "1500" for JPY and CLP).
//
//   GET  /player/wallet                          -> WalletResponse | 404 error.wallet.not_found (no wallet)
//   GET  /player/wallet/token                    -> { token } (the live connection's; a JWT: three dot-separated parts)
//   WS   /player/wallet/live?Authorization=token  -> WalletMessage, JSON; "ping" / "pong" as text
//   GET  /player/wallet/recent_deposit_methods   -> { methods: methodId[] } (newest first)
//   GET  /player/wallet/payment_methods          -> { methods: PaymentMethod[] } (the player's market's)
//   POST /player/wallet/deposit/check            { ipAddress, blackbox } -> DepositCheckResponse
//   POST /player/wallet/deposit/request          { amount, methodId, idempotencyKey, returnPath } -> DepositRequestResponse
//   GET  /player/wallet/deposit/{depositId}      -> DepositStatusResponse (settled by the platform when the provider went quiet)
//   POST /player/wallet/withdrawal/check         { ipAddress, blackbox } -> WithdrawalCheckResponse
//   POST /player/wallet/withdrawal/request       { amount, methodId, idempotencyKey } -> WithdrawalRequestResponse
//   POST /player/wallet/withdrawal/cancellation  { pendingWithdrawalId, amount, cancelByPlayer } -> CancellationResponse
//   GET  /player/wallet/pendingWithdrawal        -> { transactions: Transaction[] }
//   GET  /player/wallet/transactions?limit&position&category&from&to&hour&status -> { transactions: Transaction[] }
//   GET  /player/wallet/net-position-win-loss?from&to -> NetPositionResponse
//
// Error codes: 400 error.validation (errors: [{ field, code }]: amount validation.amount |
// validation.amount.too_low | validation.amount.too_high, methodId validation.payment_method, and
// the common field codes) | 404 error.wallet.not_found | 404 error.not_found (an unknown deposit or
// pending withdrawal) | 409 error.idempotency.conflict (a key reused with other parameters) |
// 400 error.withdrawal.cancel.limit_reached | 409 error.withdrawal.cancel.not_allowed (GG, UKGC RTS
// 14B) | 401 / 403 of the session. Business outcomes (not enough funds, documents, limits, access)
// are 200 answers with an operation `result` (behaviour.md §4's table, machines/lib/wallet.ts).

// ------------------------------------------------------------------------------ shared parts

/** A non-negative decimal amount as the platform writes it. */
const money = v.pipe(v.string(), v.regex(/^\d{1,16}(\.\d{1,2})?$/));
/** A signed decimal amount (a transaction's, a net position). */
const signedMoney = v.pipe(v.string(), v.regex(/^-?\d{1,16}(\.\d{1,2})?$/));
const isoDate = v.pipe(v.string(), v.isoTimestamp());
/** An operation result the platform sent; one the app does not know maps to error (operationUiStatus). */
const operationResult = v.string();

const boundedText = (max: number) => v.pipe(v.string(FIELD_CODES.invalid), v.maxLength(max, FIELD_CODES.tooLong));
const requiredText = (max: number) => v.pipe(boundedText(max), v.trim(), v.nonEmpty(FIELD_CODES.required));
/** A browser never knows its public address: empty is allowed; the platform reads the connection. */
const ipAddressText = boundedText(64);
const blackboxText = boundedText(4096);
/** An amount typed by the player: checked against the currency and its cashier limits by the platform. */
const amountText = v.pipe(v.string(FIELD_CODES.amount), v.trim(), v.nonEmpty(FIELD_CODES.required), v.maxLength(32, FIELD_CODES.amount));
/** A client-made key (a UUID), the same on every retry of one operation. */
const idempotencyKeyText = v.pipe(requiredText(100), v.regex(/^[A-Za-z0-9_-]{8,100}$/, FIELD_CODES.invalid));

// ------------------------------------------------------------------------------------ wallet

export const balanceMapSchema = v.object({
  MAIN: v.object({ cash: signedMoney }),
  LOCKED: v.object({ cash: signedMoney }),
  BONUS: v.array(v.object({ vertical: v.picklist(BONUS_VERTICALS), bonus: signedMoney })),
});

export const walletResponseSchema = v.object({
  /** The account currency. */
  currency: v.string(),
  /** Grows with every posting on the player's accounts: a push with an older version is dropped. */
  version: v.pipe(v.number(), v.integer(), v.minValue(0)),
  balanceMap: balanceMapSchema,
});
export type WalletResponse = v.InferOutput<typeof walletResponseSchema>;

export const walletTokenResponseSchema = v.object({ token: v.pipe(v.string(), v.regex(/^[^.]+\.[^.]+\.[^.]+$/)) });

/** The live connection's messages (behaviour.md §7), parsed one by one; a message that fails is logged. */
export const walletMessageSchema = v.variant('type', [
  v.object({ type: v.literal('WALLET_BALANCE'), currency: v.string(), version: v.pipe(v.number(), v.integer(), v.minValue(0)), balanceMap: balanceMapSchema }),
  v.object({ type: v.literal('PLAYER_ATTRIBUTE_CHANGE'), attributes: v.record(v.string(), v.unknown()) }),
  v.object({ type: v.literal('PLAYER_LOYALTY_LEVEL'), playerId: v.number(), isLevelUp: v.boolean() }),
]);
export type WalletMessage = v.InferOutput<typeof walletMessageSchema>;

/** The live connection's path; the token goes in the `Authorization` query parameter (behaviour.md §7). */
export const WALLET_LIVE_PATH = '/player/wallet/live';

/**
 * How the platform closes the live connection (RFC 6455 §7.4.1). `policy`: the token is bad or
 * expired, the session ended (logout), or too many sockets or messages: reconnect only with a new
 * token, and only while logged in. `goingAway`: the platform is restarting or the socket sent no
 * ping for too long: reconnect. `tooBig` / `unsupportedData`: a message too large or binary.
 * `internalError`: the platform could not read the wallet: reconnect later.
 */
export const WALLET_LIVE_CLOSE_CODES = {
  goingAway: 1001,
  unsupportedData: 1003,
  policy: 1008,
  tooBig: 1009,
  internalError: 1011,
} as const;

// ------------------------------------------------------------------------------- the cashier

export const paymentMethodSchema = v.object({
  id: v.string(),
  kind: v.picklist(PAYMENT_METHOD_KINDS),
  /** The brand's name ("Visa", "Skrill", "Trustly"): not translated. */
  name: v.string(),
  logo: v.object({ src: v.string(), width: v.number(), height: v.number() }),
});
export type PaymentMethod = v.InferOutput<typeof paymentMethodSchema>;
export const paymentMethodsResponseSchema = v.object({ methods: v.array(paymentMethodSchema) });
export const recentDepositMethodsResponseSchema = v.object({ methods: v.array(v.string()) });

/** POST deposit/check and withdrawal/check (behaviour.md §7: with ipAddress and blackbox). */
export const operationCheckRequestSchema = v.object({ ipAddress: ipAddressText, blackbox: blackboxText });
export type OperationCheckRequest = v.InferInput<typeof operationCheckRequestSchema>;

export const depositCheckResponseSchema = v.object({
  result: operationResult,
  /** DOCUMENTS_PREFERRED: days left before verification is required (product.md §3 daysLeftToVerifyDocuments). */
  daysLeftToVerifyDocuments: v.nullable(v.number()),
  /** SELF_LIMIT_REACHED: what is left of the limit, which limit, and when it resets. */
  limitLeft: v.nullable(money),
  limitType: v.nullable(v.picklist(['deposit', 'loss'])),
  resetOn: v.nullable(isoDate),
  /**
   * Issue 21: the limit named has reached its warning share of use (machines/lib/responsibleGambling.ts
   * limitWarning, 80 %; GET /player/deposit-limits' `warning` of the same limit). A SELF_LIMIT_REACHED
   * with limitLeft above 0 caps the deposit form at limitLeft ("notify"); the form warns the player
   * only when this is true. False for every other answer.
   */
  limitWarning: v.boolean(),
});
export type DepositCheckResponse = v.InferOutput<typeof depositCheckResponseSchema>;

export const depositRequestSchema = v.object({
  amount: amountText,
  methodId: v.pipe(requiredText(64), v.regex(/^[a-z0-9-]+$/, FIELD_CODES.paymentMethod)),
  idempotencyKey: idempotencyKeyText,
  /** Where the provider sends the player back: a same-site path of the cashier (/deposit or the banking deposit tab). */
  returnPath: requiredText(2048),
  /**
   * Issue 24 (product.md §3 "Deposit and withdraw flows" selectBonus, selectedBonusId): the campaign
   * the player chose with this deposit (an ELIGIBLE reward of src/api/bonuses.ts); claimed when the
   * deposit settles. Absent: no bonus chosen.
   */
  selectedBonusId: v.optional(v.pipe(v.string(FIELD_CODES.invalid), v.regex(/^[A-Za-z0-9_-]{1,64}$/, FIELD_CODES.invalid))),
});
export type DepositRequest = v.InferInput<typeof depositRequestSchema>;

export const depositRequestResponseSchema = v.object({
  /** SUCCESS: the provider's page is next; any other result: nothing was started. */
  result: operationResult,
  depositId: v.nullable(v.string()),
  redirectUrl: v.nullable(v.string()),
});
export type DepositRequestResponse = v.InferOutput<typeof depositRequestResponseSchema>;

export const depositStatusResponseSchema = v.object({
  depositId: v.string(),
  status: v.picklist(DEPOSIT_STATUSES),
  amount: money,
  currency: v.string(),
  methodId: v.string(),
  /** Why a deposit failed (FAILURE for a declined or timed-out payment); null while pending or paid. */
  result: v.nullable(operationResult),
});
export type DepositStatusResponse = v.InferOutput<typeof depositStatusResponseSchema>;

export const withdrawalCheckResponseSchema = v.object({
  result: operationResult,
  /** WITHDRAWAL_LIMIT_REACHED: the limit, its period, and the limit before a pending change. */
  limit: v.nullable(money),
  duration: v.nullable(v.picklist(['daily', 'weekly', 'monthly'])),
  originalLimit: v.nullable(money),
  /** What can be withdrawn now (MAIN). */
  balance: money,
});
export type WithdrawalCheckResponse = v.InferOutput<typeof withdrawalCheckResponseSchema>;

export const withdrawalRequestSchema = v.object({
  amount: amountText,
  methodId: v.pipe(requiredText(64), v.regex(/^[a-z0-9-]+$/, FIELD_CODES.paymentMethod)),
  idempotencyKey: idempotencyKeyText,
});
export type WithdrawalRequest = v.InferInput<typeof withdrawalRequestSchema>;

export const withdrawalRequestResponseSchema = v.object({
  result: operationResult,
  /** The pending withdrawal's referenceId (SUCCESS), else null. */
  referenceId: v.nullable(v.string()),
  balance: money,
});
export type WithdrawalRequestResponse = v.InferOutput<typeof withdrawalRequestResponseSchema>;

export const withdrawalCancellationRequestSchema = v.object({
  pendingWithdrawalId: requiredText(100),
  amount: amountText,
  cancelByPlayer: v.boolean(FIELD_CODES.invalid),
});
export type WithdrawalCancellationRequest = v.InferInput<typeof withdrawalCancellationRequestSchema>;

export const withdrawalCancellationResponseSchema = v.object({ result: operationResult, balance: money });

// ------------------------------------------------------------------------------ transactions

export const transactionSchema = v.object({
  referenceId: v.string(),
  amount: signedMoney,
  balanceAfterTransaction: signedMoney,
  currency: v.string(),
  category: v.picklist(TRANSACTION_CATEGORIES),
  status: v.picklist(TRANSACTION_STATUSES),
  type: v.picklist(TRANSACTION_TYPES),
  transactionDate: isoDate,
  playerId: v.number(),
  walletId: v.string(),
});
export type Transaction = v.InferOutput<typeof transactionSchema>;
export const transactionsResponseSchema = v.object({ transactions: v.array(transactionSchema) });

/** An optional ISO timestamp query parameter. */
const optionalInstant = v.optional(v.pipe(v.string(), v.trim(), v.isoTimestamp(FIELD_CODES.invalid)));

/** GET transactions: the history filter (product.md §3 "History state") and the page. Query strings. */
export const transactionsQuerySchema = v.object({
  limit: v.optional(v.pipe(v.string(), v.regex(/^\d{1,3}$/), v.transform(Number), v.integer(), v.minValue(1), v.maxValue(TRANSACTION_PAGE_SIZE)), String(TRANSACTION_PAGE_SIZE)),
  position: v.optional(v.pipe(v.string(), v.regex(/^\d{1,7}$/), v.transform(Number)), '0'),
  category: v.optional(v.picklist(TRANSACTION_CATEGORIES, FIELD_CODES.invalid)),
  status: v.optional(v.picklist(TRANSACTION_STATUSES, FIELD_CODES.invalid)),
  from: optionalInstant,
  to: optionalInstant,
  /** The last 24 or 72 hours (instead of from/to). */
  hour: v.optional(v.picklist(TRANSACTION_TIME_FRAMES_HOURS.map(String) as ['24', '72'])),
});
export type TransactionsQuery = v.InferInput<typeof transactionsQuerySchema>;

export const netPositionQuerySchema = v.object({ from: optionalInstant, to: optionalInstant });

/** UKGC RTS 1C: the net position (deposits minus withdrawals) and win/loss (wins minus bets) of a period. */
export const netPositionResponseSchema = v.object({
  from: v.nullable(isoDate),
  to: v.nullable(isoDate),
  currency: v.string(),
  netPosition: signedMoney,
  winLoss: signedMoney,
});
export type NetPositionResponse = v.InferOutput<typeof netPositionResponseSchema>;

// ------------------------------------------------------------------------------------ calls

const WALLET = '/player/wallet';

function query(params: Record<string, string | number | undefined>): string {
  const entries = Object.entries(params).filter((entry): entry is [string, string | number] => entry[1] !== undefined && entry[1] !== '');
  return entries.length === 0 ? '' : `?${new URLSearchParams(entries.map(([key, value]) => [key, String(value)])).toString()}`;
}

export const walletApi = {
  wallet: (signal?: AbortSignal) => request(WALLET, walletResponseSchema, { auth: true, signal }),
  token: (signal?: AbortSignal) => request(`${WALLET}/token`, walletTokenResponseSchema, { auth: true, signal }),
  recentDepositMethods: (signal?: AbortSignal) => request(`${WALLET}/recent_deposit_methods`, recentDepositMethodsResponseSchema, { auth: true, signal }),
  paymentMethods: (signal?: AbortSignal) => request(`${WALLET}/payment_methods`, paymentMethodsResponseSchema, { auth: true, signal }),
  depositCheck: (body: OperationCheckRequest, signal?: AbortSignal) =>
    request(`${WALLET}/deposit/check`, depositCheckResponseSchema, { method: 'POST', body, auth: true, signal }),
  depositRequest: (body: DepositRequest, signal?: AbortSignal) =>
    request(`${WALLET}/deposit/request`, depositRequestResponseSchema, { method: 'POST', body, auth: true, signal }),
  depositStatus: (depositId: string, signal?: AbortSignal) =>
    request(`${WALLET}/deposit/${encodeURIComponent(depositId)}`, depositStatusResponseSchema, { auth: true, signal }),
  withdrawalCheck: (body: OperationCheckRequest, signal?: AbortSignal) =>
    request(`${WALLET}/withdrawal/check`, withdrawalCheckResponseSchema, { method: 'POST', body, auth: true, signal }),
  withdrawalRequest: (body: WithdrawalRequest, signal?: AbortSignal) =>
    request(`${WALLET}/withdrawal/request`, withdrawalRequestResponseSchema, { method: 'POST', body, auth: true, signal }),
  withdrawalCancellation: (body: WithdrawalCancellationRequest, signal?: AbortSignal) =>
    request(`${WALLET}/withdrawal/cancellation`, withdrawalCancellationResponseSchema, { method: 'POST', body, auth: true, signal }),
  pendingWithdrawals: (signal?: AbortSignal) => request(`${WALLET}/pendingWithdrawal`, transactionsResponseSchema, { auth: true, signal }),
  transactions: (params: TransactionsQuery, signal?: AbortSignal) =>
    request(`${WALLET}/transactions${query({ ...params })}`, transactionsResponseSchema, { auth: true, signal }),
  netPosition: (params: { from?: string; to?: string }, signal?: AbortSignal) =>
    request(`${WALLET}/net-position-win-loss${query(params)}`, netPositionResponseSchema, { auth: true, signal }),
};
