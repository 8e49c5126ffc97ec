// The wallet and banking domain (product.md §3 "Wallet", "Transactions", "Deposit and withdraw
// flows"; behaviour.md §4, §5, §9; issue 11), as pure data and pure functions: the platform's ledger
// and cashier (server/), the API contract (src/api/wallet.ts), the machines and the screens all read
// these, so each rule has one home. Money is exact: decimal strings on the wire ("12.50", "1500"),
// integer minor units in arithmetic, never binary floating point.

import { DEFAULT_CURRENCY } from './constants';
import { AMOUNT_BOUNDS, centsToDecimal, decimalToCents, isWholeUnits } from './money';

import { DEFAULT_MARKET, MARKET_CODES, MARKETS, parseLangMarket, type MarketCode } from './markets';
import { marketRgRules } from './responsibleGambling';
import { sameSitePath } from './sameSitePath';
import { LOBBY_PATHS } from './games';

// ------------------------------------------------------------------------------ enumerations

/** product.md §3 "Wallet": bonus money is held per vertical. */
export const BONUS_VERTICALS = ['SPORTS', 'CASINO', 'LIVE_CASINO'] as const;
export type BonusVertical = (typeof BONUS_VERTICALS)[number];

/** product.md §3 "Transactions". */
export const TRANSACTION_CATEGORIES = ['BONUS', 'CASINO', 'PAYMENT', 'SPORTS', 'VIRTUAL_SPORTS', 'LIVE_CASINO', 'ADJUSTMENT', 'DORMANT_ADJUSTMENT'] as const;
export type TransactionCategory = (typeof TRANSACTION_CATEGORIES)[number];

export const TRANSACTION_STATUSES = ['FAILED', 'PENDING', 'SUCCESS', 'REVERTED', 'WAITING_INPUT', 'COMPLETED', 'CANCELLED'] as const;
export type TransactionStatus = (typeof TRANSACTION_STATUSES)[number];

export const TRANSACTION_TYPES = [
  'BET',
  'BET_VOID',
  'CASHOUT',
  'CASHOUT_VOID',
  'DEPOSIT',
  'LOSS',
  'WIN',
  'WIN_VOID',
  'WITHDRAW',
  'DORMANT',
  'REVERSAL',
  'FORFEIT',
  'CANCELED',
  'REVERSAL_DP',
] as const;
export type TransactionType = (typeof TRANSACTION_TYPES)[number];

/** The history filter's time frames (product.md §3 "History state": filter.hour): the last 24 or 72 hours. */
export const TRANSACTION_TIME_FRAMES_HOURS = [24, 72] as const;
export type TransactionTimeFrameHours = (typeof TRANSACTION_TIME_FRAMES_HOURS)[number];

// ------------------------------------------------------------------- operation results (§4)

/**
 * behaviour.md §4 "Deposit and withdraw flows": every wallet operation result the platform answers
 * (the table's, and FORBIDDEN and SELF_SPEND_LIMIT_REACHED, which exist without a mapping).
 */
export const OPERATION_RESULTS = [
  'SUCCESS',
  'NOT_ENOUGH_FUNDS',
  'EXCEEDS_KYC_LIMIT',
  'FAILURE',
  'DOCUMENTS_PREFERRED',
  'DOCUMENTS_UNDER_REVIEW',
  'DOCUMENTS_REQUIRED',
  'DOCUMENTS_REQUIRED_RESTRICTED',
  'WITHDRAWAL_LIMIT_REACHED',
  'SELF_LIMIT_REACHED',
  'RESTRICTED',
  'FORBIDDEN',
  'SELF_SPEND_LIMIT_REACHED',
] as const;
export type OperationResult = (typeof OPERATION_RESULTS)[number];

/** The UI statuses of behaviour.md §4's table. */
export const OPERATION_UI_STATUSES = [
  'allowed',
  'error',
  'verify-document',
  'under-review',
  'required',
  'strict',
  'withdrawal-limit-reached',
  'self-limit-reached',
  'restricted',
] as const;
export type OperationUiStatus = (typeof OPERATION_UI_STATUSES)[number];

/**
 * behaviour.md §4, the operation-result -> UI status table, row by row. "verify-document" is the
 * spec's "verify-document (loyal)"; "self-limit-reached" is its "self-limit reached or notify" (the
 * deposit flow's notification says which). FORBIDDEN and SELF_SPEND_LIMIT_REACHED have no row: like
 * every other result, including an unknown one, they map to error (operationUiStatus).
 */
