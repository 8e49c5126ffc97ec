import { fromPromise, type AnyActorRef } from 'xstate';
import { cashierCheckMachine, type OperationAnswer } from '../../../machines/cashierCheck.machine';
import type { PaymentMethodsLoad } from '../../../machines/deposit.machine';
import { walletApi, type OperationCheckRequest } from '../../api/wallet';
import { deviceFingerprint } from './deviceFingerprint';

// What the deposit and withdraw flows share in the composition root.

/**
 * behaviour.md §7: the deposit-flow check and the withdrawal limit check send ipAddress and
 * blackbox. The browser cannot know its public address (the platform reads the connection), so it
 * is empty; the blackbox is the device fingerprint (src/app/flows/deviceFingerprint.ts).
 */
export async function operationCheckRequest(): Promise<OperationCheckRequest> {
  return { ipAddress: '', blackbox: await deviceFingerprint() };
}

/**
 * The cashier's check (machines/cashierCheck.machine.ts: behaviour.md §4's table) with the flow's
 * call: deposit/check or withdrawal/check.
 */
export function cashierCheckOf(check: (signal: AbortSignal) => Promise<OperationAnswer>) {
  return cashierCheckMachine.provide({ actors: { check: fromPromise<OperationAnswer>(({ signal }) => check(signal)) } });
}

/** The payment methods of the player's market and the recent deposit methods, side by side. */
export const loadPaymentMethods = fromPromise<PaymentMethodsLoad>(async ({ signal }) => {
  const [methods, recent] = await Promise.all([walletApi.paymentMethods(signal), walletApi.recentDepositMethods(signal)]);
  return { methods: methods.methods, recentMethodIds: recent.methods };
});

/**
 * A new idempotency key (src/api/wallet.ts: [A-Za-z0-9_-]{8,100}): 128 random bits as hex. From
 * crypto.getRandomValues, which every browser has even outside secure contexts (randomUUID does not).
 */
export function newIdempotencyKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** The flows' `refreshWallet`: the session's wallet child (systemId `wallet`) asks for the balance now. */
export function refreshWallet({ self }: { self: AnyActorRef }): void {
  const wallet = self.system.get('wallet') as AnyActorRef | undefined;
  wallet?.send({ type: 'wallet.refresh' });
}
