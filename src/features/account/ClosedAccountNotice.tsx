import { Trans } from '@lingui/react/macro';
import * as s from './account.css';

/**
 * The closed-account page's own word on the balance (issue 23 "Account closure"), above the content
 * page's text: a closed account's balance is paid out as a pending withdrawal, as a self-exclusion's
 * is (server/services/account-closure.ts), and the account cannot log in again.
 */
export function ClosedAccountNotice() {
  return (
    <p className={s.text} data-testid="closed-account-balance">
      <Trans id="account.closed.balance">
        Your balance is paid out as a pending withdrawal to the payment method of your latest deposit, as with a self-exclusion. You
        cannot log in to a closed account.
      </Trans>
    </p>
  );
}