export const OPERATION_UI_STATUS: Readonly<Partial<Record<OperationResult, OperationUiStatus>>> = {
  SUCCESS: 'allowed',
  NOT_ENOUGH_FUNDS: 'error',
  EXCEEDS_KYC_LIMIT: 'error',
  FAILURE: 'error',
  DOCUMENTS_PREFERRED: 'verify-document',
  DOCUMENTS_UNDER_REVIEW: 'under-review',
  DOCUMENTS_REQUIRED: 'required',
  DOCUMENTS_REQUIRED_RESTRICTED: 'strict',
  WITHDRAWAL_LIMIT_REACHED: 'withdrawal-limit-reached',
  SELF_LIMIT_REACHED: 'self-limit-reached',
  RESTRICTED: 'restricted',
};

/** The UI status of any result the platform sent (a string it may not know): error when unmapped. */
export function operationUiStatus(result: string): OperationUiStatus {
  return Object.hasOwn(OPERATION_UI_STATUS, result) ? (OPERATION_UI_STATUS[result as OperationResult] ?? 'error') : 'error';
}

// ------------------------------------------------------------------------------------ money

/**
 * ISO 4217 minor units of every market currency (machines/lib/markets.ts): JPY and CLP have none.
 * The ledger stores every amount with 2 decimals; an amount in a currency without minor units is
 * whole (its 2 decimals are 00).
 */
export const CURRENCY_MINOR_UNITS = {
  EUR: 2,
  BRL: 2,
  CAD: 2,
  CLP: 0,
  INR: 2,
  NZD: 2,
  NOK: 2,
  SEK: 2,
  GBP: 2,
  PHP: 2,
  TRY: 2,
  JPY: 0,
} as const satisfies Record<string, 0 | 2>;
export type Currency = keyof typeof CURRENCY_MINOR_UNITS;

export function isCurrency(code: string): code is Currency {
  return Object.hasOwn(CURRENCY_MINOR_UNITS, code);
}

/**
 * A decimal amount as integer cents (hundredths of the unit, for every currency: the ledger's
 * scale), or null: not a non-negative decimal below 10^12 units with at most the currency's minor
 * units (machines/lib/money.ts, the codec the platform's ledger uses too).
 */
export function parseMoney(text: string, currency: Currency): number | null {
  const cents = decimalToCents(text, AMOUNT_BOUNDS);
  if (cents === null || (CURRENCY_MINOR_UNITS[currency] === 0 && !isWholeUnits(cents))) return null;
  return Number(cents);
}

/** Integer cents as the wire's decimal string: "12.50"; a currency without minor units: "1500". */
export function formatMoney(cents: number, currency: Currency): string {
  return centsToDecimal(BigInt(Math.round(cents)), { wholeUnits: CURRENCY_MINOR_UNITS[currency] === 0 });
}

/** A signed wire amount ("-12.50") as integer cents, or null. */
export function parseSignedMoney(text: string, currency: Currency): number | null {
  const trimmed = text.trim();
  const negative = trimmed.startsWith('-');
  const cents = parseMoney(negative ? trimmed.slice(1) : trimmed, currency);
  return cents === null ? null : negative ? -cents : cents;
}

// ------------------------------------------------------------------------------ balances

/** product.md §3 "Wallet": a player's balance map (wallet types MAIN, LOCKED, BONUS), amounts as wire decimals. */
export interface BalanceMap {
  MAIN: { cash: string };
  LOCKED: { cash: string };
  BONUS: readonly { vertical: BonusVertical; bonus: string }[];
}

/** product.md §3 "Wallet" fields, in cents. */
export interface WalletBalances {
  mainBalance: number;
  lockedBalance: number;
  sportsBonus: number;
  casinoBonus: number;
  liveCasinoBonus: number;
  /** behaviour.md §5: main + locked + the three bonus balances, to two decimals (exact in cents). */
  totalBalance: number;
}

/** The balances of a balance map (an amount that does not parse counts as 0: the platform's is exact). */
export function walletBalances(map: BalanceMap, currency: Currency): WalletBalances {
  const cents = (text: string) => parseSignedMoney(text, currency) ?? 0;
  const bonus = (vertical: BonusVertical) => map.BONUS.filter((entry) => entry.vertical === vertical).reduce((sum, entry) => sum + cents(entry.bonus), 0);
  const mainBalance = cents(map.MAIN.cash);
  const lockedBalance = cents(map.LOCKED.cash);
  const sportsBonus = bonus('SPORTS');
  const casinoBonus = bonus('CASINO');
  const liveCasinoBonus = bonus('LIVE_CASINO');
  return {
    mainBalance,
    lockedBalance,
    sportsBonus,
    casinoBonus,
    liveCasinoBonus,
    totalBalance: mainBalance + lockedBalance + sportsBonus + casinoBonus + liveCasinoBonus,
  };
}

