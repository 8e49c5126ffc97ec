import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { authApi } from '../../api/auth';
import { Button } from '../../ui/Button';
import { button } from '../../ui/button.css';
import { FormError, formActionsClass } from '../../ui/Field';
import { Modal } from '../../ui/Modal';
import * as s from './auth.css';
import { loginWaitMessage } from './errorMessages';

export interface MaxAttemptsDialogProps {
  langmarket: string;
  /** The e-mail of the refused login: the unlock link goes to it. */
  email: string;
  /** Seconds until the lock or delay ends, when the platform told it. */
  retryAfterSeconds: number | undefined;
  onBack: () => void;
  onClose: () => void;
}

/**
 * The max-attempts modal (product.md §2 "Whole-app and overlay screens"; behaviour.md §8 "Login":
 * code:error.sign.in.attempt.count.exceeded). Log-in is locked for this device (GLI-19 2.5.3) or
 * slowed down for the account (server/services/throttle.ts): the modal says for how long (issue 8)
 * and offers the ways out: wait, an unlock link to the player's e-mail (issue 9), or a password reset.
 */
export function MaxAttemptsDialog({ langmarket, email, retryAfterSeconds, onBack, onClose }: MaxAttemptsDialogProps) {
  const { t, i18n } = useLingui();
  const unlock = useMutation({ mutationFn: () => authApi.requestUnlock({ email, langmarket }) });
  return (
    <Modal open alert onClose={onClose} title={t({ id: 'login.maxAttempts.title', message: 'Too many log-in attempts' })}>
      <p className={s.text}>
        <Trans id="login.maxAttempts.text.unlock">
          For your security, log-in is locked after too many failed attempts. Wait until the lock ends, unlock your
          account with a link we send to your e-mail, or reset your password.
        </Trans>
      </p>
      {retryAfterSeconds !== undefined ? <p className={s.text}>{i18n._(loginWaitMessage(retryAfterSeconds))}</p> : null}
      <div role="status">
        {unlock.isSuccess ? (
          <p className={s.text}>
            <Trans id="login.maxAttempts.unlockSent">
              Check your e-mail: if this address has an account, we have sent it a link that unlocks it.
            </Trans>
          </p>
        ) : null}
      </div>
      {unlock.isError ? (
        <FormError>
          <Trans id="login.maxAttempts.unlockFailed">We could not send the link. Please try again later.</Trans>
        </FormError>
      ) : null}
      <div className={formActionsClass}>
        <Button variant="secondary" onClick={onBack}>
          <Trans id="login.maxAttempts.back">Back to log in</Trans>
        </Button>
        {email !== '' && !unlock.isSuccess ? (
          <Button variant="secondary" disabled={unlock.isPending} onClick={() => unlock.mutate()}>
            <Trans id="login.maxAttempts.unlock">E-mail me an unlock link</Trans>
          </Button>
        ) : null}
        <Link to="/$langmarket/reset-password" params={{ langmarket }} className={button()} onClick={onClose}>
          <Trans id="login.maxAttempts.reset">Reset password</Trans>
        </Link>
      </div>
    </Modal>
  );
}
