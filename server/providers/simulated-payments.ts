import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { paymentSimulatorRoutes } from './simulated-payment-page';
import { openPayment, paymentState } from '../services/payment-simulator';
import type { PaymentProvider } from './types';

// The simulated payment provider (PLATFORM_MODE=simulation; issue 11): pay and play's bank payment
// always arrives, and one the platform refuses (the player's limits, issue 20) goes back at once; a
// cashier deposit opens a payment whose page the platform serves (server/providers/simulated-payment-page.ts),
// where the player approves, declines or lets it time out, and the platform asks where it stands
// when a deposit's answer is overdue. Its records are its own (`simulated_payments`,
// server/services/payment-simulator.ts).

/** The simulated provider's page is served by the platform itself. */
export const SIMULATED_PAYMENT_PATH = '/api/payment-simulator';

export function simulatedPaymentProvider({ db, clock }: { db: Kysely<Database>; clock: () => Date }): PaymentProvider {
  return {
    name: 'simulated payment provider (pay and play: every payment arrives; cashier: its page approves, declines or times out)',
    simulated: true,
    routes: { path: SIMULATED_PAYMENT_PATH, app: paymentSimulatorRoutes({ db, clock }) },
    confirmDeposit: ({ reference }) => Promise.resolve({ providerReference: `simulated:${reference}` }),
    // A refused pay-and-play payment goes back to the payer's account at once (nothing was charged).
    refundDeposit: () => Promise.resolve(),
    startPayment: async (payment) => {
      await openPayment(db, payment, clock());
      return { redirectUrl: `${SIMULATED_PAYMENT_PATH}/pay?payment=${encodeURIComponent(payment.reference)}` };
    },
    paymentStatus: (reference) => paymentState(db, reference, clock()),
  };
}
