import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { useState, type ChangeEvent, type SubmitEvent } from 'react';
import type { ActorRefFrom } from 'xstate';
import { LOGIN_RETRY_ATTEMPTS } from '../../../machines/lib/constants';
import type { loginMachine } from '../../../machines/login.machine';
import { Button } from '../../ui/Button';
import { emailInputProps, FormError, formClass, TextField } from '../../ui/Field';
import { Modal } from '../../ui/Modal';
import { PasswordField } from '../../ui/PasswordField';
import * as s from './auth.css';
import { LOGIN_FIELD_MESSAGES, loginErrorMessage, loginFieldErrors, type LoginFieldMessage } from './errorMessages';
import { MaxAttemptsDialog } from './MaxAttemptsDialog';
import { SecondFactorStep } from './SecondFactorStep';

export type LoginRef = ActorRefFrom<typeof loginMachine>;

export interface LoginDialogProps {
  login: LoginRef;
  langmarket: string;
  /** Closes the modal (the session stops the login machine). */
  onClose: () => void;
}

/**
 * The login modal (behaviour.md §4 "Session": loader on, modal open, then error or success; §8
 * "Login"), driven by the login machine the session spawned. On a locked account it gives way to
 * the max-attempts modal.
 */
export function LoginDialog({ login, langmarket, onClose }: LoginDialogProps) {
  const { t } = useLingui();
  const maxAttempts = useSelector(login, (snapshot) => snapshot.hasTag('maxAttempts'));
  const email = useSelector(login, (snapshot) => snapshot.context.email);
  const retryAfterSeconds = useSelector(login, (snapshot) => snapshot.context.error?.additionalInfo.retryAfterSeconds);
  const secondFactor = useSelector(login, (snapshot) => snapshot.hasTag('secondFactor'));
  if (maxAttempts) {
    return (
      <MaxAttemptsDialog
        langmarket={langmarket}
        email={email}
        retryAfterSeconds={retryAfterSeconds}
        onBack={() => login.send({ type: 'login.back' })}
        onClose={onClose}
      />
    );
  }
  return (
    <Modal open onClose={onClose} title={t({ id: 'login.title', message: 'Log in' })}>
      {secondFactor ? <SecondFactorStep login={login} langmarket={langmarket} /> : <LoginForm login={login} langmarket={langmarket} onLeave={onClose} />}
    </Modal>
  );
}

function LoginForm({ login, langmarket, onLeave }: { login: LoginRef; langmarket: string; onLeave: () => void }) {
  const { t, i18n } = useLingui();
  const error = useSelector(login, (snapshot) => snapshot.context.error);
  const busy = useSelector(login, (snapshot) => snapshot.hasTag('loading'));
  const retrying = useSelector(login, (snapshot) => snapshot.matches('retrying'));
  const attempt = useSelector(login, (snapshot) => snapshot.context.attempt);
  // UI-only state: what the player is typing (the machine keeps the e-mail of the last submit, so
  // the form shows it again after the max-attempts modal).
  const [values, setValues] = useState(() => ({ email: login.getSnapshot().context.email, password: '' }));
  const [fieldErrors, setFieldErrors] = useState<{ email?: LoginFieldMessage; password?: LoginFieldMessage }>({});

  const onSubmit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    const { email, password } = values;
    const errors = loginFieldErrors(email, password);
    setFieldErrors(errors);
    if (errors.email !== undefined || errors.password !== undefined) return;
    login.send({ type: 'form.submit', email, password });
  };
  const fieldError = (key: LoginFieldMessage | undefined) => (key === undefined ? undefined : i18n._(LOGIN_FIELD_MESSAGES[key]));
  /** What each of the two inputs takes: its name, what was typed (kept in `values`), required, and its error. */
  const fieldProps = (name: 'email' | 'password') => ({
    name,
    required: true,
    value: values[name],
    onChange: (event: ChangeEvent<HTMLInputElement>) => {
      const { value } = event.target;
      setValues((typed) => ({ ...typed, [name]: value }));
    },
    error: fieldError(fieldErrors[name]),
  });
  const nextAttempt = attempt + 1;
  const maxAttempts = LOGIN_RETRY_ATTEMPTS;

  return (
    <form className={formClass} noValidate onSubmit={onSubmit} aria-busy={busy}>
      {error !== null ? <FormError>{loginErrorMessage(i18n, error)}</FormError> : null}
      <TextField label={t({ id: 'common.email', message: 'E-mail' })} {...emailInputProps} {...fieldProps('email')} autoComplete="username" />
      <PasswordField label={t({ id: 'common.password', message: 'Password' })} {...fieldProps('password')} autoComplete="current-password" />
      <div className={s.submitRow}>
        <Button type="submit" className={s.submit} disabled={busy}>
          {busy ? <Trans id="login.submitting">Logging in…</Trans> : <Trans id="account.login">Log in</Trans>}
        </Button>
        <div role="status">
          {retrying ? (
            <p className={s.status}>
              <Trans id="login.retrying">
                We could not reach the server. Trying again (attempt {nextAttempt} of {maxAttempts})…
              </Trans>
            </p>
          ) : null}
        </div>
      </div>
      <div className={s.links}>
        <Link to="/$langmarket/reset-password" params={{ langmarket }} className={s.link} onClick={onLeave}>
          <Trans id="login.forgotPassword">Forgot password?</Trans>
        </Link>
        <Link to="/$langmarket/signup" params={{ langmarket }} className={s.link} onClick={onLeave}>
          <Trans id="login.signup">No account yet? Sign up</Trans>
        </Link>
      </div>
    </form>
  );
}
