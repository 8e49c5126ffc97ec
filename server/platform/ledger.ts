import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema';

// The double-entry wallet ledger (ARCHITECTURE.md "The reference platform"): every balance change
// is a transaction whose entries move money between accounts and sum to zero; a balance is the sum
// of an account's entries; every transaction carries an idempotency key, so a replayed request
// (a retried deposit, two concurrent calls) never moves money twice. Amounts are numeric(18, 2)
// in the database and decimal strings ("12.50") here: never binary floating point.

/** Where a deposit's money comes from: the (simulated) cashier's settlement account. */
export const CASHIER_CLEARING_ACCOUNT = 'cashier:clearing';

export type PlayerSubAccount = 'MAIN';

/** A player's wallet account (`player:<id>:MAIN`). The wallet issue adds bonus and locked ones. */
export function playerAccount(playerId: number, sub: PlayerSubAccount = 'MAIN'): string {
  return `player:${String(playerId)}:${sub}`;
}

export type LedgerKind = 'DEPOSIT';

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
}

/** A key posted before for a different transaction: the caller reused a key by mistake. */
export class LedgerConflictError extends Error {
  constructor(idempotencyKey: string) {
    super(`Idempotency key ${idempotencyKey} was already used for a different transaction.`);
    this.name = 'LedgerConflictError';
  }
}

const DECIMAL = /^(-?)(\d{1,16})(?:\.(\d{1,2}))?$/;

/** A decimal string or number with at most 2 fraction digits as integer cents; throws otherwise. */
export function toCents(amount: string | number): bigint {
  const text = typeof amount === 'number' ? numberToDecimal(amount) : amount.trim();
  const match = DECIMAL.exec(text);
  if (!match) throw new RangeError(`Not an amount with at most 2 decimals: ${text}`);
  const [, sign = '', units = '0', fraction = ''] = match;
  const cents = BigInt(units) * 100n + BigInt(fraction.padEnd(2, '0'));
  return sign === '-' ? -cents : cents;
}

/** Integer cents as a decimal string with 2 fraction digits ("-12.50"). */
export function fromCents(cents: bigint): string {
  const negative = cents < 0n;
  const abs = negative ? -cents : cents;
  const units = abs / 100n;
  const fraction = (abs % 100n).toString().padStart(2, '0');
  return `${negative ? '-' : ''}${units.toString()}.${fraction}`;
}

function numberToDecimal(amount: number): string {
  if (!Number.isFinite(amount)) throw new RangeError(`Not a finite amount: ${String(amount)}`);
  const fixed = amount.toFixed(2);
  if (Math.abs(Number(fixed) - amount) > 1e-9) throw new RangeError(`More than 2 decimals: ${String(amount)}`);
  return fixed;
}

/**
 * Posts a transaction and its entries atomically, once per idempotency key. Inside a Kysely
 * transaction (`db.isTransaction`) it joins it; otherwise it opens its own.
 */
export async function postTransaction(db: Kysely<Database>, input: PostTransactionInput): Promise<PostedTransaction> {
  const amountCents = toCents(input.amount);
  if (amountCents <= 0n) throw new RangeError('A transaction amount must be positive.');
  if (input.entries.length < 2) throw new RangeError('A transaction needs at least two entries.');
  const entryCents = input.entries.map((entry) => toCents(entry.amount));
  if (entryCents.reduce((sum, cents) => sum + cents, 0n) !== 0n) {
    throw new RangeError('The entries of a transaction must sum to zero.');
  }
  const amount = fromCents(amountCents);

  const post = async (trx: Kysely<Database>): Promise<PostedTransaction> => {
    // ON CONFLICT DO NOTHING: a concurrent call with the same key waits for the first to commit,
    // then inserts nothing (PostgreSQL); PGlite runs one transaction at a time anyway.
    const inserted = await trx
      .insertInto('ledger_transactions')
      .values({
        idempotency_key: input.idempotencyKey,
        kind: input.kind,
        player_id: input.playerId,
        amount,
        currency: input.currency,
        reference: input.reference ?? null,
      })
      .onConflict((oc) => oc.column('idempotency_key').doNothing())
      .returningAll()
      .executeTakeFirst();
    if (!inserted) {
      const existing = await trx
        .selectFrom('ledger_transactions')
        .selectAll()
        .where('idempotency_key', '=', input.idempotencyKey)
        .executeTakeFirstOrThrow();
      const same =
        existing.kind === input.kind &&
        existing.player_id === input.playerId &&
        existing.currency === input.currency &&
        toCents(existing.amount) === amountCents;
      if (!same) throw new LedgerConflictError(input.idempotencyKey);
      return toPosted(existing, true);
    }
    await trx
      .insertInto('ledger_entries')
      .values(
        input.entries.map((entry, index) => ({
          transaction_id: inserted.id,
          account: entry.account,
          amount: fromCents(entryCents[index] ?? 0n),
          currency: input.currency,
        })),
      )
      .execute();
    return toPosted(inserted, false);
  };

  return db.isTransaction ? post(db) : db.transaction().execute(post);
}

export interface DepositInput {
  playerId: number;
  amount: string | number;
  currency: string;
  idempotencyKey: string;
  reference?: string | null | undefined;
}

/** A deposit: the cashier's clearing account pays into the player's MAIN account. */
export async function postDeposit(db: Kysely<Database>, input: DepositInput): Promise<PostedTransaction> {
  const cents = toCents(input.amount);
  return postTransaction(db, {
    idempotencyKey: input.idempotencyKey,
    kind: 'DEPOSIT',
    playerId: input.playerId,
    amount: input.amount,
    currency: input.currency,
    reference: input.reference,
    entries: [
      { account: playerAccount(input.playerId), amount: fromCents(cents) },
      { account: CASHIER_CLEARING_ACCOUNT, amount: fromCents(-cents) },
    ],
  });
}

/** The sum of an account's entries ("0.00" for an account with none), optionally in one currency. */
export async function balance(db: Kysely<Database>, account: string, currency?: string): Promise<string> {
  let query = db
    .selectFrom('ledger_entries')
    .select(sql<string>`coalesce(sum(amount), 0)::text`.as('total'))
    .where('account', '=', account);
  if (currency !== undefined) query = query.where('currency', '=', currency);
  const row = await query.executeTakeFirstOrThrow();
  return fromCents(toCents(row.total));
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
  };
}
