import { Trans, useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import { useEffect, useRef, useState, type SubmitEvent, type ReactNode } from 'react';
import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import { SIGNUP_CODE_LENGTH } from '../../../machines/lib/constants';
import type { codeVerificationMachine } from '../../../machines/codeVerification.machine';
import { passwordResetMachine, RESET_STEPS, type ResetError, type ResetStep } from '../../../machines/passwordReset.machine';
import type { sessionMachine } from '../../../machines/session.machine';
import { Button } from '../../ui/Button';
import { CodeField, useCodeEntry } from '../../ui/CodeField';
import { FormError, formActionsClass, formClass, TextField } from '../../ui/Field';
import { Loader } from '../../ui/Loader';
import { NewPasswordField } from '../../ui/PasswordField';
import { resetErrorMessage, resetFieldMessage } from './errorMessages';
import * as s from './reset.css';
import { emailError, passwordError } from './validation';

type ResetActor = ActorRefFrom<typeof passwordResetMachine>;
type CodeActor = ActorRefFrom<typeof codeVerificationMachine>;
type ResetSnapshot = SnapshotFrom<typeof passwordResetMachine>;

/** The content page page-reset-password, its HTML already sanitised by the route. */
export interface ResetHelp {
  title: string;
  html: string;
}

export interface PasswordResetPageProps {
  /** The session: its passwordReset flow, started by the route. */
  session: ActorRefFrom<typeof sessionMachine>;
  help: ResetHelp | null;
}

function stepOf(snapshot: ResetSnapshot): ResetStep {
  return RESET_STEPS.find((step) => snapshot.matches(step)) ?? 'email';
}

/** The field error a refused call carries for `field` (a 400 error.validation), as a code. */
function serverFieldError(error: ResetError | null, field: string): string | null {
  return error?.fieldErrors.find((fieldError) => fieldError.field === field)?.code ?? null;
}

/**
 * The reset-password page (product.md §2 /reset-password; behaviour.md §4 "Password reset"): the
 * steps E-mail → Code → New password; the session's flow, whose end (home, a success toast) the
 * session carries out.
 */
export function PasswordResetPage({ session, help }: PasswordResetPageProps) {
  const actor = useSelector(session, (snapshot) => snapshot.context.flows.passwordReset);
  return <ResetFrame help={help}>{actor === null ? <Loader layout="inline" /> : <ResetSteps actor={actor} />}</ResetFrame>;
}

/**
 * The page as the platform paints it before the app runs (src/app/prerender.tsx, issue 10): the
 * first step as the flow starts it, its controls disabled until the app takes the page over.
 */
export function PasswordResetFirstPaint({ help }: { help: ResetHelp | null }) {
  return (
    <ResetFrame help={help}>
      <ResetCard>
        <StepList step="email" visited={['email']} />
        <EmailStepView email="" fieldError={null} error={null} loading={false} returned={false} />
      </ResetCard>
    </ResetFrame>
  );
}

/** The page's heading, the flow, and the help text of the content service beside it. */
function ResetFrame({ help, children }: { help: ResetHelp | null; children: ReactNode }) {
  return (
    <div className={s.page}>
      <h1 className={s.title}>{help?.title ?? <Trans id="reset.page.heading">Reset your password</Trans>}</h1>
      {children}
      {help ? (
        // Sanitised by the route with the content feature's DOMPurify setup.
        <div className={s.help} dangerouslySetInnerHTML={{ __html: help.html }} />
      ) : null}
    </div>
  );
}

function ResetCard({ children }: { children: ReactNode }) {
  const { t } = useLingui();
  return (
    <section className={s.card} aria-label={t({ id: 'reset.flow.label', message: 'Password reset' })}>
      {children}
    </section>
  );
}

function ResetSteps({ actor }: { actor: ResetActor }) {
  const step = useSelector(actor, stepOf);
  return (
    <ResetCard>
      <StepIndicator actor={actor} />
      {step === 'email' ? <EmailStep actor={actor} /> : null}
      {step === 'verification' ? <VerificationStep actor={actor} /> : null}
      {step === 'password' ? <PasswordStep actor={actor} /> : null}
      {step === 'complete' ? (
        <StepHeading>
          <Trans id="reset.complete.heading">Your password has been reset</Trans>
        </StepHeading>
      ) : null}
    </ResetCard>
  );
}

/** Where the player is: the three steps a player fills in, the current one marked (aria-current). */
function StepIndicator({ actor }: { actor: ResetActor }) {
  const step = useSelector(actor, stepOf);
  const visited = useSelector(actor, (snapshot) => snapshot.context.visited);
  return <StepList step={step} visited={visited} />;
}

function StepList({ step, visited }: { step: ResetStep; visited: readonly ResetStep[] }) {
  const { t } = useLingui();
  const labels: Record<Exclude<ResetStep, 'complete'>, string> = {
    email: t({ id: 'reset.steps.email', message: 'E-mail' }),
    verification: t({ id: 'reset.steps.verification', message: 'Code' }),
    password: t({ id: 'reset.steps.password', message: 'New password' }),
  };
  const shown = RESET_STEPS.filter((candidate): candidate is Exclude<ResetStep, 'complete'> => candidate !== 'complete');
  return (
    <ol className={s.steps} aria-label={t({ id: 'reset.steps.label', message: 'Steps' })}>
      {shown.map((candidate) => (
        <li
          key={candidate}
          className={s.stepItem}
          aria-current={candidate === step ? 'step' : undefined}
          data-visited={visited.includes(candidate) ? 'true' : 'false'}
        >
          {labels[candidate]}
        </li>
      ))}
    </ol>
  );
}

/**
 * A step's heading; it takes focus when the player arrives at the step, so screen readers hear the
 * new step (not on the page's first paint: the first step is where the page starts).
 */
function StepHeading({ children, focus = true }: { children: ReactNode; focus?: boolean }) {
  const ref = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (focus) ref.current?.focus();
  }, [focus]);
  return (
    <h2 ref={ref} tabIndex={-1} className={s.stepTitle}>
      {children}
    </h2>
  );
}

