import { Trans, useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import { useState, type SubmitEvent } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { passwordChangeMachine, PasswordChangeError } from '../../../machines/passwordChange.machine';
import { Button } from '../../ui/Button';
import { FormError, formActionsClass, formClass } from '../../ui/Field';
import { NewPasswordField, PasswordField } from '../../ui/PasswordField';
import { accountFieldMessage, passwordErrorMessage } from './errorMessages';
import { formText } from './format';
import { passwordChangeErrors, type FieldErrors } from './validation';
import { CardSection } from '../../ui/CardSection';
import type { SessionRef } from './sessionRef';


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
 * typed stays on every error. The session's passwordChange flow, started by the account route;
 * after a change the session shows the toast and starts a fresh flow, which gets a fresh form.
 */
export function PasswordChangeForm({ session, email }: { session: SessionRef; email: string | null }) {
  const actor = useSelector(session, (snapshot) => snapshot.context.flows.passwordChange);
  return actor === null ? null : <PasswordChange key={actor.sessionId} actor={actor} email={email} />;
}

function PasswordChange({ actor, email }: { actor: ActorRefFrom<typeof passwordChangeMachine>; email: string | null }) {
  const { t, i18n } = useLingui();
  const loading = useSelector(actor, (snapshot) => snapshot.hasTag('loading'));
  // Only the failed state shows its error by the form; the old-password refusal is a toast.
  const inlineError = useSelector(actor, (snapshot) => (snapshot.hasTag('error') ? snapshot.context.error : null));
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const shownErrors = { ...serverFieldErrors(inlineError), ...fieldErrors };

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
    <CardSection headingId="account-password-change" heading={<Trans id="account.password.heading">Change password</Trans>}>
      <form className={formClass} noValidate onSubmit={submit} aria-busy={loading}>
        {/* For password managers: which account the new password belongs to. */}
        {email ? <input type="text" name="username" autoComplete="username" value={email} readOnly hidden /> : null}
        <PasswordField
          name="oldPassword"
          autoComplete="current-password"
          required
          label={t({ id: 'account.password.old', message: 'Current password' })}
          error={fieldMessage('oldPassword')}
        />
        <NewPasswordField name="newPassword" error={fieldMessage('newPassword')} />
        {inlineError && inlineError.fieldErrors.length === 0 ? <FormError>{i18n._(passwordErrorMessage(inlineError.code))}</FormError> : null}
        <div className={formActionsClass}>
          <Button type="submit" disabled={loading}>
            {loading ? <Trans id="common.saving">Saving…</Trans> : <Trans id="account.password.submit">Change password</Trans>}
          </Button>
        </div>
      </form>
    </CardSection>
  );
}
