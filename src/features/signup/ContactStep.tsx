import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { isCountryCode } from '../../../machines/lib/countries';
import { CPF_COUNTRY } from '../../../machines/lib/signupForm';
import { Button } from '../../ui/Button';
import { useCountryNames } from '../../ui/countryNames';
import { CheckboxField, formClass, FormError, SelectField, TextField } from '../../ui/Field';
import { PhoneField } from '../../ui/PhoneField';
import { formErrorMessage } from './errorMessages';
import { StepHeading, useFieldBinding, useFocusFirstInvalid, type SignupRef } from './parts';
import * as s from './signup.css';

/**
 * Step 2 (product.md §2 "ContactInfo"; §3 "Registration"): country (default Finland), phone with
 * its dialing code, the CPF for Brazil, the terms, cookie and marketing choices, the captcha.
 * Sending it registers the player.
 */
export function ContactStep({ signup, langmarket, focus }: { signup: SignupRef; langmarket: string; focus: boolean }) {
  const { t, i18n } = useLingui();
  const { values, fieldErrors, error, text, checkbox } = useFieldBinding(signup);
  const formError = useSelector(signup, (snapshot) => snapshot.context.formError);
  const solved = useSelector(signup, (snapshot) => snapshot.context.captchaToken !== null);
  const solving = useSelector(signup, (snapshot) => snapshot.hasTag('captchaSolving'));
  const sending = useSelector(signup, (snapshot) => snapshot.hasTag('loading'));
  // Back from Verification: the account exists, so the form goes on to it (a changed phone first).
  const registered = useSelector(signup, (snapshot) => snapshot.context.registration !== null);
  const changingPhone = useSelector(signup, (snapshot) => snapshot.matches('changingPhone'));
  const countries = useCountryNames();
  const { form, markSubmitted } = useFocusFirstInvalid(fieldErrors, sending);
  const allConditions = values.termsAndConditions && values.cookiePolicyAccepted && values.marketingOptIn;
  const setAll = (checked: boolean) => {
    signup.send({ type: 'field.change', field: 'termsAndConditions', value: checked });
    signup.send({ type: 'field.change', field: 'cookiePolicyAccepted', value: checked });
    signup.send({ type: 'field.change', field: 'marketingOptIn', value: checked });
  };

  return (
    <>
      <StepHeading focus={focus}>
        <Trans id="signup.contact.heading">Your contact details</Trans>
      </StepHeading>
      <form
        ref={form}
        className={formClass}
        noValidate
        aria-busy={sending}
        onSubmit={(event) => {
          event.preventDefault();
          if (sending) return;
          markSubmitted();
          signup.send({ type: 'step.next' });
        }}
      >
        <SelectField
          label={t({ id: 'signup.country.label', message: 'Country of residence' })}
          name="countryCode"
          autoComplete="country"
          value={values.countryCode}
          onChange={(event) => {
            const code = event.target.value;
            if (isCountryCode(code)) signup.send({ type: 'field.change', field: 'countryCode', value: code });
          }}
          error={error(fieldErrors.countryCode)}
        >
          {countries.map(({ code, name }) => (
            <option key={code} value={code}>
              {name}
            </option>
          ))}
        </SelectField>
        <PhoneField
          prefix={{ label: t({ id: 'signup.phonePrefix.label', message: 'Dialing code' }), ...text('phonePrefix') }}
          number={{
            label: t({ id: 'signup.phoneBody.label', message: 'Mobile phone number' }),
            hint: t({ id: 'signup.phoneBody.hint', message: 'We send a code to this number to confirm it.' }),
            ...text('phoneBody'),
            required: true,
          }}
        />
        {values.countryCode === CPF_COUNTRY ? (
          <TextField
            label={t({ id: 'signup.cpf.label', message: 'CPF (Brazilian taxpayer number)' })}
            inputMode="numeric"
            autoComplete="off"
            hint={t({ id: 'signup.cpf.hint', message: '11 digits, for example 123.456.789-09.' })}
            {...text('cpf')}
            required
          />
        ) : null}

        <fieldset className={s.consents}>
          <legend className={s.legend}>
            <Trans id="signup.consents.legend">Terms and preferences</Trans>
          </legend>
          <CheckboxField
            label={t({ id: 'signup.allConditions.label', message: 'Accept all of the below' })}
            name="allConditions"
            checked={allConditions}
            onChange={(event) => setAll(event.target.checked)}
          />
          <CheckboxField
            label={
              <Trans id="signup.terms.label">
                I am 18 or older and accept the{' '}
                <Link to="/$langmarket/terms" params={{ langmarket }} target="_blank" rel="noopener" className={s.link}>
                  terms and conditions (opens in a new tab)
                </Link>
              </Trans>
            }
            {...checkbox('termsAndConditions')}
            required
          />
          <CheckboxField
            label={
              <Trans id="signup.cookiePolicy.label">
                I accept the{' '}
                <Link to="/$langmarket/cookie-policy" params={{ langmarket }} target="_blank" rel="noopener" className={s.link}>
                  cookie policy (opens in a new tab)
                </Link>
              </Trans>
            }
            {...checkbox('cookiePolicyAccepted')}
            required
          />
          <CheckboxField
            label={t({ id: 'signup.marketing.label', message: 'Send me bonus offers and news by e-mail and SMS (optional)' })}
            {...checkbox('marketingOptIn')}
          />
        </fieldset>

        <div className={s.captcha}>
          <CheckboxField
            label={t({ id: 'signup.captcha.label', message: 'I am not a robot' })}
            name="captcha"
            checked={solved || solving}
            disabled={solving || sending}
            aria-busy={solving}
            onChange={(event) => signup.send({ type: event.target.checked ? 'captcha.solve' : 'captcha.reset' })}
            error={error(fieldErrors.captcha)}
          />
          <span className={s.captchaStatus} role="status">
            {solving ? <Trans id="common.checking">Checking…</Trans> : null}
            {solved && !solving ? <Trans id="signup.captcha.done">Verified</Trans> : null}
          </span>
        </div>

        {formError !== null ? <FormError>{formErrorMessage(i18n, formError)}</FormError> : null}
        <div className={s.actions}>
          <Button variant="ghost" onClick={() => signup.send({ type: 'step.back' })} disabled={sending}>
            <Trans id="common.back">Back</Trans>
          </Button>
          <Button type="submit" className={s.primaryAction} disabled={sending} aria-disabled={sending}>
            {changingPhone ? (
              <Trans id="signup.verification.sending">Sending you a code…</Trans>
            ) : sending ? (
              <Trans id="signup.contact.sending">Creating your account…</Trans>
            ) : registered ? (
              <Trans id="signup.next">Continue</Trans>
            ) : formError === 'timeout' ? (
              // Issue 21: the retry sends the same details again (the platform answers a replay of an open registration).
              <Trans id="common.tryAgain">Try again</Trans>
            ) : (
              <Trans id="signup.contact.submit">Create account</Trans>
            )}
          </Button>
        </div>
      </form>
    </>
  );
}
