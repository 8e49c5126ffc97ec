import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { toCents } from '../platform/decimal';

// Read-only SQL over the wallets (migration 0008) and their ledger balances. Postings are
// server/services/ledger.ts's (their SQL is server/repositories/ledger.ts, which locks the wallet row).

export interface WalletSnapshot {
  walletId: string;
  playerId: number;
  currency: string;
  version: number;
  /** Sum of entries per account name, for the accounts asked for that have entries. */
  totals: Map<string, bigint>;
}

/**
 * The newest running total of each account (the sum of its entries, migration 0009), as a SQL
 * fragment: one index probe per account. Rows `(account, total)`; an account without entries has none.
 */
export function runningTotalsSql(accounts: readonly string[], currency: RawCurrency) {
  return sql<{ account: string; total: string }>`
    select a.account, e.balance_after::text as total
      from unnest(${sql.val([...accounts])}::text[]) as a(account)
      cross join lateral (
        select balance_after from ledger_entries
         where account = a.account and currency = ${currency} and account_seq is not null
         order by account_seq desc
         limit 1
      ) e`;
}

/** A currency given as a value or as a column of the surrounding query (walletSnapshot's `w.currency`). */
type RawCurrency = string | ReturnType<typeof sql.ref>;

/**
 * A player's wallet with the balances (sums of entries, read from their running totals, migration
 * 0009) of the given accounts in its currency, in one statement (one snapshot: the version and the
 * balances belong together). Undefined: the player has no wallet.
 */
export async function walletSnapshot(db: Kysely<Database>, playerId: number, accounts: readonly string[]): Promise<WalletSnapshot | undefined> {
  const { rows } = await sql<{
    id: string;
    player_id: number;
    currency: string;
    version: string;
    account: string | null;
    total: string | null;
  }>`
    select w.id, w.player_id, w.currency, w.version::text as version, t.account, t.total
      from wallets w
      left join lateral (${runningTotalsSql(accounts, sql.ref('w.currency'))}) t on true
     where w.player_id = ${playerId}`.execute(db);
  const [first] = rows;
  if (!first) return undefined;
  const totals = new Map<string, bigint>();
  for (const row of rows) if (row.account !== null && row.total !== null) totals.set(row.account, toCents(row.total));
  return {
    walletId: first.id,
    playerId: first.player_id,
    currency: first.currency,
    version: Number(first.version),
    totals,
  };
}

/** The wallet's id and currency, without a lock (reads that do not post). */
export async function findWallet(db: Kysely<Database>, playerId: number): Promise<{ id: string; currency: string } | undefined> {
  return db.selectFrom('wallets').select(['id', 'currency']).where('player_id', '=', playerId).executeTakeFirst();
}

/** The newest running total of each account that has entries, in one currency (runningTotalsSql run). */
export async function runningTotals(db: Kysely<Database>, accounts: readonly string[], currency: string): Promise<{ account: string; total: string }[]> {
  const { rows } = await runningTotalsSql(accounts, currency).execute(db);
  return rows;
}
