import { Trans, useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import { PASSWORD_MIN_LENGTH } from '../../../machines/lib/constants';
import { Button } from '../../ui/Button';
import { emailInputProps, formClass, FormError, TextField } from '../../ui/Field';
import { PasswordField } from '../../ui/PasswordField';
import { formErrorMessage } from './errorMessages';
import { StepHeading, useFieldBinding, useFocusFirstInvalid, type SignupRef } from './parts';
import * as s from './signup.css';

/** Step 1 (product.md §2 "Details"): name, e-mail and password. */
export function DetailsStep({ signup, focus }: { signup: SignupRef; focus: boolean }) {
  const { t, i18n } = useLingui();
  const { fieldErrors, text } = useFieldBinding(signup);
  const formError = useSelector(signup, (snapshot) => snapshot.context.formError);
  const { form, markSubmitted } = useFocusFirstInvalid(fieldErrors, false);
  const min = PASSWORD_MIN_LENGTH;
  return (
    <>
      <StepHeading focus={focus}>
        <Trans id="signup.details.heading">Create your account</Trans>
      </StepHeading>
      <p className={s.lead}>
        <Trans id="signup.details.lead">It takes two minutes. You must be 18 or older to play.</Trans>
      </p>
      <form
        ref={form}
        className={formClass}
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          markSubmitted();
          signup.send({ type: 'step.next' });
        }}
      >
        <TextField label={t({ id: 'signup.firstName.label', message: 'First name' })} autoComplete="given-name" {...text('firstName')} required />
        <TextField label={t({ id: 'signup.lastName.label', message: 'Last name' })} autoComplete="family-name" {...text('lastName')} required />
        <TextField
          label={t({ id: 'common.email', message: 'E-mail' })}
          {...emailInputProps}
          autoComplete="email"
          {...text('email')}
          required
        />
        <PasswordField
          label={t({ id: 'common.password', message: 'Password' })}
          autoComplete="new-password"
          hint={t({ id: 'signup.password.hint', message: `At least ${min} characters, with at least one letter and one number.` })}
          {...text('password')}
          required
        />
        {formError !== null ? <FormError>{formErrorMessage(i18n, formError)}</FormError> : null}
        <div className={s.actions}>
          <Button type="submit" className={s.primaryAction}>
            <Trans id="signup.next">Continue</Trans>
          </Button>
        </div>
      </form>
    </>
  );
}
