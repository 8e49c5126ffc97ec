import { msg } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import type { SubmitEvent } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { withdrawMachine } from '../../../machines/withdraw.machine';
import { Button } from '../../ui/Button';
import { FactorCodeField } from '../../ui/FactorCodeField';
import { formClass } from '../../ui/Field';
import { FactorErrorText, FactorModeSwitch, FactorSubmit, PasskeyButton, useFactorCode } from '../../ui/SecondFactorProof';
import * as s from './banking.css';

type WithdrawActor = ActorRefFrom<typeof withdrawMachine>;

/**
 * An expired check is shown on the form (the machine went back to it, the amount kept), since the
 * step closes; the other failures have the shared texts (src/ui/SecondFactorProof.tsx).
 */
export const WITHDRAW_FACTOR_EXPIRED = msg({ id: 'banking.withdraw.factor.expired', message: 'The check expired. Send your withdrawal again to get a new one.' });

/**
 * Issue 23: a withdrawal to a payment method the player has not used before, with the second factor
 * on (the withdraw machine's `secondFactor` states): a passkey (when one is registered), a code from
 * the authenticator app or a recovery code, and the way back to the form, which keeps the amount.
 * The proof's parts are the login step's (src/ui/SecondFactorProof.tsx, src/ui/FactorCodeField.tsx,
 * machines/lib/secondFactor.ts); the passkey prompt runs in the flow (src/app/flows/withdraw.flow.ts).
 */
export function WithdrawFactorStep({ withdraw }: { withdraw: WithdrawActor }) {
  const methods = useSelector(withdraw, (snapshot) => snapshot.context.challenge?.methods ?? []);
  const factorError = useSelector(withdraw, (snapshot) => snapshot.context.factorError);
  const busy = useSelector(withdraw, (snapshot) => snapshot.hasTag('loading'));
  const factor = useFactorCode(methods);

  const onSubmit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    const code = factor.take();
    if (code !== null) withdraw.send({ type: 'factor.submit', method: factor.mode, code });
  };

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
      <FactorErrorText error={factorError} expired={WITHDRAW_FACTOR_EXPIRED} />
      <PasskeyButton methods={methods} busy={busy} onUse={() => withdraw.send({ type: 'factor.passkey' })} />
      {factor.canType ? (
        <>
          <FactorCodeField mode={factor.mode} code={factor.code} onCodeChange={factor.setCode} malformed={factor.malformed} />
          <div className={s.actions}>
            <FactorSubmit busy={busy} />
            <FactorModeSwitch factor={factor} />
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
