import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import { useState, type SubmitEvent } from 'react';
import type { ActorRefFrom } from 'xstate';
import { isTotpCode, type SecondFactorError } from '../../../machines/lib/secondFactor';
import type { secondFactorSetupMachine } from '../../../machines/secondFactorSetup.machine';
import type { sessionMachine } from '../../../machines/session.machine';
import { Button } from '../../ui/Button';
import { CardSection } from '../../ui/CardSection';
import { FormError, formActionsClass, formClass, TextField } from '../../ui/Field';
import { FactorCodeField } from '../../ui/FactorCodeField';
import { FactorModeSwitch, FactorSubmit, useFactorCode } from '../../ui/SecondFactorProof';
import * as s from './security.css';

type SessionRef = ActorRefFrom<typeof sessionMachine>;
type SetupRef = ActorRefFrom<typeof secondFactorSetupMachine>;

/** The setup's failures (machines/lib/secondFactor.ts), one text each. */
const SETUP_ERRORS: Readonly<Record<SecondFactorError['code'], MessageDescriptor>> = {
  invalid: msg({ id: 'security.error.invalid', message: 'That code is not right, or it was used already. Try the current code.' }),
  expired: msg({ id: 'security.error.expired', message: 'The check expired. Start again.' }),
  passkey: msg({ id: 'security.error.passkey', message: 'The passkey prompt was cancelled or failed. Nothing was changed.' }),
  network: msg({ id: 'security.error.network', message: 'We could not reach the server. Nothing was changed; try again.' }),
  unknown: msg({ id: 'security.error.unknown', message: 'That did not work. Nothing was changed; try again.' }),
};

/**
 * The account page's Security section (issue 23): the second factor. Passkeys and the
 * authenticator app turned on, recovery codes shown once, and the factor asked before it is turned
 * off or the codes renewed. The session's secondFactorSetup flow, started by the account route.
 */
export function SecuritySection({ session }: { session: SessionRef }) {
  const actor = useSelector(session, (snapshot) => snapshot.context.flows.secondFactorSetup);
  return (
    <CardSection headingId="account-security" heading={<Trans id="security.heading">Security</Trans>}>
      <p className={s.text}>
        <Trans id="security.intro">
          A second factor protects your account: we ask for it when you log in on a new device and before a withdrawal to a payment method you have not used before.
        </Trans>
      </p>
      {actor === null ? <Loading /> : <SetupView key={actor.sessionId} actor={actor} />}
    </CardSection>
  );
}

function Loading() {
  return (
    <p className={s.text} role="status">
      <Trans id="security.loading">Loading your security settings…</Trans>
    </p>
  );
}

function ErrorText({ actor }: { actor: SetupRef }) {
  const { i18n } = useLingui();
  const error = useSelector(actor, (snapshot) => snapshot.context.error);
  return error === null ? null : <FormError>{i18n._(SETUP_ERRORS[error.code])}</FormError>;
}

function SetupView({ actor }: { actor: SetupRef }) {
  const loading = useSelector(actor, (snapshot) => snapshot.hasTag('loading'));
  const view = useSelector(actor, (snapshot) =>
    snapshot.hasTag('loadFailed') ? 'loadFailed' : snapshot.hasTag('codes') ? 'codes' : snapshot.hasTag('totp') ? 'totp' : snapshot.hasTag('proving') ? 'proving' : snapshot.hasTag('overview') ? 'overview' : 'loading',
  );
  switch (view) {
    case 'loadFailed':
      return (
        <>
          <FormError>
            <Trans id="security.loadFailed">We could not load your security settings.</Trans>
          </FormError>
          <div className={formActionsClass}>
            <Button onClick={() => actor.send({ type: 'load.retry' })}>
              <Trans id="common.tryAgain">Try again</Trans>
            </Button>
          </div>
        </>
      );
    case 'codes':
      return <RecoveryCodes actor={actor} />;
    case 'totp':
      return <TotpEnrolment actor={actor} busy={loading} />;
    case 'proving':
      return <Proof actor={actor} busy={loading} />;
    case 'overview':
      return <Overview actor={actor} busy={loading} />;
    default:
      return <Loading />;
  }
}

function Overview({ actor, busy }: { actor: SetupRef; busy: boolean }) {
  const status = useSelector(actor, (snapshot) => snapshot.context.status);
  const failed = useSelector(actor, (snapshot) => snapshot.matches('failed'));
  const on = status !== null && (status.totp || status.passkeys > 0);
  const passkeys = status?.passkeys ?? 0;
  const codesLeft = status?.recoveryCodesLeft ?? 0;
  return (
    <div className={formClass}>
      <ErrorText actor={actor} />
      <p className={s.status} role="status">
        {on ? <Trans id="security.on">Your second factor is on.</Trans> : <Trans id="security.off">Your second factor is off.</Trans>}
      </p>
      {on ? (
        <ul className={s.text}>
          <li>
            <Trans id="security.passkeys">Passkeys: {passkeys}</Trans>
          </li>
          <li>{status.totp ? <Trans id="security.totpOn">Authenticator app: on</Trans> : <Trans id="security.totpOff">Authenticator app: off</Trans>}</li>
          <li>
            <Trans id="security.codesLeft">Recovery codes left: {codesLeft}</Trans>
          </li>
        </ul>
      ) : null}
      {failed ? (
        <div className={formActionsClass}>
          <Button onClick={() => actor.send({ type: 'setup.cancel' })}>
            <Trans id="common.back">Back</Trans>
          </Button>
        </div>
      ) : (
        <div className={s.buttons}>
          <Button disabled={busy} onClick={() => actor.send({ type: 'setup.passkey' })}>
            <Trans id="security.addPasskey">Add a passkey</Trans>
          </Button>
          {status?.totp === false ? (
            <Button variant="secondary" disabled={busy} onClick={() => actor.send({ type: 'setup.totp' })}>
              <Trans id="security.addTotp">Use an authenticator app</Trans>
            </Button>
          ) : null}
          {on ? (
            <>
              <Button variant="secondary" disabled={busy} onClick={() => actor.send({ type: 'setup.renewCodes' })}>
                <Trans id="security.renewCodes">New recovery codes</Trans>
              </Button>
              <Button variant="ghost" disabled={busy} onClick={() => actor.send({ type: 'setup.disable' })}>
                <Trans id="security.disable">Turn off the second factor</Trans>
              </Button>
            </>
          ) : null}
        </div>
      )}
    </div>
  );
}

