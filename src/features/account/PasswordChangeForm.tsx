import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useActorRef, useSelector } from '@xstate/react';
import { useRef, useState, type SubmitEvent } from 'react';
import { fromPromise } from 'xstate';
import { PASSWORD_MIN_LENGTH } from '../../../machines/lib/constants';
import { passwordChangeMachine, type PasswordChangeError, type PasswordChangeInput } from '../../../machines/passwordChange.machine';
import { playerApi } from '../../api/player';
import { Button } from '../../ui/Button';
import { FormError, formActionsClass, formClass } from '../../ui/Field';
import { PasswordField } from '../../ui/PasswordField';
import type { ToastRef } from '../../ui/Toaster';
import * as s from './account.css';
import { accountFieldMessage, passwordErrorMessage } from './errorMessages';
import { formText } from './format';
import { useLatest } from './useLatest';
import { passwordChangeErrors, type FieldErrors } from './validation';

const PASSWORD_CHANGED = msg({ id: 'account.password.changed.toast', message: 'Your password has been changed.' });

function serverFieldErrors(error: PasswordChangeError | null): FieldErrors {
  const errors: FieldErrors = {};
  for (const { field, code } of error?.fieldErrors ?? []) {
    const target = field === 'password' ? 'newPassword' : field;
    errors[target] ??= code;
  }
  return errors;
}

/**
 * The password change (behaviour.md §7 /player/password): current and new password. A wrong current
 * password is a toast (§8 error.old_password.incorrect); other failures show by the form; what was
 * typed stays on every error, and the form empties after a change.
 */
export function PasswordChangeForm({ email, toasts }: { email: string | null; toasts: ToastRef }) {
  const { t, i18n } = useLingui();
  const formRef = useRef<HTMLFormElement>(null);
  const latest = useLatest({ i18n, toasts });
  const [logic] = useState(() =>
    passwordChangeMachine.provide({
      actors: {
        changePassword: fromPromise<unknown, PasswordChangeInput>(({ input, signal }) => playerApi.changePassword(input, signal)),
      },
      actions: {
        passwordChanged: () => {
          const current = latest.current;
          formRef.current?.reset();
          current.toasts.send({
            type: 'toast.show',
            kind: 'success',
            text: current.i18n._(PASSWORD_CHANGED),
          });
        },
        oldPasswordRefused: () => {
          const current = latest.current;
          current.toasts.send({
            type: 'toast.show',
            kind: 'error',
            text: current.i18n._(passwordErrorMessage('error.old_password.incorrect')),
          });
        },
      },
    }),
  );
  const actor = useActorRef(logic);
  const loading = useSelector(actor, (snapshot) => snapshot.hasTag('loading'));
  // Only the failed state shows its error by the form; the old-password refusal is a toast.
  const inlineError = useSelector(actor, (snapshot) => (snapshot.hasTag('error') ? snapshot.context.error : null));
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const shownErrors = { ...serverFieldErrors(inlineError), ...fieldErrors };
  const minLength = PASSWORD_MIN_LENGTH;

  const submit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    const oldPassword = formText(event.currentTarget, 'oldPassword');
    const newPassword = formText(event.currentTarget, 'newPassword');
    const problems = passwordChangeErrors(oldPassword, newPassword);
    setFieldErrors(problems);
    if (Object.keys(problems).length === 0) actor.send({ type: 'form.submit', oldPassword, newPassword });
  };
  const fieldMessage = (field: string) => {
    const code = shownErrors[field];
    return code === undefined ? undefined : i18n._(accountFieldMessage(code));
  };

  return (
    <section className={s.section} aria-labelledby="account-password-change">
      <h2 className={s.sectionTitle} id="account-password-change">
        <Trans id="account.password.heading">Change password</Trans>
      </h2>
      <form ref={formRef} className={formClass} noValidate onSubmit={submit} aria-busy={loading}>
        {/* For password managers: which account the new password belongs to. */}
        {email ? <input type="text" name="username" autoComplete="username" value={email} readOnly hidden /> : null}
        <PasswordField
          name="oldPassword"
          autoComplete="current-password"
          required
          label={t({ id: 'account.password.old', message: 'Current password' })}
          error={fieldMessage('oldPassword')}
        />
        <PasswordField
          name="newPassword"
          autoComplete="new-password"
          required
          label={t({ id: 'account.password.new', message: 'New password' })}
          hint={t({ id: 'account.password.rules', message: `At least ${minLength} characters, with at least one letter and one number.` })}
          error={fieldMessage('newPassword')}
        />
        {inlineError && inlineError.fieldErrors.length === 0 ? <FormError>{i18n._(passwordErrorMessage(inlineError.code))}</FormError> : null}
        <div className={formActionsClass}>
          <Button type="submit" disabled={loading}>
            {loading ? <Trans id="account.password.saving">Saving…</Trans> : <Trans id="account.password.submit">Change password</Trans>}
          </Button>
        </div>
      </form>
    </section>
  );
}
