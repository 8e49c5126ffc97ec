import { redirect } from '@tanstack/react-router';
import { isRiskRestricted, waitForSettled } from '../../../machines/session.guards';
import type { RouterContext } from '../../app/context';

// Guards of the account area's pages beyond the login the my-account layout route already asks for.

/**
 * product.md §2 "Route guards": deposit, rewards, bonus-code, inbox and gambling-limits also need
 * the player not risk-payout flagged and not multibrand-suspended (machines/session.guards.ts
 * isRiskRestricted); such a player goes to the account page. The my-account layout route has
 * already sent a visitor to /401 with the path; this waits for the profile and the access details
 * (the flags), then asks.
 */
export async function riskGuard(context: RouterContext, langmarket: string): Promise<void> {
  const snapshot = await waitForSettled(context.session);
  if (isRiskRestricted(snapshot)) throw redirect({ href: `/${langmarket}/my-account/account`, replace: true });
}