function TotpEnrolment({ actor, busy }: { actor: SetupRef; busy: boolean }) {
  const { t } = useLingui();
  const totp = useSelector(actor, (snapshot) => snapshot.context.totp);
  const [code, setCode] = useState('');
  const [malformed, setMalformed] = useState(false);
  const onSubmit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    setMalformed(!isTotpCode(code));
    if (!isTotpCode(code)) return;
    actor.send({ type: 'totp.confirm', code });
    setCode('');
  };
  return (
    <form className={formClass} noValidate onSubmit={onSubmit} aria-busy={busy}>
      <p className={s.text}>
        <Trans id="security.totp.instructions">Add this key to your authenticator app (or open the link on this phone), then type the 6-digit code it shows.</Trans>
      </p>
      <p className={s.secret} aria-label={t({ id: 'security.totp.secretLabel', message: 'Your authenticator key' })}>
        {totp?.secret}
      </p>
      {totp ? (
        <p className={s.text}>
          <a href={totp.uri}>
            <Trans id="security.totp.link">Open in an authenticator app</Trans>
          </a>
        </p>
      ) : null}
      <ErrorText actor={actor} />
      <TextField
        label={t({ id: 'secondFactor.totpLabel', message: 'Code from your authenticator app' })}
        name="code"
        autoComplete="one-time-code"
        inputMode="numeric"
        required
        value={code}
        onChange={(event) => setCode(event.target.value)}
        error={malformed ? t({ id: 'secondFactor.totpMalformed', message: 'Enter the 6 digits the app shows.' }) : undefined}
      />
      <div className={s.buttons}>
        <Button type="submit" disabled={busy}>
          {busy ? <Trans id="common.checking">Checking…</Trans> : <Trans id="security.totp.turnOn">Turn on</Trans>}
        </Button>
        <Button variant="ghost" disabled={busy} onClick={() => actor.send({ type: 'setup.cancel' })}>
          <Trans id="common.back">Back</Trans>
        </Button>
      </div>
    </form>
  );
}

function RecoveryCodes({ actor }: { actor: SetupRef }) {
  const { t } = useLingui();
  const codes = useSelector(actor, (snapshot) => snapshot.context.recoveryCodes ?? []);
  return (
    <div className={formClass}>
      <p className={s.text}>
        <Trans id="security.codes.intro">
          Your recovery codes. Each logs you in once if you lose your device. Keep them somewhere safe: they are shown only now.
        </Trans>
      </p>
      <ul className={s.codes} aria-label={t({ id: 'security.codes.label', message: 'Recovery codes' })}>
        {codes.map((code) => (
          <li key={code} className={s.secret}>
            {code}
          </li>
        ))}
      </ul>
      <div className={formActionsClass}>
        <Button onClick={() => actor.send({ type: 'codes.done' })}>
          <Trans id="security.codes.done">I have saved them</Trans>
        </Button>
      </div>
    </div>
  );
}

function Proof({ actor, busy }: { actor: SetupRef; busy: boolean }) {
  const methods = useSelector(actor, (snapshot) => snapshot.context.challenge?.methods ?? []);
  const intent = useSelector(actor, (snapshot) => snapshot.context.intent);
  const factor = useFactorCode(methods);
  const onSubmit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    const code = factor.take();
    if (code !== null) actor.send({ type: 'proof.submit', method: factor.mode, code });
  };
  return (
    <form className={formClass} noValidate onSubmit={onSubmit} aria-busy={busy}>
      <p className={s.text}>
        {intent === 'renewCodes' ? (
          <Trans id="security.proof.renew">Confirm it's you to get new recovery codes (the old ones stop working).</Trans>
        ) : (
          <Trans id="security.proof.disable">Confirm it's you to turn the second factor off.</Trans>
        )}
      </p>
      <ErrorText actor={actor} />
      {methods.includes('passkey') ? (
        <Button variant="secondary" disabled={busy} onClick={() => actor.send({ type: 'proof.passkey' })}>
          <Trans id="secondFactor.usePasskey">Use a passkey</Trans>
        </Button>
      ) : null}
      <FactorCodeField mode={factor.mode} code={factor.code} onCodeChange={factor.setCode} malformed={factor.malformed} />
      <div className={s.buttons}>
        <FactorSubmit busy={busy} />
        <FactorModeSwitch factor={factor} />
        <Button variant="ghost" disabled={busy} onClick={() => actor.send({ type: 'setup.cancel' })}>
          <Trans id="common.back">Back</Trans>
        </Button>
      </div>
    </form>
  );
}
