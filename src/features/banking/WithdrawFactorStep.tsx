import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import { useState, type SubmitEvent } from 'react';
import type { ActorRefFrom } from 'xstate';
import { isRecoveryCode, isTotpCode, type SecondFactorError } from '../../../machines/lib/secondFactor';
import type { withdrawMachine } from '../../../machines/withdraw.machine';
import { Button } from '../../ui/Button';
import { FactorCodeField } from '../../ui/FactorCodeField';
import { FormError, formClass } from '../../ui/Field';
import * as s from './banking.css';

type WithdrawActor = ActorRefFrom<typeof withdrawMachine>;

/**
 * The factor step's failures (machines/lib/secondFactor.ts), the login step's own texts (the same
 * ids); an expired check is shown on the form (`WITHDRAW_FACTOR_EXPIRED`), since the step closes.
 */
const FACTOR_ERRORS: Readonly<Record<SecondFactorError['code'], MessageDescriptor>> = {
  invalid: msg({ id: 'secondFactor.error.invalid', message: 'That code is not right, or it was used already.' }),
  expired: msg({ id: 'banking.withdraw.factor.expired', message: 'The check expired. Send your withdrawal again to get a new one.' }),
  passkey: msg({ id: 'secondFactor.error.passkey', message: 'The passkey was not used. Try again, or use a code.' }),
  network: msg({ id: 'secondFactor.error.network', message: 'We could not reach the server. Try again.' }),
  unknown: msg({ id: 'secondFactor.error.unknown', message: 'Something went wrong. Try again.' }),
};

/** The form's notice after the check expired (the machine went back to the form, the amount kept). */
export const WITHDRAW_FACTOR_EXPIRED = FACTOR_ERRORS.expired;

/**
 * Issue 23: a withdrawal to a payment method the player has not used before, with the second factor
 * on (the withdraw machine's `secondFactor` states): a passkey (when one is registered), a code from
 * the authenticator app or a recovery code, and the way back to the form, which keeps the amount.
 * The field and the code checks are the login step's (src/ui/FactorCodeField.tsx,
 * machines/lib/secondFactor.ts); the passkey prompt runs in the flow (src/app/flows/withdraw.flow.ts).
 */
export function WithdrawFactorStep({ withdraw }: { withdraw: WithdrawActor }) {
  const { i18n } = useLingui();
  const methods = useSelector(withdraw, (snapshot) => snapshot.context.challenge?.methods ?? []);
  const factorError = useSelector(withdraw, (snapshot) => snapshot.context.factorError);
  const busy = useSelector(withdraw, (snapshot) => snapshot.hasTag('loading'));
  const canUseTotp = methods.includes('totp');
  const canUseRecovery = methods.includes('recovery');
  // UI-only state: which code the player types, what they typed, and a malformed code's message.
  const [mode, setMode] = useState<'totp' | 'recovery'>(() => (canUseTotp ? 'totp' : 'recovery'));
  const [code, setCode] = useState('');
  const [malformed, setMalformed] = useState(false);

  const onSubmit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    const wellFormed = mode === 'totp' ? isTotpCode(code) : isRecoveryCode(code);
    setMalformed(!wellFormed);
    if (!wellFormed) return;
    withdraw.send({ type: 'factor.submit', method: mode, code });
    setCode('');
  };
  const attemptsLeft = factorError?.attemptsLeft;

  return (
    <form className={formClass} noValidate onSubmit={onSubmit} aria-busy={busy} aria-labelledby="withdraw-factor-heading">
      <h3 className={s.sectionTitle} id="withdraw-factor-heading">
        <Trans id="banking.withdraw.factor.heading">Confirm it's you</Trans>
      </h3>
      <p className={s.text}>
        <Trans id="banking.withdraw.factor.intro">
          You have not used this payment method before. Confirm the withdrawal with your second factor; your amount stays as you typed it.
        </Trans>
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
        <Button variant={canUseTotp || canUseRecovery ? 'secondary' : 'primary'} disabled={busy} onClick={() => withdraw.send({ type: 'factor.passkey' })}>
          <Trans id="secondFactor.usePasskey">Use a passkey</Trans>
        </Button>
      ) : null}
      {canUseTotp || canUseRecovery ? (
        <>
          <FactorCodeField mode={mode} code={code} onCodeChange={setCode} malformed={malformed} />
          <div className={s.actions}>
            <Button type="submit" disabled={busy}>
              {busy ? <Trans id="common.checking">Checking…</Trans> : <Trans id="code.submit">Confirm</Trans>}
            </Button>
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
          </div>
        </>
      ) : null}
      <div className={s.actions}>
        <Button variant="ghost" disabled={busy} onClick={() => withdraw.send({ type: 'factor.cancel' })}>
          <Trans id="banking.withdraw.factor.cancel">Back to the withdrawal</Trans>
        </Button>
      </div>
    </form>
  );
}
