import { Trans, useLingui } from '@lingui/react/macro';
import { msg } from '@lingui/core/macro';
import { useSelector } from '@xstate/react';
import type { SubmitEvent } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { loginMachine } from '../../../machines/login.machine';
import { Button } from '../../ui/Button';
import { formClass, formActionsClass } from '../../ui/Field';
import { FactorCodeField } from '../../ui/FactorCodeField';
import { FactorErrorText, FactorModeSwitch, FactorSubmit, PasskeyButton, useFactorCode } from '../../ui/SecondFactorProof';
import * as s from './auth.css';
import * as f from './secondFactor.css';

type LoginRef = ActorRefFrom<typeof loginMachine>;

/** At login an expired check means starting the login again (the other failures: src/ui/SecondFactorProof.tsx). */
const LOGIN_FACTOR_EXPIRED = msg({ id: 'secondFactor.error.expired', message: 'This check has expired. Log in again.' });

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
  const factor = useFactorCode(methods);
  const back = () => login.send({ type: 'login.back' });

  if (expired || unlockSent) {
    return (
      <div className={formClass}>
        <p className={s.text} role="status">
          {expired ? (
            i18n._(LOGIN_FACTOR_EXPIRED)
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
    const code = factor.take();
    if (code !== null) login.send({ type: 'factor.submit', method: factor.mode, code });
  };

  return (
    <form className={formClass} noValidate onSubmit={onSubmit} aria-busy={busy}>
      <p className={s.text}>
        <Trans id="secondFactor.intro">Your account has a second factor. Confirm it's you to log in on this device.</Trans>
      </p>
      <FactorErrorText error={factorError} expired={LOGIN_FACTOR_EXPIRED} />
      <PasskeyButton methods={methods} busy={busy} onUse={() => login.send({ type: 'factor.passkey' })} />
      {factor.canType ? (
        <>
          <FactorCodeField mode={factor.mode} code={factor.code} onCodeChange={factor.setCode} malformed={factor.malformed} />
          <FactorSubmit busy={busy} className={s.submit} />
        </>
      ) : null}
      <div className={f.actions}>
        <FactorModeSwitch factor={factor} />
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
