import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import {
  answerSimulatedPayment,
  findSimulatedPayment,
  openSimulatedPayment,
  type SimulatedAnswer,
  type SimulatedPayment,
} from '../repositories/simulated-payments';
import type { PaymentState } from '../providers/types';

// The simulated payment provider's own rules (issue 11; the provider is
// server/providers/simulated-payments.ts, its page server/providers/simulated-payment-page.ts): a payment is
// opened for a cashier deposit, answered once on the page, and reported when the platform asks.

export type { SimulatedAnswer, SimulatedPayment };

/**
 * How long the provider's page stays open for the player's answer; a payment not answered by then
 * (the tab was closed) is declined when the platform asks. A timed-out one is declined at once.
 */
export const SIMULATED_PAYMENT_TTL_MS = 10 * 60_000;

/** Has the page's time for this payment run out? */
export function simulatedPaymentExpired(payment: SimulatedPayment, now: Date): boolean {
  return now.getTime() - payment.created_at.getTime() >= SIMULATED_PAYMENT_TTL_MS;
}

/** Where a payment stands: an unknown one was never paid. */
export function simulatedPaymentState(payment: SimulatedPayment | undefined, now: Date): PaymentState {
  if (!payment) return 'declined';
  switch (payment.state) {
    case 'APPROVED':
      return 'approved';
    case 'DECLINED':
    case 'TIMED_OUT':
      return 'declined';
    default:
      return simulatedPaymentExpired(payment, now) ? 'declined' : 'pending';
  }
}

export async function openPayment(db: Kysely<Database>, payment: { reference: string; amount: string; currency: string; methodId: string }, now: Date): Promise<void> {
  await openSimulatedPayment(db, { ...payment, at: now });
}

export async function paymentState(db: Kysely<Database>, reference: string, now: Date): Promise<PaymentState> {
  return simulatedPaymentState(await findSimulatedPayment(db, reference), now);
}

/** The page's payment: open (answerable), answered (or expired), or unknown. */
export type PagePayment = { kind: 'open'; payment: SimulatedPayment } | { kind: 'answered'; payment: SimulatedPayment } | { kind: 'unknown' };

export async function paymentForPage(db: Kysely<Database>, reference: string, now: Date): Promise<PagePayment> {
  const payment = reference.length > 0 && reference.length <= 100 ? await findSimulatedPayment(db, reference) : undefined;
  if (!payment) return { kind: 'unknown' };
  return payment.state === 'OPEN' && !simulatedPaymentExpired(payment, now) ? { kind: 'open', payment } : { kind: 'answered', payment };
}

/** The player's answer on the page, once: false when it was answered already. */
export function answerPayment(db: Kysely<Database>, reference: string, answer: SimulatedAnswer, now: Date): Promise<boolean> {
  return answerSimulatedPayment(db, reference, answer, now);
}
