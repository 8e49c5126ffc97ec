import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import {
  BONUS_VERTICALS,
  CURRENCY_MINOR_UNITS,
  isCurrency,
  type BonusVertical,
  type Currency,
  type TransactionCategory,
  type TransactionStatus,
  type TransactionType,
} from '../../machines/lib/wallet';
import type { Database } from '../db/schema';
import { inTransaction } from '../repositories/transaction';
import { insertWalletTransaction, type WalletTransactionRow } from '../repositories/wallet-transactions';
import { runningTotals } from '../repositories/wallets';
import { accountEntrySum, bumpWalletVersion, findLedgerTransactionRow, insertLedgerEntries, insertLedgerTransaction, lockWalletRow } from '../repositories/ledger';
import { fromCents, toCents } from '../platform/decimal';

export { fromCents, toCents } from '../platform/decimal';

// The double-entry wallet ledger (ARCHITECTURE.md "The reference platform"; issue 11): every balance
// change is a transaction whose entries move money between accounts and sum to zero; a balance is the
// sum of an account's entries, never a stored number; every transaction carries an idempotency key,
// so a replayed request (a retried deposit, two concurrent calls) never moves money twice. Amounts
// are numeric(18, 2) in the database and decimal strings ("12.50") or bigint cents here: never
// binary floating point. A currency without minor units (JPY, CLP) moves whole amounts only.
//
// A player's accounts are MAIN, LOCKED (withdrawals waiting for the payout) and BONUS per vertical
// (product.md §3 "Wallet"). Every posting on them goes through postOnWallet, inside a database
// transaction that holds the player's wallet row (lockWallet: SELECT ... FOR UPDATE), so one
// player's postings run one at a time on PostgreSQL and PGlite alike; it refuses to take an account
// below zero (and the database refuses it again, migration 0009's check), increments the wallet's
// version and notifies the live balance (server/repositories/wallet-events.ts) on commit. The SQL is
// server/repositories/ledger.ts's.
//
// Each entry on a player's account carries the account's running total (`balance_after`, the sum
// of its entries up to this one), written once by the database at insert (migration 0009): a
// balance is read from the account's newest entry, one index probe, instead of a sum over the
// player's whole history. `ledger_account_drift` lists any account where the two would differ.

/** Where a deposit's money comes from and a paid-out withdrawal goes: the cashier's settlement account. */
export const CASHIER_CLEARING_ACCOUNT = 'cashier:clearing';
/** Operator credits and debits (test mode's credit; later: goodwill, dormant fees). */
export const ADJUSTMENT_ACCOUNT = 'operator:adjustments';

/** The house side of bets and wins, one per game category (`games:CASINO`, ...). */
export function gameAccount(category: TransactionCategory): string {
  return `games:${category}`;
}

export type PlayerSubAccount = 'MAIN' | 'LOCKED' | `BONUS:${BonusVertical}`;

/** A player's account (`player:<id>:MAIN`, `player:<id>:LOCKED`, `player:<id>:BONUS:CASINO`). */
export function playerAccount(playerId: number, sub: PlayerSubAccount = 'MAIN'): string {
  return `player:${String(playerId)}:${sub}`;
}

export function bonusAccount(playerId: number, vertical: BonusVertical): string {
  return playerAccount(playerId, `BONUS:${vertical}`);
}

/**
 * Issue 24: where bonus money comes from and where a forfeited or expired bonus (and a sticky bonus's
 * own amount at conversion) goes back: the operator's bonus account (server/services/bonuses.ts).
 */
export const BONUS_FUNDING_ACCOUNT = 'operator:bonus';

export type LedgerKind =
  | 'DEPOSIT'
  | 'WITHDRAWAL'
  | 'WITHDRAWAL_CANCELLATION'
  | 'WITHDRAWAL_PAYOUT'
  | 'BET'
  | 'WIN'
  | 'ROLLBACK'
  | 'ADJUSTMENT'
  // Issue 24 (server/services/bonuses.ts): a bonus credited into BONUS:<vertical>, removed (forfeit,
  // expiry), or converted at 100 % wagering (to MAIN; a sticky bonus's own amount back to the operator).
  | 'BONUS_CREDIT'
  | 'BONUS_FORFEIT'
  | 'BONUS_CONVERSION';

