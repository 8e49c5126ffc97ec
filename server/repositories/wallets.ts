import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema';

// Read-only SQL over the wallets (migration 0008) and their ledger balances. Postings are
// server/platform/ledger.ts's; it locks the wallet row itself.

export interface WalletSnapshot {
  walletId: string;
  playerId: number;
  currency: string;
  version: number;
  /** Sum of entries per account name, for the accounts asked for that have entries. */
  totals: Map<string, bigint>;
}

const DECIMAL = /^(-?)(\d+)(?:\.(\d{1,2}))?$/;

/** numeric text ("12.5", "-3.00") as bigint cents. */
function cents(text: string): bigint {
  const match = DECIMAL.exec(text);
  if (!match) throw new RangeError(`Not a ledger amount: ${text}`);
  const [, sign = '', units = '0', fraction = ''] = match;
  const value = BigInt(units) * 100n + BigInt(fraction.padEnd(2, '0'));
  return sign === '-' ? -value : value;
}

/**
 * A player's wallet with the sums of the given accounts' entries in its currency, in one statement
 * (one snapshot: the version and the balances belong together). Undefined: the player has no wallet.
 */
export async function walletSnapshot(db: Kysely<Database>, playerId: number, accounts: readonly string[]): Promise<WalletSnapshot | undefined> {
  const rows = await db
    .selectFrom('wallets as w')
    .leftJoin('ledger_entries as e', (join) => join.on('e.account', 'in', [...accounts]).onRef('e.currency', '=', 'w.currency'))
    .select(['w.id', 'w.player_id', 'w.currency', sql<string>`w.version::text`.as('version'), 'e.account', sql<string | null>`sum(e.amount)::text`.as('total')])
    .where('w.player_id', '=', playerId)
    .groupBy(['w.id', 'w.player_id', 'w.currency', 'w.version', 'e.account'])
    .execute();
  const [first] = rows;
  if (!first) return undefined;
  const totals = new Map<string, bigint>();
  for (const row of rows) if (row.account !== null && row.total !== null) totals.set(row.account, cents(row.total));
  return { walletId: first.id, playerId: first.player_id, currency: first.currency, version: Number(first.version), totals };
}

/** The wallet's id and currency, without a lock (reads that do not post). */
export async function findWallet(db: Kysely<Database>, playerId: number): Promise<{ id: string; currency: string } | undefined> {
  return db.selectFrom('wallets').select(['id', 'currency']).where('player_id', '=', playerId).executeTakeFirst();
}
