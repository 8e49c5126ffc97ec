import { Trans, useLingui } from '@lingui/react/macro';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useSelector } from '@xstate/react';
import { useState, type SubmitEvent } from 'react';
import type { ActorRefFrom } from 'xstate';
import { isRecoveryCode, isTotpCode, type SecondFactorError } from '../../../machines/lib/secondFactor';
import type { loginMachine } from '../../../machines/login.machine';
import { Button } from '../../ui/Button';
import { FormError, formClass, formActionsClass } from '../../ui/Field';
import { FactorCodeField } from '../../ui/FactorCodeField';
import * as s from './auth.css';
import * as f from './secondFactor.css';

type LoginRef = ActorRefFrom<typeof loginMachine>;

/** The factor step's failures (machines/lib/secondFactor.ts), one text each. */
const FACTOR_ERRORS: Readonly<Record<SecondFactorError['code'], MessageDescriptor>> = {
  invalid: msg({ id: 'secondFactor.error.invalid', message: 'That code is not right, or it was used already.' }),
  expired: msg({ id: 'secondFactor.error.expired', message: 'This check has expired. Log in again.' }),
  passkey: msg({ id: 'secondFactor.error.passkey', message: 'The passkey was not used. Try again, or use a code.' }),
  network: msg({ id: 'secondFactor.error.network', message: 'We could not reach the server. Try again.' }),
  unknown: msg({ id: 'secondFactor.error.unknown', message: 'Something went wrong. Try again.' }),
};

/**
 * Issue 23: the login's second-factor step, in the login dialog after a right password (the login
 * machine's `secondFactor` states): a passkey, a code from the authenticator app or a recovery code,
 * and the lost-device path (the e-mailed unlock link).
 */
export function SecondFactorStep({ login, langmarket }: { login: LoginRef; langmarket: string }) {
  const { i18n } = useLingui();
  const methods = useSelector(login, (snapshot) => snapshot.context.challenge?.methods ?? []);
  const factorError = useSelector(login, (snapshot) => snapshot.context.factorError);
  const busy = useSelector(login, (snapshot) => snapshot.hasTag('loading'));
  const expired = useSelector(login, (snapshot) => snapshot.matches({ secondFactor: 'expired' }));
  const unlockSent = useSelector(login, (snapshot) => snapshot.matches({ secondFactor: 'unlockSent' }));
  // UI-only state: which code the player types, what they typed, and a malformed code's message.
  const [mode, setMode] = useState<'totp' | 'recovery'>(() => (methods.includes('totp') ? 'totp' : 'recovery'));
  const [code, setCode] = useState('');
  const [malformed, setMalformed] = useState(false);
  const back = () => login.send({ type: 'login.back' });

  if (expired || unlockSent) {
    return (
      <div className={formClass}>
        <p className={s.text} role="status">
          {expired ? (
            i18n._(FACTOR_ERRORS.expired)
          ) : (
            <Trans id="secondFactor.unlockSent">
              If this e-mail has an account, we sent it an unlock link. Open it on this device: you can then log in here without your second factor.
            </Trans>
          )}
        </p>
        <div className={formActionsClass}>
          <Button onClick={back}>
            <Trans id="secondFactor.backToLogin">Back to login</Trans>
          </Button>
        </div>
      </div>
    );
  }

  const onSubmit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    const wellFormed = mode === 'totp' ? isTotpCode(code) : isRecoveryCode(code);
    setMalformed(!wellFormed);
    if (!wellFormed) return;
    login.send({ type: 'factor.submit', method: mode, code });
    setCode('');
  };
  const attemptsLeft = factorError?.attemptsLeft;
  const canUseTotp = methods.includes('totp');
  const canUseRecovery = methods.includes('recovery');

  return (
    <form className={formClass} noValidate onSubmit={onSubmit} aria-busy={busy}>
      <p className={s.text}>
        <Trans id="secondFactor.intro">Your account has a second factor. Confirm it's you to log in on this device.</Trans>
      </p>
      {factorError !== null ? (
        <FormError>
          {i18n._(FACTOR_ERRORS[factorError.code])}
          {attemptsLeft !== undefined ? (
            <>
              {' '}
              <Trans id="secondFactor.attemptsLeft">Attempts left before the account locks: {attemptsLeft}.</Trans>
            </>
          ) : null}
        </FormError>
      ) : null}
      {methods.includes('passkey') ? (
        <Button variant={canUseTotp || canUseRecovery ? 'secondary' : 'primary'} disabled={busy} onClick={() => login.send({ type: 'factor.passkey' })}>
          <Trans id="secondFactor.usePasskey">Use a passkey</Trans>
        </Button>
      ) : null}
      {canUseTotp || canUseRecovery ? (
        <>
          <FactorCodeField mode={mode} code={code} onCodeChange={setCode} malformed={malformed} />
          <Button type="submit" className={s.submit} disabled={busy}>
            {busy ? <Trans id="common.checking">Checking…</Trans> : <Trans id="code.submit">Confirm</Trans>}
          </Button>
        </>
      ) : null}
      <div className={f.actions}>
        {canUseTotp && canUseRecovery ? (
          <Button
            variant="ghost"
            onClick={() => {
              setMode(mode === 'totp' ? 'recovery' : 'totp');
              setCode('');
              setMalformed(false);
            }}
          >
            {mode === 'totp' ? <Trans id="secondFactor.useRecovery">Use a recovery code</Trans> : <Trans id="secondFactor.useTotp">Use the authenticator app</Trans>}
          </Button>
        ) : null}
        <Button variant="ghost" disabled={busy} onClick={() => login.send({ type: 'factor.lost', langmarket })}>
          <Trans id="secondFactor.lostDevice">Lost your device? E-mail me an unlock link</Trans>
        </Button>
        <Button variant="ghost" onClick={back}>
          <Trans id="common.back">Back</Trans>
        </Button>
      </div>
    </form>
  );
}