export interface LedgerEntryInput {
  account: string;
  /** Signed decimal ("-10.00" leaves the account, "10.00" enters it). */
  amount: string;
}

export interface PostTransactionInput {
  idempotencyKey: string;
  kind: LedgerKind;
  playerId: number | null;
  /** The transaction's (positive) amount, as shown to the player. */
  amount: string | number;
  currency: string;
  reference?: string | null | undefined;
  entries: readonly LedgerEntryInput[];
  /** The wallet whose accounts move (postOnWallet sets it). */
  walletId?: string | null | undefined;
  /** The history row this posting belongs to (server/repositories/wallet-transactions.ts). */
  walletTransactionId?: number | null | undefined;
}

export interface PostedTransaction {
  id: number;
  idempotencyKey: string;
  kind: string;
  playerId: number | null;
  amount: string;
  currency: string;
  reference: string | null;
  createdAt: Date;
  /** True when the key was already posted: nothing moved this time. */
  replayed: boolean;
  /** A new posting's player accounts with their running totals after it, in cents (empty on a replay). */
  runningBalances: ReadonlyMap<string, bigint>;
}

/** A key posted before for a different transaction: the caller reused a key by mistake. */
export class LedgerConflictError extends Error {
  constructor(idempotencyKey: string) {
    super(`Idempotency key ${idempotencyKey} was already used for a different transaction.`);
    this.name = 'LedgerConflictError';
  }
}

/** A posting for a player without a wallet (every player gets one with the account, migration 0008). */
export class WalletMissingError extends Error {
  constructor(playerId: number) {
    super(`Player ${String(playerId)} has no wallet.`);
    this.name = 'WalletMissingError';
  }
}

/** A posting that would take one of the player's accounts below zero: nothing was posted. */
export class InsufficientFundsError extends Error {
  readonly account: string;
  constructor(account: string) {
    super(`The posting would take ${account} below zero.`);
    this.name = 'InsufficientFundsError';
    this.account = account;
  }
}

/** Throws unless `cents` is a positive amount the currency can hold (JPY and CLP: whole units). */
export function assertAmount(cents: bigint, currency: string): void {
  if (cents <= 0n) throw new RangeError('A transaction amount must be positive.');
  if (isCurrency(currency) && CURRENCY_MINOR_UNITS[currency] === 0 && cents % 100n !== 0n) {
    throw new RangeError(`${currency} has no minor units: ${fromCents(cents)} is not a whole amount.`);
  }
}

/**
 * Posts a transaction and its entries atomically, once per idempotency key. Inside a Kysely
 * transaction (`db.isTransaction`) it joins it; otherwise it opens its own. Postings on a player's
 * accounts go through postOnWallet, which calls this with the wallet locked.
 */
export async function postTransaction(db: Kysely<Database>, input: PostTransactionInput): Promise<PostedTransaction> {
  const amountCents = toCents(input.amount);
  assertAmount(amountCents, input.currency);
  if (input.entries.length < 2) throw new RangeError('A transaction needs at least two entries.');
  const entryCents = input.entries.map((entry) => toCents(entry.amount));
  if (entryCents.reduce((sum, cents) => sum + cents, 0n) !== 0n) {
    throw new RangeError('The entries of a transaction must sum to zero.');
  }
  if ((input.walletId ?? null) === null && input.entries.some((entry) => entry.account.startsWith('player:'))) {
    throw new Error("A posting on a player's accounts goes through postOnWallet (the wallet lock, the version, the live notice).");
  }
  const amount = fromCents(amountCents);

  const post = async (trx: Kysely<Database>): Promise<PostedTransaction> => {
    // ON CONFLICT DO NOTHING: a concurrent call with the same key waits for the first to commit,
    // then inserts nothing (PostgreSQL); PGlite runs one transaction at a time anyway.
    const inserted = await insertLedgerTransaction(trx, {
      idempotency_key: input.idempotencyKey,
      kind: input.kind,
      player_id: input.playerId,
      amount,
      currency: input.currency,
      reference: input.reference ?? null,
      wallet_id: input.walletId ?? null,
      wallet_transaction_id: input.walletTransactionId ?? null,
    });
    if (!inserted) {
      const existing = await findLedgerTransaction(trx, input.idempotencyKey);
      if (!existing) throw new LedgerConflictError(input.idempotencyKey);
      if (!samePosting(existing, input, amountCents)) throw new LedgerConflictError(input.idempotencyKey);
      return existing;
    }
    const entries = await insertLedgerEntries(
      trx,
      input.entries.map((entry, index) => ({
        transaction_id: inserted.id,
        account: entry.account,
        amount: fromCents(entryCents[index] ?? 0n),
        currency: input.currency,
      })),
    );
    const running = new Map<string, bigint>();
    for (const entry of entries) if (entry.balance_after !== null) running.set(entry.account, toCents(entry.balance_after));
    return { ...toPosted(inserted, false), runningBalances: running };
  };

  return inTransaction(db, post);
}

