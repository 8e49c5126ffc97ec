import type { Kysely } from 'kysely';
import { expect } from 'vitest';
import type { Database } from '../../../server/db/schema';

// Helpers of the bonus engine's server tests (issue 24).

/**
 * The books balance: every currency's ledger entries sum to zero (double entry, so money is
 * conserved by every bonus credit, forfeit, expiry and conversion), and no player account is below
 * zero (its newest running total).
 */
export async function expectBooksBalanced(db: Kysely<Database>): Promise<void> {
  const sums = await db.selectFrom('ledger_entries').select(['currency', (eb) => eb.fn.sum<string>('amount').as('sum')]).groupBy('currency').execute();
  for (const row of sums) expect(Number(row.sum), `entries in ${row.currency}`).toBe(0);
  const negative = await db
    .selectFrom('ledger_entries')
    .select(['account', 'balance_after'])
    .where('account', 'like', 'player:%')
    .where('balance_after', '<', '0')
    .execute();
  expect(negative).toEqual([]);
}