/** A refused call, unless its only news is a field error the step's field already shows. */
function FlowError({ error, field }: { error: ResetError | null; field: string }) {
  const { i18n } = useLingui();
  if (!error || serverFieldError(error, field) !== null) return null;
  return <FormError>{i18n._(resetErrorMessage(error.code))}</FormError>;
}

function textOf(form: HTMLFormElement, name: string): string {
  const value = new FormData(form).get(name);
  return typeof value === 'string' ? value : '';
}

function EmailStep({ actor }: { actor: ResetActor }) {
  const email = useSelector(actor, (snapshot) => snapshot.context.email);
  const error = useSelector(actor, (snapshot) => snapshot.context.error);
  const loading = useSelector(actor, (snapshot) => snapshot.hasTag('loading'));
  const returned = useSelector(actor, (snapshot) => snapshot.context.visited.length > 1);
  const [fieldError, setFieldError] = useState<string | null>(null);

  const submit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    const value = textOf(event.currentTarget, 'email');
    const problem = emailError(value);
    setFieldError(problem);
    if (problem === null) actor.send({ type: 'email.submit', email: value });
  };

  return <EmailStepView email={email} fieldError={fieldError} error={error} loading={loading} returned={returned} onSubmit={submit} />;
}

interface EmailStepViewProps {
  email: string;
  /** The field's own check, before any call. */
  fieldError: string | null;
  error: ResetError | null;
  loading: boolean;
  /** The player came back to this step (its heading takes focus). */
  returned: boolean;
  /** None on the platform's first paint. */
  onSubmit?: (event: SubmitEvent<HTMLFormElement>) => void;
}

function EmailStepView({ email, fieldError, error, loading, returned, onSubmit }: EmailStepViewProps) {
  const { t, i18n } = useLingui();
  const shownFieldError = fieldError ?? serverFieldError(error, 'email');
  return (
    <>
      <StepHeading focus={returned}>
        <Trans id="reset.email.heading">Enter your e-mail</Trans>
      </StepHeading>
      <p className={s.text}>
        <Trans id="reset.email.text">
          Enter the e-mail address of your account. We will send a code by text message to the mobile phone registered with it.
        </Trans>
      </p>
      <form className={formClass} noValidate onSubmit={onSubmit} aria-busy={loading}>
        <TextField
          name="email"
          type="email"
          autoComplete="email"
          inputMode="email"
          required
          defaultValue={email}
          label={t({ id: 'common.email', message: 'E-mail' })}
          error={shownFieldError ? i18n._(resetFieldMessage(shownFieldError)) : undefined}
        />
        <FlowError error={error} field="email" />
        <div className={formActionsClass}>
          <Button type="submit" disabled={loading}>
            {loading ? <Trans id="reset.email.sending">Sending…</Trans> : <Trans id="code.send">Send code</Trans>}
          </Button>
        </div>
      </form>
    </>
  );
}

