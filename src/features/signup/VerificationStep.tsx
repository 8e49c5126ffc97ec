import { Trans, useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import { SIGNUP_CODE_LENGTH } from '../../../machines/lib/constants';
import { Button } from '../../ui/Button';
import { formClass, FormError, TextField } from '../../ui/Field';
import { codeErrorMessage, formErrorMessage } from './errorMessages';
import { StepHeading, type SignupRef } from './parts';
import * as s from './signup.css';

/**
 * Step 3 (behaviour.md §4 "Sign-up"): the SMS or e-mail code the platform asked for, with a resend
 * button; the SMS block after sms.max.attempts.reached (§8); then the automatic login. Back returns
 * to the contact details, where another phone moves the registration to it (new code, flags reset).
 */
export function VerificationStep({ signup, blockText, focus }: { signup: SignupRef; blockText: string | undefined; focus: boolean }) {
  const { t, i18n } = useLingui();
  const channel = useSelector(signup, (snapshot) => (snapshot.context.registration?.verification === 'EMAIL' ? 'email' : 'sms'));
  const pin = useSelector(signup, (snapshot) => snapshot.context[channel]);
  const code = useSelector(signup, (snapshot) => snapshot.context.code);
  const codeError = useSelector(signup, (snapshot) => snapshot.context.codeError);
  const formError = useSelector(signup, (snapshot) => snapshot.context.formError);
  const blocked = useSelector(signup, (snapshot) => snapshot.hasTag('smsBlocked'));
  const completing = useSelector(signup, (snapshot) => snapshot.matches('completing'));
  const completionFailed = useSelector(signup, (snapshot) => snapshot.matches('completionFailed'));
  const sending = useSelector(signup, (snapshot) => snapshot.matches({ verification: { [channel]: 'sending' } }));
  const verifying = useSelector(signup, (snapshot) => snapshot.matches({ verification: { [channel]: 'verifying' } }));
  const sendFailed = useSelector(signup, (snapshot) => snapshot.matches({ verification: { [channel]: 'sendFailed' } }));
  const length = SIGNUP_CODE_LENGTH;

  if (blocked) {
    return (
      <>
        <StepHeading focus={focus}>
          <Trans id="signup.blocked.heading">Too many codes requested</Trans>
        </StepHeading>
        <div className={s.blocked} role="alert">
          <p className={s.sentTo}>
            {blockText ??
              t({
                id: 'signup.blocked.text',
                message:
                  'You have asked for too many verification codes. For your security, codes to this phone number are paused. Please contact our support team, or try again later.',
              })}
          </p>
        </div>
        <div className={s.actions}>
          <BackButton signup={signup} />
          <Button className={s.primaryAction} onClick={() => signup.send({ type: 'block.acknowledge' })}>
            <Trans id="signup.blocked.home">Go to the home page</Trans>
          </Button>
        </div>
      </>
    );
  }

  if (completing || completionFailed) {
    return (
      <>
        <StepHeading focus={focus}>
          <Trans id="signup.completing.heading">Setting up your account</Trans>
        </StepHeading>
        {completing ? (
          <p className={s.statusLine} role="status">
            <Trans id="signup.completing.text">Logging you in…</Trans>
          </p>
        ) : null}
        {completionFailed && formError !== null ? <FormError>{formErrorMessage(i18n, formError)}</FormError> : null}
        {completionFailed ? (
          <div className={s.actions}>
            <Button className={s.primaryAction} onClick={() => signup.send({ type: 'complete.retry' })}>
              <Trans id="signup.completing.retry">Try again</Trans>
            </Button>
          </div>
        ) : null}
      </>
    );
  }

  const sentTo = pin.sentTo;
  return (
    <>
      <StepHeading focus={focus}>
        {channel === 'sms' ? (
          <Trans id="signup.verification.sms.heading">Confirm your phone number</Trans>
        ) : (
          <Trans id="signup.verification.email.heading">Confirm your e-mail address</Trans>
        )}
      </StepHeading>
      <p className={s.sentTo} role="status">
        {sending ? <Trans id="signup.verification.sending">Sending you a code…</Trans> : null}
        {!sending && sentTo !== null ? (
          <Trans id="signup.verification.sentTo">
            We sent a {length}-digit code to <strong>{sentTo}</strong>.
          </Trans>
        ) : null}
      </p>
      <form
        className={formClass}
        noValidate
        aria-busy={verifying}
        onSubmit={(event) => {
          event.preventDefault();
          if (!verifying) signup.send({ type: 'code.submit' });
        }}
      >
        <TextField
          label={t({ id: 'signup.code.label', message: 'Verification code' })}
          name="code"
          className={s.codeField}
          inputMode="numeric"
          autoComplete="one-time-code"
          pattern="[0-9]*"
          maxLength={length}
          value={code}
          disabled={sendFailed}
          onChange={(event) => signup.send({ type: 'code.change', code: event.target.value.replace(/\D/g, '') })}
          error={codeError === null ? undefined : codeErrorMessage(i18n, codeError)}
          required
        />
        {formError !== null ? <FormError>{formErrorMessage(i18n, formError)}</FormError> : null}
        <div className={s.actions}>
          <BackButton signup={signup} disabled={sending || verifying} />
          <Button variant="ghost" onClick={() => signup.send({ type: 'code.resend' })} disabled={sending || verifying}>
            <Trans id="signup.code.resend">Send a new code</Trans>
          </Button>
          <Button type="submit" className={s.primaryAction} disabled={sending || verifying || sendFailed}>
            {verifying ? <Trans id="signup.code.verifying">Checking…</Trans> : <Trans id="signup.code.submit">Confirm</Trans>}
          </Button>
        </div>
      </form>
    </>
  );
}

/** Back to the contact details: another phone there gets the code instead. */
function BackButton({ signup, disabled = false }: { signup: SignupRef; disabled?: boolean }) {
  return (
    <Button variant="ghost" onClick={() => signup.send({ type: 'step.back' })} disabled={disabled}>
      <Trans id="signup.back">Back</Trans>
    </Button>
  );
}