/**
 * The bonus vertical of a page (issue 24: the header shows the bonus of the vertical the player is
 * in): the casino lobby's and its games' pages are CASINO's, the live casino's LIVE_CASINO's; other
 * pages have none. `path` is the app path below /{langmarket} (product.md §2).
 */
export function bonusVerticalOfPath(path: string): BonusVertical | null {
  const lobbies = [
    [LOBBY_PATHS.casino, 'CASINO'],
    [LOBBY_PATHS['live-casino'], 'LIVE_CASINO'],
  ] as const;
  for (const [base, vertical] of lobbies) if (path === base || path.startsWith(`${base}/`)) return vertical;
  return null;
}

/** The bonus money of a vertical in cents, or with none the three bonus balances summed (behaviour.md §5). */
export function bonusCentsOf(balances: WalletBalances, vertical: BonusVertical | null): number {
  if (vertical === 'SPORTS') return balances.sportsBonus;
  if (vertical === 'CASINO') return balances.casinoBonus;
  if (vertical === 'LIVE_CASINO') return balances.liveCasinoBonus;
  return balances.sportsBonus + balances.casinoBonus + balances.liveCasinoBonus;
}

// ------------------------------------------------------------------------------ the cashier

/** The cashier's payment method kinds (product.md §3: credit card, e-wallets, bank-transfer brands). */
export const PAYMENT_METHOD_KINDS = ['card', 'ewallet', 'bank'] as const;
export type PaymentMethodKind = (typeof PAYMENT_METHOD_KINDS)[number];

export interface CashierLimits {
  /** In the currency's units (whole numbers). */
  minDeposit: number;
  maxDeposit: number;
  minWithdrawal: number;
  maxWithdrawal: number;
  /** The amount presets of the deposit form. */
  depositPresets: readonly number[];
}

/**
 * The cashier's amounts per currency (the spec names none: a regulated operator's usual bounds,
 * roughly 10 to 5,000 EUR for a deposit and 20 to 10,000 EUR for a withdrawal, in each currency's
 * round numbers). The platform refuses what the form would refuse (validation.amount).
 */
export const CASHIER_LIMITS: Readonly<Record<Currency, CashierLimits>> = {
  EUR: { minDeposit: 10, maxDeposit: 5_000, minWithdrawal: 20, maxWithdrawal: 10_000, depositPresets: [20, 50, 100, 200] },
  BRL: { minDeposit: 50, maxDeposit: 25_000, minWithdrawal: 100, maxWithdrawal: 50_000, depositPresets: [100, 250, 500, 1_000] },
  CAD: { minDeposit: 15, maxDeposit: 7_500, minWithdrawal: 30, maxWithdrawal: 15_000, depositPresets: [30, 75, 150, 300] },
  CLP: { minDeposit: 10_000, maxDeposit: 5_000_000, minWithdrawal: 20_000, maxWithdrawal: 10_000_000, depositPresets: [20_000, 50_000, 100_000, 200_000] },
  INR: { minDeposit: 1_000, maxDeposit: 450_000, minWithdrawal: 2_000, maxWithdrawal: 900_000, depositPresets: [2_000, 5_000, 10_000, 20_000] },
  NZD: { minDeposit: 20, maxDeposit: 9_000, minWithdrawal: 40, maxWithdrawal: 18_000, depositPresets: [40, 100, 200, 400] },
  NOK: { minDeposit: 100, maxDeposit: 55_000, minWithdrawal: 200, maxWithdrawal: 110_000, depositPresets: [200, 500, 1_000, 2_000] },
  SEK: { minDeposit: 100, maxDeposit: 55_000, minWithdrawal: 200, maxWithdrawal: 110_000, depositPresets: [200, 500, 1_000, 2_000] },
  GBP: { minDeposit: 10, maxDeposit: 4_000, minWithdrawal: 20, maxWithdrawal: 8_500, depositPresets: [20, 50, 100, 200] },
  PHP: { minDeposit: 500, maxDeposit: 300_000, minWithdrawal: 1_000, maxWithdrawal: 600_000, depositPresets: [1_000, 2_500, 5_000, 10_000] },
  TRY: { minDeposit: 300, maxDeposit: 150_000, minWithdrawal: 600, maxWithdrawal: 300_000, depositPresets: [600, 1_500, 3_000, 6_000] },
  JPY: { minDeposit: 1_500, maxDeposit: 800_000, minWithdrawal: 3_000, maxWithdrawal: 1_600_000, depositPresets: [3_000, 7_500, 15_000, 30_000] },
};