function VerificationStep({ actor }: { actor: ResetActor }) {
  const error = useSelector(actor, (snapshot) => snapshot.context.error);
  const blocked = useSelector(actor, (snapshot) => snapshot.hasTag('blocked'));
  const code = useSelector(actor, (snapshot) => snapshot.children.codeVerification);
  return (
    <>
      <StepHeading>
        <Trans id="code.heading">Enter the code</Trans>
      </StepHeading>
      <p className={s.text}>
        <Trans id="reset.code.text">We sent a {SIGNUP_CODE_LENGTH}-digit code by text message to the mobile phone of your account.</Trans>
      </p>
      {code ? (
        <CodeForm code={code} onBack={() => actor.send({ type: 'step.back' })} />
      ) : blocked ? (
        // behaviour.md §8: sms.max.attempts.reached; a new code or going back remain.
        <div className={formClass}>
          <FlowError error={error} field="code" />
          <div className={formActionsClass}>
            <Button type="button" variant="ghost" onClick={() => actor.send({ type: 'step.back' })}>
              <Trans id="common.back">Back</Trans>
            </Button>
            <Button type="button" variant="secondary" onClick={() => actor.send({ type: 'code.resend' })}>
              <Trans id="code.resend">Send a new code</Trans>
            </Button>
          </div>
        </div>
      ) : null}
    </>
  );
}

/** The code as the code-verification child holds it (behaviour.md §8: sms.code.invalid keeps it for correction). */
function CodeForm({ code: actor, onBack }: { code: CodeActor; onBack: () => void }) {
  const { i18n } = useLingui();
  // The platform's answer about the code is said for the step (role=alert); the field's own rule by the field.
  const { field, loading, resent, fieldRule, flowCode, submit, resend } = useCodeEntry(actor);
  const shownError: ResetError | null = fieldRule !== null || flowCode === null ? null : { code: flowCode, fieldErrors: [] };

  return (
    <form className={formClass} noValidate onSubmit={submit} aria-busy={loading}>
      <CodeField {...field} error={fieldRule ? i18n._(resetFieldMessage(fieldRule)) : undefined} />
      <FlowError error={shownError} field="code" />
      <p className={s.status} role="status">
        {resent ? <Trans id="code.resent">A new code is on its way.</Trans> : null}
      </p>
      <div className={formActionsClass}>
        <Button type="button" variant="ghost" onClick={onBack}>
          <Trans id="common.back">Back</Trans>
        </Button>
        <Button type="button" variant="secondary" disabled={loading} onClick={resend}>
          <Trans id="code.resend">Send a new code</Trans>
        </Button>
        <Button type="submit" disabled={loading}>
          <Trans id="reset.code.submit">Verify</Trans>
        </Button>
      </div>
    </form>
  );
}

function PasswordStep({ actor }: { actor: ResetActor }) {
  const { i18n } = useLingui();
  const error = useSelector(actor, (snapshot) => snapshot.context.error);
  const loading = useSelector(actor, (snapshot) => snapshot.hasTag('loading'));
  const [fieldError, setFieldError] = useState<string | null>(null);
  const shownFieldError = fieldError ?? serverFieldError(error, 'password');

  const submit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    const value = textOf(event.currentTarget, 'password');
    const problem = passwordError(value);
    setFieldError(problem);
    if (problem === null) actor.send({ type: 'password.submit', password: value });
  };

  return (
    <>
      <StepHeading>
        <Trans id="reset.password.heading">Choose a new password</Trans>
      </StepHeading>
      <form className={formClass} noValidate onSubmit={submit} aria-busy={loading}>
        <NewPasswordField name="password" error={shownFieldError ? i18n._(resetFieldMessage(shownFieldError)) : undefined} />
        <FlowError error={error} field="password" />
        <div className={formActionsClass}>
          <Button type="button" variant="ghost" onClick={() => actor.send({ type: 'step.back' })}>
            <Trans id="common.back">Back</Trans>
          </Button>
          <Button type="submit" disabled={loading}>
            {loading ? <Trans id="common.saving">Saving…</Trans> : <Trans id="reset.password.submit">Save password</Trans>}
          </Button>
        </div>
      </form>
    </>
  );
}
