import { Trans, useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import { useState, type SubmitEvent } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { accountClosureMachine } from '../../../machines/accountClosure.machine';
import { Button } from '../../ui/Button';
import { CardSection } from '../../ui/CardSection';
import { CheckboxField, FormError, formActionsClass, formClass } from '../../ui/Field';
import { Modal } from '../../ui/Modal';
import { PasswordField } from '../../ui/PasswordField';
import * as s from './account.css';
import type { SessionRef } from './sessionRef';
import { accountFieldMessage, closureErrorMessage } from './errorMessages';
import { formText } from './format';

/**
 * Account closure (issue 23; product.md §3 "Player account status" CLOSED): the account page's last
 * section. Its button opens a confirmation dialog (Radix, through ui/Modal) that says what happens:
 * the account is closed for good, the balance is paid out as a pending withdrawal (as a
 * self-exclusion does), the player is logged out. The player ticks the explicit confirmation and
 * gives the password (an account opened with the bank has none: the box alone). The session's
 * accountClosure flow, started by the account route; at its end the session logs the player out
 * and the closed-account page shows.
 */
export function AccountClosure({ session, email }: { session: SessionRef; email: string | null }) {
  const actor = useSelector(session, (snapshot) => snapshot.context.flows.accountClosure);
  return actor === null ? null : <Closure key={actor.sessionId} actor={actor} email={email} />;
}

function Closure({ actor, email }: { actor: ActorRefFrom<typeof accountClosureMachine>; email: string | null }) {
  const { t, i18n } = useLingui();
  const open = useSelector(actor, (snapshot) => snapshot.hasTag('open'));
  const closing = useSelector(actor, (snapshot) => snapshot.hasTag('closing'));
  const error = useSelector(actor, (snapshot) => (snapshot.hasTag('failed') ? snapshot.context.error : null));
  const [confirmError, setConfirmError] = useState(false);
  const passwordCode = error?.fieldErrors.find((fieldError) => fieldError.field === 'password')?.code;

  const submit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    const confirmed = new FormData(event.currentTarget).get('confirm') === 'on';
    setConfirmError(!confirmed);
    if (confirmed) actor.send({ type: 'closure.submit', password: formText(event.currentTarget, 'password') });
  };
  const cancel = () => {
    setConfirmError(false);
    actor.send({ type: 'closure.cancel' });
  };

  return (
    <CardSection headingId="account-closure" heading={<Trans id="account.closure.heading">Close account</Trans>}>
      <p className={s.text}>
        <Trans id="account.closure.intro">
          Closing your account ends it for good: you cannot log in again. Any balance you have is paid out to you.
        </Trans>
      </p>
      <div>
        <Button variant="secondary" onClick={() => actor.send({ type: 'closure.open' })}>
          <Trans id="account.closure.open">Close my account</Trans>
        </Button>
      </div>
      <Modal
        open={open}
        onClose={cancel}
        dismissible={!closing}
        title={<Trans id="account.closure.dialog.title">Close your account?</Trans>}
        description={
          <Trans id="account.closure.dialog.description">
            Your account will be closed and you will be logged out. Your remaining balance is paid out as a pending withdrawal to the
            payment method of your latest deposit, as with a self-exclusion. You cannot log in to a closed account.
          </Trans>
        }
      >
        <form className={formClass} noValidate onSubmit={submit} aria-busy={closing}>
          {/* For password managers: whose password this is. */}
          {email ? <input type="text" name="username" autoComplete="username" value={email} readOnly hidden /> : null}
          <PasswordField
            name="password"
            autoComplete="current-password"
            label={t({ id: 'account.closure.password', message: 'Your password' })}
            hint={t({ id: 'account.closure.passwordHint', message: 'Leave it empty if you opened your account with your bank and have no password.' })}
            error={passwordCode === undefined ? undefined : i18n._(accountFieldMessage(passwordCode))}
          />
          <CheckboxField
            name="confirm"
            label={t({ id: 'account.closure.confirm', message: 'I understand that my account will be closed for good.' })}
            error={confirmError ? t({ id: 'account.closure.confirmRequired', message: 'Tick the box to confirm the closure.' }) : undefined}
          />
          {error && passwordCode === undefined ? <FormError>{i18n._(closureErrorMessage(error.code))}</FormError> : null}
          <div className={formActionsClass}>
            <Button type="submit" disabled={closing}>
              {closing ? <Trans id="account.closure.closing">Closing your account…</Trans> : <Trans id="account.closure.submit">Close account for good</Trans>}
            </Button>
            <Button variant="secondary" onClick={cancel} disabled={closing}>
              <Trans id="account.closure.keep">Keep my account</Trans>
            </Button>
          </div>
        </form>
      </Modal>
    </CardSection>
  );
}