function samePosting(existing: PostedTransaction, input: Pick<PostTransactionInput, 'kind' | 'playerId' | 'currency'>, amountCents: bigint): boolean {
  return existing.kind === input.kind && existing.playerId === input.playerId && existing.currency === input.currency && toCents(existing.amount) === amountCents;
}

/** The ledger transaction posted under a key (as a replay), or undefined. */
export async function findLedgerTransaction(db: Kysely<Database>, idempotencyKey: string): Promise<PostedTransaction | undefined> {
  const row = await findLedgerTransactionRow(db, idempotencyKey);
  return row ? toPosted(row, true) : undefined;
}

// ------------------------------------------------------------------------------ the wallet

export interface LockedWallet {
  id: string;
  playerId: number;
  currency: Currency;
  version: number;
  /** The database transaction that holds the lock (postOnWallet does not lock twice in it). */
  lockedBy: Kysely<Database>;
}

function walletCurrency(code: string): Currency {
  if (!isCurrency(code)) throw new Error(`The wallet's currency ${code} is not one the cashier knows (machines/lib/wallet.ts).`);
  return code;
}

/**
 * The player's wallet row, locked until the transaction ends (SELECT ... FOR UPDATE): every
 * operation on the player's money takes it first, so they serialise. Undefined: no wallet.
 */
export async function lockWallet(trx: Kysely<Database>, playerId: number): Promise<LockedWallet | undefined> {
  if (!trx.isTransaction) throw new Error('lockWallet runs inside a transaction (inTransaction).');
  const row = await lockWalletRow(trx, playerId);
  return row ? { id: row.id, playerId: row.player_id, currency: walletCurrency(row.currency), version: Number(row.version), lockedBy: trx } : undefined;
}

/** A player's balances in cents (sums of entries). */
export interface PlayerBalances {
  MAIN: bigint;
  LOCKED: bigint;
  BONUS: Readonly<Record<BonusVertical, bigint>>;
}

/** Every account of a player, in the order of the balance map. */
export function playerAccounts(playerId: number): { MAIN: string; LOCKED: string; BONUS: Record<BonusVertical, string> } {
  return {
    MAIN: playerAccount(playerId, 'MAIN'),
    LOCKED: playerAccount(playerId, 'LOCKED'),
    BONUS: Object.fromEntries(BONUS_VERTICALS.map((vertical) => [vertical, bonusAccount(playerId, vertical)])) as Record<BonusVertical, string>,
  };
}

/** Each of the player's accounts with its balance. */
export function accountBalances(playerId: number, balances: PlayerBalances): [string, bigint][] {
  const accounts = playerAccounts(playerId);
  return [
    [accounts.MAIN, balances.MAIN],
    [accounts.LOCKED, balances.LOCKED],
    ...BONUS_VERTICALS.map((vertical): [string, bigint] => [accounts.BONUS[vertical], balances.BONUS[vertical]]),
  ];
}

/** Every account name of a player, in the order of the balance map. */
export function playerAccountNames(playerId: number): string[] {
  const accounts = playerAccounts(playerId);
  return [accounts.MAIN, accounts.LOCKED, ...BONUS_VERTICALS.map((vertical) => accounts.BONUS[vertical])];
}

/** The player's balances in their wallet's currency, in one statement (one snapshot). */
export async function playerBalances(db: Kysely<Database>, playerId: number, currency: string): Promise<PlayerBalances> {
  const rows = await runningTotals(db, playerAccountNames(playerId), currency);
  return balancesFrom(playerId, new Map(rows.map((row) => [row.account, toCents(row.total)])));
}

