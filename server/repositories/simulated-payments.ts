import type { Kysely, Selectable } from 'kysely';
import type { Database, SimulatedPaymentsTable } from '../db/schema';

// The simulated payment provider's own records (migration 0008 `simulated_payments`; the provider
// is server/providers/simulated.ts, its page server/providers/simulated-payment-page.ts).

export type SimulatedPayment = Selectable<SimulatedPaymentsTable>;
export type SimulatedAnswer = 'APPROVED' | 'DECLINED' | 'TIMED_OUT';

/** Opens a payment once per reference (a repeated call keeps the first). */
export async function openSimulatedPayment(
  db: Kysely<Database>,
  payment: { reference: string; amount: string; currency: string; methodId: string; at: Date },
): Promise<void> {
  await db
    .insertInto('simulated_payments')
    .values({ reference: payment.reference, amount: payment.amount, currency: payment.currency, method_id: payment.methodId, created_at: payment.at })
    .onConflict((oc) => oc.column('reference').doNothing())
    .execute();
}

export async function findSimulatedPayment(db: Kysely<Database>, reference: string): Promise<SimulatedPayment | undefined> {
  return db.selectFrom('simulated_payments').selectAll().where('reference', '=', reference).executeTakeFirst();
}

/** The page's answer, once: false when the payment was answered already. */
export async function answerSimulatedPayment(db: Kysely<Database>, reference: string, state: SimulatedAnswer, at: Date): Promise<boolean> {
  const updated = await db
    .updateTable('simulated_payments')
    .set({ state, answered_at: at })
    .where('reference', '=', reference)
    .where('state', '=', 'OPEN')
    .returning('reference')
    .executeTakeFirst();
  return updated !== undefined;
}
