import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { codeVerificationMachine } from '../../../machines/codeVerification.machine';
import { SIGNUP_CODE_LENGTH } from '../../../machines/lib/constants';
import { LANGUAGES } from '../../../machines/lib/markets';
import type { SignupBlockReason } from '../../../machines/signup.machine';
import { Button } from '../../ui/Button';
import { formClass, FormError, TextField } from '../../ui/Field';
import { codeErrorMessage, formErrorMessage } from './errorMessages';
import { waitText } from './format';
import { StepHeading, type SignupRef } from './parts';
import * as s from './signup.css';

type CodeRef = ActorRefFrom<typeof codeVerificationMachine>;

/**
 * behaviour.md §8: the SMS block says what happened and how long to wait. {wait} is a relative time
 * in the page's language ("in 60 minutes", "60 minuutin kuluttua"), see waitText.
 */
const BLOCK_TEXTS: Readonly<Record<SignupBlockReason, MessageDescriptor>> = {
  wrongCodes: msg({
    id: 'signup.blocked.wrongCodes',
    message: 'A wrong code was entered too many times, so we have paused the verification of this registration. You can try again {wait}.',
  }),
  tooManyCodes: msg({
    id: 'signup.blocked.tooManyCodes',
    message: 'A new code was asked for too many times, so we have paused sending codes for this registration. You can try again {wait}.',
  }),
  tooManyPhones: msg({
    id: 'signup.blocked.tooManyPhones',
    message: 'The phone number was changed too many times, so we have paused sending codes for this registration. You can try again {wait}.',
  }),
};

/** The block's text with its {wait} filled in. */
function blockText(i18n: I18n, reason: SignupBlockReason, wait: string): string {
  const descriptor = BLOCK_TEXTS[reason];
  return i18n._(descriptor.id, { wait }, { message: descriptor.message });
}


/**
 * Step 3 (behaviour.md §4 "Sign-up"): the SMS or e-mail code the platform asked for, entered in the
 * flow's code-verification child, with a resend button; the SMS block after
 * sms.max.attempts.reached (§8); then the automatic login. Back returns to the contact details,
 * where another phone moves the registration to it (new code, flags reset).
 */
export function VerificationStep({ signup, focus }: { signup: SignupRef; focus: boolean }) {
  const blocked = useSelector(signup, (snapshot) => snapshot.hasTag('smsBlocked'));
  const completing = useSelector(signup, (snapshot) => snapshot.hasTag('completing'));
  const code = useSelector(signup, (snapshot) => snapshot.children.codeVerification);
  if (blocked) return <BlockedView signup={signup} focus={focus} />;
  if (completing) return <CompletingView signup={signup} focus={focus} />;
  if (code) return <CodeEntry code={code} focus={focus} />;
  return null;
}

function BlockedView({ signup, focus }: { signup: SignupRef; focus: boolean }) {
  const { i18n } = useLingui();
  const block = useSelector(signup, (snapshot) => snapshot.context.block ?? { reason: 'wrongCodes' as const, retryAfterSeconds: null });
  const intlLocale = useSelector(signup, (snapshot) => LANGUAGES[snapshot.context.languageCode].intlLocale);
  const canChangePhone = useSelector(signup, (snapshot) => snapshot.context.registration?.verification === 'SMS');
  return (
    <>
      <StepHeading focus={focus}>
        <Trans id="signup.blocked.title">Verification paused</Trans>
      </StepHeading>
      <div className={s.blocked} role="alert">
        <p className={s.sentTo}>{blockText(i18n, block.reason, waitText(block, intlLocale))}</p>
      </div>
      <div className={s.actions}>
        {canChangePhone ? <BackButton onBack={() => signup.send({ type: 'step.back' })} /> : null}
        <Button className={s.primaryAction} onClick={() => signup.send({ type: 'block.acknowledge' })}>
          <Trans id="common.goHome">Go to the home page</Trans>
        </Button>
      </div>
    </>
  );
}

function CompletingView({ signup, focus }: { signup: SignupRef; focus: boolean }) {
  const { i18n } = useLingui();
  const failed = useSelector(signup, (snapshot) => snapshot.hasTag('error'));
  const formError = useSelector(signup, (snapshot) => snapshot.context.formError);
  return (
    <>
      <StepHeading focus={focus}>
        <Trans id="signup.completing.heading">Setting up your account</Trans>
      </StepHeading>
      {failed ? null : (
        <p className={s.statusLine} role="status">
          <Trans id="account.loggingIn">Logging you in…</Trans>
        </p>
      )}
      {failed && formError !== null ? <FormError>{formErrorMessage(i18n, formError)}</FormError> : null}
      {failed ? (
        <div className={s.actions}>
          <Button className={s.primaryAction} onClick={() => signup.send({ type: 'complete.retry' })}>
            <Trans id="common.tryAgain">Try again</Trans>
          </Button>
        </div>
      ) : null}
    </>
  );
}

function CodeEntry({ code: actor, focus }: { code: CodeRef; focus: boolean }) {
  const { t, i18n } = useLingui();
  const channel = useSelector(actor, (snapshot) => snapshot.context.channel);
  const sentTo = useSelector(actor, (snapshot) => snapshot.context.sent?.sentTo ?? null);
  const code = useSelector(actor, (snapshot) => snapshot.context.code);
  const codeError = useSelector(actor, (snapshot) => snapshot.context.codeError);
  const formError = useSelector(actor, (snapshot) => snapshot.context.formError);
  const sending = useSelector(actor, (snapshot) => snapshot.hasTag('sending'));
  const verifying = useSelector(actor, (snapshot) => snapshot.hasTag('verifying'));
  const sendFailed = useSelector(actor, (snapshot) => snapshot.hasTag('error'));
  const length = SIGNUP_CODE_LENGTH;
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
            We sent a {length}-digit code to <strong className={s.sentToAddress}>{sentTo}</strong>.
          </Trans>
        ) : null}
      </p>
      <form
        className={formClass}
        noValidate
        aria-busy={verifying}
        onSubmit={(event) => {
          event.preventDefault();
          if (!verifying) actor.send({ type: 'code.submit' });
        }}
      >
        <TextField
          label={t({ id: 'code.label', message: 'Verification code' })}
          name="code"
          className={s.codeField}
          inputMode="numeric"
          autoComplete="one-time-code"
          pattern="[0-9]*"
          maxLength={length}
          value={code}
          disabled={sendFailed}
          onChange={(event) => actor.send({ type: 'code.change', code: event.target.value.replace(/\D/g, '') })}
          error={codeError === null ? undefined : codeErrorMessage(i18n, codeError)}
          required
        />
        {formError !== null ? <FormError>{formErrorMessage(i18n, formError)}</FormError> : null}
        <div className={s.actions}>
          <BackButton onBack={() => actor.send({ type: 'code.cancel' })} disabled={sending || verifying} />
          <Button variant="ghost" onClick={() => actor.send({ type: 'code.resend' })} disabled={sending || verifying}>
            <Trans id="code.resend">Send a new code</Trans>
          </Button>
          <Button type="submit" className={s.primaryAction} disabled={sending || verifying || sendFailed}>
            {verifying ? <Trans id="common.checking">Checking…</Trans> : <Trans id="code.submit">Confirm</Trans>}
          </Button>
        </div>
      </form>
    </>
  );
}

/** Back to the contact details: another phone there gets the code instead. */
function BackButton({ onBack, disabled = false }: { onBack: () => void; disabled?: boolean }) {
  return (
    <Button variant="ghost" onClick={onBack} disabled={disabled}>
      <Trans id="common.back">Back</Trans>
    </Button>
  );
}