/** The balances of a player from sums by account name (an account without entries is 0). */
export function balancesFrom(playerId: number, totals: ReadonlyMap<string, bigint>): PlayerBalances {
  const accounts = playerAccounts(playerId);
  const of = (account: string) => totals.get(account) ?? 0n;
  return {
    MAIN: of(accounts.MAIN),
    LOCKED: of(accounts.LOCKED),
    BONUS: Object.fromEntries(BONUS_VERTICALS.map((vertical) => [vertical, of(accounts.BONUS[vertical])])) as Record<BonusVertical, bigint>,
  };
}

export interface WalletPosting {
  /** The ledger's key: one posting for ever (a replay with the same parameters answers it). */
  idempotencyKey: string;
  kind: LedgerKind;
  /** The transaction's positive amount in cents. */
  cents: bigint;
  /** Signed cents per account; they sum to zero. */
  entries: readonly { account: string; cents: bigint }[];
  reference?: string | null | undefined;
  walletTransactionId?: number | null | undefined;
}

export interface WalletPosted {
  posted: PostedTransaction;
  /** The wallet's version after the posting (unchanged on a replay). */
  version: number;
  balances: PlayerBalances;
}

/**
 * Posts on a player's accounts, inside the caller's transaction, with the wallet locked (locked
 * here unless this transaction holds it already). Refuses (InsufficientFundsError, the caller's
 * transaction then rolls back) a posting that takes any of the player's accounts below zero; on a
 * new posting increments the wallet's version and notifies the live balance on commit. `before`:
 * the balances the caller read under this lock, if it has them (saves reading them again).
 */
export async function postOnWallet(trx: Kysely<Database>, wallet: LockedWallet, posting: WalletPosting, before?: PlayerBalances): Promise<WalletPosted> {
  const locked = wallet.lockedBy === trx ? wallet : await lockWallet(trx, wallet.playerId);
  if (locked?.id !== wallet.id) throw new WalletMissingError(wallet.playerId);
  const current = before ?? (await playerBalances(trx, wallet.playerId, wallet.currency));
  // Refused before anything is written (unless it is a replay, answered as posted); the database's
  // check (migration 0009) stands behind this.
  const deltas = new Map<string, bigint>();
  for (const entry of posting.entries) deltas.set(entry.account, (deltas.get(entry.account) ?? 0n) + entry.cents);
  const negative = accountBalances(wallet.playerId, current).find(([account, cents]) => cents + (deltas.get(account) ?? 0n) < 0n);
  if (negative) {
    const existing = await findLedgerTransaction(trx, posting.idempotencyKey);
    if (!existing) throw new InsufficientFundsError(negative[0]);
    if (
      !samePosting(
        existing,
        {
          kind: posting.kind,
          playerId: wallet.playerId,
          currency: wallet.currency,
        },
        posting.cents,
      )
    ) {
      throw new LedgerConflictError(posting.idempotencyKey);
    }
    return { posted: existing, version: locked.version, balances: current };
  }
  const posted = await postTransaction(trx, {
    idempotencyKey: posting.idempotencyKey,
    kind: posting.kind,
    playerId: wallet.playerId,
    amount: fromCents(posting.cents),
    currency: wallet.currency,
    reference: posting.reference,
    entries: posting.entries.map((entry) => ({
      account: entry.account,
      amount: fromCents(entry.cents),
    })),
    walletId: wallet.id,
    walletTransactionId: posting.walletTransactionId,
  });
  if (posted.replayed) return { posted, version: locked.version, balances: current };
  const balances = balancesFrom(
    wallet.playerId,
    new Map(accountBalances(wallet.playerId, current).map(([account, cents]) => [account, posted.runningBalances.get(account) ?? cents])),
  );
  // The version and the live notice in one statement (the notice is delivered on commit).
  const version = await bumpWalletVersion(trx, wallet.id, wallet.playerId);
  return { posted, version, balances };
}

/** A new history reference (product.md §3 referenceId). */
export function newReferenceId(): string {
  return randomUUID();
}

export interface HistoryInput {
  category: TransactionCategory;
  type: TransactionType;
  status: TransactionStatus;
  /** Signed cents, as the player sees it. */
  amount: bigint;
  /** MAIN after the transaction took effect. */
  balanceAfter: bigint;
  methodId?: string | null | undefined;
  externalId?: string | null | undefined;
  relatedId?: number | null | undefined;
  /** A game bet's round (`<provider>:<roundId>`, migration 0014). */
  gameRound?: string | null | undefined;
  at: Date;
}