export type AmountProblem = 'invalid' | 'tooLow' | 'tooHigh';

/** A deposit or withdrawal amount typed by the player, in cents, or why it cannot be sent. */
export function checkCashierAmount(
  text: string,
  currency: Currency,
  operation: 'deposit' | 'withdrawal',
): { ok: true; cents: number } | { ok: false; problem: AmountProblem } {
  const cents = parseMoney(text, currency);
  if (cents === null || cents === 0) return { ok: false, problem: 'invalid' };
  const limits = CASHIER_LIMITS[currency];
  const [min, max] = operation === 'deposit' ? [limits.minDeposit, limits.maxDeposit] : [limits.minWithdrawal, limits.maxWithdrawal];
  if (cents < min * 100) return { ok: false, problem: 'tooLow' };
  if (cents > max * 100) return { ok: false, problem: 'tooHigh' };
  return { ok: true, cents };
}

/**
 * Why an amount the player typed cannot be sent: the cashier's reasons, or 'decimals' when it is a
 * number with more decimals than the currency has (behaviour.md §9: at most two; none for a
 * currency without minor units, JPY and CLP), so that the player is told what to change.
 */
export type TypedAmountProblem = AmountProblem | 'decimals';

/** A plain decimal number with more decimals than the currency's minor units (checked where parseMoney refused it). */
export function hasTooManyDecimals(text: string, currency: Currency): boolean {
  const match = /^\d+\.(\d+)$/.exec(text.trim());
  return match !== null && (match[1] ?? '').length > CURRENCY_MINOR_UNITS[currency];
}

/** checkCashierAmount for the forms: a refused amount says when the decimals are the reason. */
export function checkTypedAmount(
  text: string,
  currency: Currency,
  operation: 'deposit' | 'withdrawal',
): { ok: true; cents: number } | { ok: false; problem: TypedAmountProblem } {
  const check = checkCashierAmount(text, currency, operation);
  if (!check.ok && check.problem === 'invalid' && hasTooManyDecimals(text, currency)) return { ok: false, problem: 'decimals' };
  return check;
}

/**
 * UKGC RTS 14B: in the GG market (Great Britain) a requested withdrawal cannot be reversed by the
 * player: no cancellation is offered and the platform refuses one. The markets' defaults
 * (machines/lib/responsibleGambling.ts withdrawalCancellation); the platform also follows an
 * operator's override of them (server/platform/settings.ts marketRules).
 */
export const WITHDRAWAL_CANCELLATION_BLOCKED_MARKETS: ReadonlySet<string> = new Set(MARKET_CODES.filter((code) => !marketRgRules(code).withdrawalCancellation));

/**
 * behaviour.md §8 error.withdrawal.cancel.limit_reached: how many pending withdrawals a player may
 * cancel in a rolling 24 hours (the spec names the code, not the number: one a regulated operator
 * would choose, so that cancelling is not a way to keep gambling the same money).
 */
export const WITHDRAWAL_CANCELLATIONS_PER_DAY = 3;

/** The simulated payment provider's outcomes (the platform's provider page offers each). */
export const PAYMENT_OUTCOMES = ['approve', 'decline', 'timeout'] as const;
export type PaymentOutcome = (typeof PAYMENT_OUTCOMES)[number];

/** A deposit's state at the payment provider, as the cashier reports it. */
export const DEPOSIT_STATUSES = ['PENDING', 'SUCCESS', 'FAILED', 'CANCELLED'] as const;
export type DepositStatus = (typeof DEPOSIT_STATUSES)[number];

// --------------------------------------------------------------------------- the live wallet

/** behaviour.md §7 "Wallet live connection": ping and pong come as plain text (the messages: src/api/wallet.ts). */
export const WALLET_PING_TEXT = 'ping';
export const WALLET_PONG_TEXT = 'pong';

// ------------------------------------------------------------------------- transaction history

export interface HistoryItem {
  referenceId: string;
  /** ISO 8601. */
  transactionDate: string;
}

