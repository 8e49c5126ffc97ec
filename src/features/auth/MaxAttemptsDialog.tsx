import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { Button } from '../../ui/Button';
import { button } from '../../ui/button.css';
import { formActionsClass } from '../../ui/Field';
import { Modal } from '../../ui/Modal';
import * as s from './auth.css';

/**
 * The max-attempts modal (product.md §2 "Whole-app and overlay screens"; behaviour.md §8 "Login":
 * code:error.sign.in.attempt.count.exceeded). The account is locked by the platform (GLI-19 2.5.3):
 * even the right password is refused until the lock ends, so the way out is a password reset.
 */
export function MaxAttemptsDialog({ langmarket, onBack, onClose }: { langmarket: string; onBack: () => void; onClose: () => void }) {
  const { t } = useLingui();
  return (
    <Modal open alert onClose={onClose} title={t({ id: 'login.maxAttempts.title', message: 'Too many log-in attempts' })}>
      <p className={s.text}>
        <Trans id="login.maxAttempts.text">
          For your security, your account is locked after too many failed log-in attempts. Please try again later, or
          reset your password now.
        </Trans>
      </p>
      <div className={formActionsClass}>
        <Button variant="secondary" onClick={onBack}>
          <Trans id="login.maxAttempts.back">Back to log in</Trans>
        </Button>
        <Link to="/$langmarket/reset-password" params={{ langmarket }} className={button()} onClick={onClose}>
          <Trans id="login.maxAttempts.reset">Reset password</Trans>
        </Link>
      </div>
    </Modal>
  );
}
