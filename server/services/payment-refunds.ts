import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { REFUND_RETRY_FIRST_DELAY_MS, REFUND_RETRY_MAX_DELAY_MS, REFUND_SWEEP_BATCH } from '../domain/pay-and-play';
import type { PaymentProvider } from '../providers/types';
import { claimDueRefunds, insertOwedRefund, markRefunded, noteRefundFailure } from '../repositories/payment-refunds';

// The refunds the platform owes at the payment provider (migration 0027): pay and play's bank
// payment that the player's limits refused at the code check (server/services/pay-and-play.ts).
// An outbox: the refund is recorded as owed in the transaction that refuses the deposit, the
// provider is asked at once after the commit, and a refund the provider did not take stays owed
// until the sweep (server/main.ts, every REFUND_SWEEP_INTERVAL_MS) gets it through, with a growing
// wait between attempts (server/domain/pay-and-play.ts REFUND_RETRY_*). Asking again is safe: the
// provider returns a payment once per reference (server/providers/types.ts refundDeposit), so an
// attempt whose answer was lost (a timeout, a process that stopped before it marked the refund)
// and is made again refunds nothing twice.

export interface PaymentRefundDeps {
  db: Kysely<Database>;
  clock: () => Date;
}

/** A payment to return: the provider's reference for it, and the amount and currency it came with. */
export interface OwedRefund {
  reference: string;
  amount: string;
  currency: string;
}

/**
 * Records the refund as owed, in the caller's transaction (pay and play: the one that takes the
 * code), so a refusal leaves either the code taken and the refund owed, or neither. The attempt the
 * caller makes after the commit (refundOwed) counts as the first: the sweep waits for the first
 * delay before it tries, so it does not race the caller.
 */
export async function recordOwedRefund(trx: Kysely<Database>, refund: OwedRefund, now: Date): Promise<void> {
  await insertOwedRefund(trx, { ...refund, at: now, attempts: 1, nextAttemptAt: new Date(now.getTime() + REFUND_RETRY_FIRST_DELAY_MS) });
}

/**
 * One attempt at the provider, outside any transaction (a third party; the simulated provider may
 * use the database, which PGlite's one connection could not do inside a transaction): the attempt
 * made at once after the commit that recorded the refund, and each of the sweep's. True when the
 * provider took it. A failure does not fail the caller (pay and play's refusal stands; the money
 * goes back when the provider answers): it is logged by the reference only (a refused session's,
 * whose code is taken: it opens nothing and names no person) and the refund stays owed.
 */
export async function refundOwed(deps: PaymentRefundDeps, payments: Pick<PaymentProvider, 'refundDeposit'>, refund: OwedRefund): Promise<boolean> {
  try {
    await payments.refundDeposit({ reference: refund.reference, amount: refund.amount, currency: refund.currency });
  } catch {
    console.warn(`Payment refund ${refund.reference}: the provider did not take it; it stays owed and the sweep tries again.`);
    await noteRefundFailure(deps.db, refund.reference, deps.clock());
    return false;
  }
  await markRefunded(deps.db, refund.reference, deps.clock());
  return true;
}

/**
 * The sweep: takes the owed refunds that are due (each taken one waits again before its next
 * attempt, and another process cannot take it meanwhile) and asks the provider for each, until none
 * are due. What it refunded and what failed again.
 */
export async function retryDueRefunds(
  deps: PaymentRefundDeps,
  payments: Pick<PaymentProvider, 'refundDeposit'>,
): Promise<{ refunded: number; failed: number }> {
  let refunded = 0;
  let failed = 0;
  for (;;) {
    const due = await claimDueRefunds(deps.db, {
      now: deps.clock(),
      limit: REFUND_SWEEP_BATCH,
      firstDelayMs: REFUND_RETRY_FIRST_DELAY_MS,
      maxDelayMs: REFUND_RETRY_MAX_DELAY_MS,
    });
    for (const refund of due) {
      if (await refundOwed(deps, payments, refund)) refunded += 1;
      else failed += 1;
    }
    // A taken refund is not due again at this clock, so a full batch means more may be waiting.
    if (due.length < REFUND_SWEEP_BATCH) return { refunded, failed };
  }
}