/**
 * behaviour.md §4 "Transaction history" and §5: a new page merges into the list by referenceId (the
 * newer copy wins), de-duplicated and sorted by transaction date, newest first.
 */
export function mergeByReferenceId<T extends HistoryItem>(list: readonly T[], page: readonly T[]): T[] {
  const byReference = new Map<string, T>();
  for (const item of list) byReference.set(item.referenceId, item);
  for (const item of page) byReference.set(item.referenceId, item);
  return [...byReference.values()].sort((a, b) => Date.parse(b.transactionDate) - Date.parse(a.transactionDate) || (a.referenceId < b.referenceId ? -1 : 1));
}

/**
 * behaviour.md §4: firstInGroup is true when an item's calendar day differs from the previous item's
 * (the first item always starts a group). `dayOf` gives an item's calendar day in the player's time
 * zone (the screens pass date-fns' formatting; tests pass UTC).
 */
export function withDayGroups<T extends HistoryItem>(list: readonly T[], dayOf: (isoDate: string) => string): (T & { firstInGroup: boolean })[] {
  return list.map((item, index) => {
    const previous = list[index - 1];
    return { ...item, firstInGroup: previous === undefined || dayOf(previous.transactionDate) !== dayOf(item.transactionDate) };
  });
}

/** behaviour.md §4: hasMore only when a page returns exactly the page size. */
export function pageHasMore(pageLength: number, pageSize: number): boolean {
  return pageLength === pageSize;
}

// ------------------------------------------------------------------ the client core (issue 11)
// Added with the wallet, deposit, withdraw and history machines (machines/*.machine.ts): the rules
// those machines and the route guards share, so each is written once.

/** Where a pushed balance stands against the one shown (behaviour.md §4 "Wallet", issue 11). */
export type PushVersionVerdict = 'older' | 'next' | 'gap';

/**
 * Every push carries the wallet's version: one that is not newer than the balance shown is dropped
 * (older, or the same one again); the next one is applied; one that skips a version is applied (it
 * is the whole balance map, newer than anything missed) and the wallet is fetched again. With no
 * balance shown yet, any push is the next one.
 */
export function pushVersionVerdict(shown: number | null, pushed: number): PushVersionVerdict {
  if (shown === null) return 'next';
  if (pushed <= shown) return 'older';
  return pushed === shown + 1 ? 'next' : 'gap';
}

/**
 * What the cashier flows know of the player: the session spawns the deposit and withdraw flows
 * with it (machines/session.machine.ts cashierPlayerOf), read from its profile, access details and
 * claims the way the route guards read them.
 */
export interface CashierPlayer {
  /** The account currency (the profile's currencyCode; DEFAULT_CURRENCY when unknown). */
  currency: Currency;
  /** The market whose rules apply to the player's money (marketOfCountry): the GG rule is about it. */
  market: string;
  /** product.md §3 access flags; null when neither the access call nor the profile answered. */
  access: { deposit: boolean; payout: boolean; withdrawal: boolean } | null;
  /** The multibrand claim's suspended flag (product.md §3 "Session"). */
  multibrandSuspended: boolean;
}

/**
 * behaviour.md §5: deposits are allowed only when deposit is enabled, payout is not restricted and
 * the multibrand account is not suspended. Unknown access (the profile and the access call both
 * failed) allows nothing: the flow says so rather than guess.
 */
export function depositAllowed(player: CashierPlayer): boolean {
  return player.access !== null && player.access.deposit && player.access.payout && !player.multibrandSuspended;
}

/**
 * behaviour.md §4 "Other withdrawal UI states: suspended and inactive"; §6 "Payout is blocked on
 * suspension". A suspended multibrand account is `suspended`; no withdrawal access (or unknown
 * access) is `notAllowed`.
 */
export type WithdrawalAccess = 'allowed' | 'suspended' | 'notAllowed';

export function withdrawalAccess(player: CashierPlayer): WithdrawalAccess {
  if (player.multibrandSuspended) return 'suspended';
  return player.access?.withdrawal === true ? 'allowed' : 'notAllowed';
}

/** UKGC RTS 14B: a pending withdrawal may be cancelled by the player except in these markets. */
export function withdrawalCancellable(market: string): boolean {
  return !WITHDRAWAL_CANCELLATION_BLOCKED_MARKETS.has(market.toUpperCase());
}

/** The account currency of a profile's currencyCode (product.md §3: default EUR). */
export function cashierCurrency(code: string | null | undefined): Currency {
  return typeof code === 'string' && isCurrency(code) ? code : DEFAULT_CURRENCY;
}

