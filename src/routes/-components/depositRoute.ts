import { redirect } from '@tanstack/react-router';
import { authRedirect, mayDeposit, waitForSettled } from '../../../machines/session.guards';
import type { RouterContext } from '../../app/context';

// What the two deposit routes share (/deposit, the modal, and /my-account/banking/deposit, the tab):
// their guard and how they start the session's deposit flow (docs/ARCHITECTURE.md "How a route
// starts a flow").

/**
 * product.md §2 "Route guards": the account area needs authorisation (else /401 with the path
 * passed on); a deposit also needs the player not payout-restricted and not multibrand-suspended,
 * and deposit access on (behaviour.md §5; machines/session.guards.ts mayDeposit). A player who may
 * not deposit goes to the banking overview, which says so. The profile (the access copy, the
 * currency) is waited for: the flow is spawned with it.
 */
export async function depositGuard(context: RouterContext, href: string, langmarket: string): Promise<void> {
  const snapshot = await waitForSettled(context.session);
  const target = authRedirect(href, snapshot);
  if (target !== null || snapshot.context.claims === null) throw redirect({ href: target ?? `/${langmarket}/401` });
  if (!mayDeposit(snapshot)) throw redirect({ href: `/${langmarket}/my-account/banking`, replace: true });
}

/** Starts a deposit flow: with the provider's depositId on the way back, else the cashier. */
export function startDeposit(context: RouterContext, returnPath: string, depositId: string | undefined): void {
  context.session.send({ type: 'flow.start', flow: 'deposit', input: { depositId: depositId ?? null, returnPath } });
}

/**
 * On the same route with other search or params (a language switch, the provider's return, "make
 * another deposit"): a new flow only when the deposit to show changed, so that a language switch
 * keeps what was typed.
 */
export function restartDepositIfChanged(context: RouterContext, returnPath: string, depositId: string | undefined): void {
  const running = context.session.getSnapshot().context.flows.deposit;
  const shown = running?.getSnapshot().context.depositId ?? null;
  if (running === null || shown !== (depositId ?? null)) startDeposit(context, returnPath, depositId);
}
