import type { AnyActorRef } from 'xstate';
import { verificationModalMachine } from '../../../machines/verificationModal.machine';
import type { ProvideFlow } from './index';

/**
 * The verification modal, with its way back to the cashier it was opened from: the deposit or the
 * withdraw flow, found by its systemId (the session spawns each flow with its name as systemId).
 * Verify-later postpones a preferred verification of a deposit (the cashier with a notice); after
 * an upload the deposit or withdrawal is checked again with the amount and the method the player had
 * typed (`deposit.resume`, `withdraw.resume`), so it goes on where the documents stopped it.
 */
export function verificationModalFlow() {
  return verificationModalMachine.provide({
    actions: {
      resumeCashier: ({ system }, { startPoint, how }) => {
        const cashier = (name: 'deposit' | 'withdraw') => system.get(name) as AnyActorRef | undefined;
        if (startPoint === 'deposit') cashier('deposit')?.send(how === 'postpone' ? { type: 'verification.postpone' } : { type: 'deposit.resume' });
        if (startPoint === 'withdraw' && how === 'recheck') cashier('withdraw')?.send({ type: 'withdraw.resume' });
      },
    },
  });
}

/** The flow's provided machine, as src/app/flows/index.ts loads it with the flow's route. */
export const provideFlow: ProvideFlow<'verificationModal'> = () => verificationModalFlow();
