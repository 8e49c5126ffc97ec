import { sql, type Kysely, type Selectable } from 'kysely';
import type { Database, PaymentRefundsTable } from '../db/schema';

// The SQL of the refunds the platform owes at the payment provider (migration 0027
// `payment_refunds`). The rules are server/services/payment-refunds.ts.

export type PaymentRefund = Selectable<PaymentRefundsTable>;

/**
 * Records a refund as owed, once per reference (a repeated call keeps the first). `attempts` counts
 * the attempt the caller makes at once; `nextAttemptAt` is when the sweep may try again.
 */
export async function insertOwedRefund(
  db: Kysely<Database>,
  refund: { reference: string; amount: string; currency: string; at: Date; attempts: number; nextAttemptAt: Date },
): Promise<void> {
  await db
    .insertInto('payment_refunds')
    .values({
      reference: refund.reference,
      amount: refund.amount,
      currency: refund.currency,
      created_at: refund.at,
      attempts: refund.attempts,
      next_attempt_at: refund.nextAttemptAt,
    })
    .onConflict((oc) => oc.column('reference').doNothing())
    .execute();
}

/**
 * Takes up to `limit` owed refunds that are due at `now`, oldest due first, in one statement: each
 * taken one counts an attempt and waits again before the next (firstDelayMs * 2^(attempts - 1), at
 * most maxDelayMs; the exponent stops growing long before the cap would overflow a float). Rows
 * another process is taking are skipped (SKIP LOCKED), and a taken row is not due again until its
 * wait is over, so two processes never try one refund at the same moment; a process that stops
 * mid-attempt leaves the row to be taken after its wait.
 */
export async function claimDueRefunds(
  db: Kysely<Database>,
  claim: { now: Date; limit: number; firstDelayMs: number; maxDelayMs: number },
): Promise<PaymentRefund[]> {
  return db
    .updateTable('payment_refunds')
    .set((eb) => ({
      attempts: eb('attempts', '+', 1),
      // `attempts` on the right is the value before this update: the attempts made before this one.
      next_attempt_at: sql<Date>`${claim.now}::timestamptz + least(${claim.firstDelayMs}::float8 * power(2::float8, least(attempts, 30)), ${claim.maxDelayMs}::float8) * interval '1 millisecond'`,
    }))
    .where('reference', 'in', (eb) =>
      eb
        .selectFrom('payment_refunds')
        .select('reference')
        .where('refunded_at', 'is', null)
        .where('next_attempt_at', '<=', claim.now)
        .orderBy('next_attempt_at')
        .limit(claim.limit)
        .forUpdate()
        .skipLocked(),
    )
    .returningAll()
    .execute();
}

/** The provider took the refund (once: a refund marked already keeps its first time). */
export async function markRefunded(db: Kysely<Database>, reference: string, at: Date): Promise<void> {
  await db.updateTable('payment_refunds').set({ refunded_at: at }).where('reference', '=', reference).where('refunded_at', 'is', null).execute();
}

/** The provider failed an attempt: the refund stays owed. */
export async function noteRefundFailure(db: Kysely<Database>, reference: string, at: Date): Promise<void> {
  await db.updateTable('payment_refunds').set({ last_failed_at: at }).where('reference', '=', reference).where('refunded_at', 'is', null).execute();
}

/** The refunds still owed, oldest first (for the operator and the tests). */
export async function owedRefunds(db: Kysely<Database>): Promise<PaymentRefund[]> {
  return db.selectFrom('payment_refunds').selectAll().where('refunded_at', 'is', null).orderBy('created_at').orderBy('reference').execute();
}