/** A non-negative wire amount of a signed one ("-20.00" of a withdrawal is "20.00"). */
export function unsignedAmount(text: string): string {
  return text.trim().replace(/^-/, '');
}

/** A history row's statuses that are not settled yet: the balance after them is not known. */
export const UNSETTLED_TRANSACTION_STATUSES: ReadonlySet<TransactionStatus> = new Set(['PENDING', 'WAITING_INPUT']);
/** A history row's statuses after which no money moved (declined, cancelled, undone). */
export const NO_MONEY_MOVED_STATUSES: ReadonlySet<TransactionStatus> = new Set(['FAILED', 'CANCELLED', 'REVERTED']);

/**
 * How a history row reads (issue 21 item 11): `direction` is 'in' or 'out' for money that moved or
 * is moving, 'none' for a row after which nothing moved (a declined deposit is no credit: its
 * amount is shown without a sign); `balanceAfter` is the wire balance after the row, or null while
 * the row is pending (it is known once it settles) or when the platform sent none.
 */
export function historyRowReading(item: { amount: string; status: TransactionStatus; balanceAfterTransaction: string }): {
  direction: 'in' | 'out' | 'none';
  balanceAfter: string | null;
} {
  const cents = parseSignedMoney(item.amount, 'EUR') ?? 0;
  const direction = NO_MONEY_MOVED_STATUSES.has(item.status) || cents === 0 ? 'none' : cents > 0 ? 'in' : 'out';
  const settled = !UNSETTLED_TRANSACTION_STATUSES.has(item.status);
  const balanceAfter = settled && parseSignedMoney(item.balanceAfterTransaction, 'EUR') !== null ? item.balanceAfterTransaction.trim() : null;
  return { direction, balanceAfter };
}

/**
 * How often the deposit's status is asked after the provider sent the player back (the spec names
 * no interval): every 2 s, so a paid deposit shows almost at once, at most DEPOSIT_STATUS_POLLS
 * times (a minute). The platform settles a deposit whose provider went quiet (GLI-19: the outcome
 * is shown after an interruption), so a deposit still pending after that is shown as pending, with
 * a way to ask again.
 */
export const DEPOSIT_STATUS_POLL_MS = 2_000;
export const DEPOSIT_STATUS_POLLS = 30;

/** product.md §3 "History state" filter {category, from, to, hour, status}; null is "any". */
export interface HistoryFilter {
  category: TransactionCategory | null;
  /** ISO 8601 instants (a date picker's day start and end in the player's time zone). */
  from: string | null;
  to: string | null;
  /** The last 24 or 72 hours, instead of from/to. */
  hour: TransactionTimeFrameHours | null;
  status: TransactionStatus | null;
}

export const NO_HISTORY_FILTER: HistoryFilter = { category: null, from: null, to: null, hour: null, status: null };

/** product.md §3 filterApplied: any part of the filter is set. */
export function historyFilterApplied(filter: HistoryFilter): boolean {
  return Object.values(filter).some((value) => value !== null);
}

// ------------------------------------------------------- the cashier's market and return path

/**
 * The market whose rules apply to a player's money: the market of the player's country (a GB
 * player is GG's, UKGC), else the global UN. The platform reads it for the payment methods and the
 * GG withdrawal rule; the route's market does not change a player's jurisdiction.
 */
export function marketOfCountry(countryCode: string): MarketCode {
  return MARKET_CODES.find((code) => MARKETS[code].originCountry === countryCode) ?? DEFAULT_MARKET;
}

/** The cashier's pages the payment provider may send the player back to (below the {langmarket}). */
export const CASHIER_RETURN_ROUTES = ['/deposit', '/my-account/banking/deposit'] as const;

/**
 * A deposit's return path (src/api/wallet.ts depositRequestSchema.returnPath), normalised, or null:
 * a same-site path (machines/lib/sameSitePath.ts) to a cashier deposit page of a served
 * {langmarket}, with its own query if any.
 */
export function cashierReturnPath(raw: unknown): string | null {
  const path = sameSitePath(raw);
  if (path === null) return null;
  const pathname = path.split(/[?#]/)[0] ?? '';
  const match = /^\/([^/]+)(\/.*?)\/?$/.exec(pathname);
  if (!match) return null;
  const [, segment = '', route = ''] = match;
  if (parseLangMarket(segment) === null) return null;
  return (CASHIER_RETURN_ROUTES as readonly string[]).includes(route) ? path : null;
}