/** A history row of the locked wallet (server/repositories/wallet-transactions.ts). */
export function recordHistory(trx: Kysely<Database>, wallet: LockedWallet, input: HistoryInput): Promise<WalletTransactionRow> {
  return insertWalletTransaction(trx, {
    reference_id: newReferenceId(),
    player_id: wallet.playerId,
    wallet_id: wallet.id,
    currency: wallet.currency,
    category: input.category,
    type: input.type,
    status: input.status,
    amount: fromCents(input.amount),
    balance_after: fromCents(input.balanceAfter),
    method_id: input.methodId ?? null,
    external_id: input.externalId ?? null,
    related_id: input.relatedId ?? null,
    game_round: input.gameRound ?? null,
    created_at: input.at,
    updated_at: input.at,
  });
}

// ------------------------------------------------------------------------------ deposits

export interface DepositInput {
  playerId: number;
  amount: string | number;
  currency: string;
  idempotencyKey: string;
  reference?: string | null | undefined;
  /** The cashier's payment method ("trustly"); null for pay and play's bank payment. */
  methodId?: string | null | undefined;
  /** The history row of a deposit requested before (the cashier's PENDING one), settled by this posting. */
  walletTransactionId?: number | null | undefined;
  at?: Date | undefined;
}

/**
 * A deposit: the cashier's clearing account pays into the player's MAIN account, once per key, with
 * its history row (PAYMENT / DEPOSIT / SUCCESS) unless the caller gives one. Pay and play's first
 * deposit and the cashier's approved deposits both post here.
 */
export async function postDeposit(db: Kysely<Database>, input: DepositInput): Promise<PostedTransaction> {
  const cents = toCents(input.amount);
  assertAmount(cents, input.currency);
  return inTransaction(db, async (trx) => {
    const wallet = await lockWallet(trx, input.playerId);
    if (!wallet) throw new WalletMissingError(input.playerId);
    if (wallet.currency !== input.currency) throw new RangeError(`The wallet holds ${wallet.currency}; the deposit is in ${input.currency}.`);
    const existing = await findLedgerTransaction(trx, input.idempotencyKey);
    if (existing) {
      if (
        !samePosting(
          existing,
          {
            kind: 'DEPOSIT',
            playerId: input.playerId,
            currency: input.currency,
          },
          cents,
        )
      ) {
        throw new LedgerConflictError(input.idempotencyKey);
      }
      return existing;
    }
    const before = await playerBalances(trx, input.playerId, wallet.currency);
    const walletTransactionId =
      input.walletTransactionId ??
      (
        await recordHistory(trx, wallet, {
          category: 'PAYMENT',
          type: 'DEPOSIT',
          status: 'SUCCESS',
          amount: cents,
          balanceAfter: before.MAIN + cents,
          methodId: input.methodId,
          at: input.at ?? new Date(),
        })
      ).id;
    const { posted } = await postOnWallet(trx, wallet, {
      idempotencyKey: input.idempotencyKey,
      kind: 'DEPOSIT',
      cents,
      entries: [
        { account: playerAccount(input.playerId), cents },
        { account: CASHIER_CLEARING_ACCOUNT, cents: -cents },
      ],
      reference: input.reference,
      walletTransactionId,
    });
    return posted;
  });
}

/** The sum of an account's entries ("0.00" for an account with none), optionally in one currency. */
export async function balance(db: Kysely<Database>, account: string, currency?: string): Promise<string> {
  return fromCents(toCents(await accountEntrySum(db, account, currency)));
}

function toPosted(
  row: {
    id: number;
    idempotency_key: string;
    kind: string;
    player_id: number | null;
    amount: string;
    currency: string;
    reference: string | null;
    created_at: Date;
  },
  replayed: boolean,
): PostedTransaction {
  return {
    id: row.id,
    idempotencyKey: row.idempotency_key,
    kind: row.kind,
    playerId: row.player_id,
    amount: fromCents(toCents(row.amount)),
    currency: row.currency,
    reference: row.reference,
    createdAt: row.created_at,
    replayed,
    runningBalances: new Map(),
  };
}
