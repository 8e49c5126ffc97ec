import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { isRecoveryCode, isTotpCode, type SecondFactorError, type SecondFactorMethod } from '../../machines/lib/secondFactor';
import { Button } from './Button';
import { FormError } from './Field';

// The parts of a second-factor proof (issue 23) that the login's step
// (src/features/auth/SecondFactorStep.tsx), the withdrawal's (src/features/banking/WithdrawFactorStep.tsx)
// and the Security section's (src/features/security/SecuritySection.tsx) share: which code the player
// types and its form check, the switch between the app's code and a recovery code, and the
// failures' texts. Each screen keeps its own words around them and its own way back.

type CodeMode = 'totp' | 'recovery';

export interface FactorCode {
  mode: CodeMode;
  code: string;
  setCode: (code: string) => void;
  /** The code typed does not have the mode's form: FactorCodeField says so. */
  malformed: boolean;
  /** The player may type a code (the challenge offers the app or recovery codes). */
  canType: boolean;
  /** Both kinds of code are offered: the switch between them shows. */
  canSwitch: boolean;
  /** The code if it has the mode's form (the field is then emptied for the next try); null otherwise. */
  take: () => string | null;
  switchMode: () => void;
}

/** UI-only state of a code proof: which code the player types, what they typed, and a malformed code's flag. */
export function useFactorCode(methods: readonly SecondFactorMethod[]): FactorCode {
  const [mode, setMode] = useState<CodeMode>(() => (methods.includes('totp') ? 'totp' : 'recovery'));
  const [code, setCode] = useState('');
  const [malformed, setMalformed] = useState(false);
  const canUseTotp = methods.includes('totp');
  const canUseRecovery = methods.includes('recovery');
  return {
    mode,
    code,
    setCode,
    malformed,
    canType: canUseTotp || canUseRecovery,
    canSwitch: canUseTotp && canUseRecovery,
    take: () => {
      const wellFormed = mode === 'totp' ? isTotpCode(code) : isRecoveryCode(code);
      setMalformed(!wellFormed);
      if (!wellFormed) return null;
      setCode('');
      return code;
    },
    switchMode: () => {
      setMode(mode === 'totp' ? 'recovery' : 'totp');
      setCode('');
      setMalformed(false);
    },
  };
}

/** The button that switches between the authenticator app's code and a recovery code. */
export function FactorModeSwitch({ factor }: { factor: FactorCode }) {
  if (!factor.canSwitch) return null;
  return (
    <Button variant="ghost" onClick={factor.switchMode}>
      {factor.mode === 'totp' ? <Trans id="secondFactor.useRecovery">Use a recovery code</Trans> : <Trans id="secondFactor.useTotp">Use the authenticator app</Trans>}
    </Button>
  );
}

/** The Confirm button of a code proof, which says it is checking while the answer is out. */
export function FactorSubmit({ busy, className }: { busy: boolean; className?: string }) {
  return (
    <Button type="submit" className={className} disabled={busy}>
      {busy ? <Trans id="common.checking">Checking…</Trans> : <Trans id="code.submit">Confirm</Trans>}
    </Button>
  );
}

/** The passkey button, shown when the challenge offers one; primary when no code can be typed. */
export function PasskeyButton({ methods, busy, onUse }: { methods: readonly SecondFactorMethod[]; busy: boolean; onUse: () => void }) {
  if (!methods.includes('passkey')) return null;
  const codesToo = methods.includes('totp') || methods.includes('recovery');
  return (
    <Button variant={codesToo ? 'secondary' : 'primary'} disabled={busy} onClick={onUse}>
      <Trans id="secondFactor.usePasskey">Use a passkey</Trans>
    </Button>
  );
}

/** A proof's failures (machines/lib/secondFactor.ts), one text each; what an expired check means is the screen's. */
const FACTOR_ERRORS: Readonly<Record<Exclude<SecondFactorError['code'], 'expired'>, MessageDescriptor>> = {
  invalid: msg({ id: 'secondFactor.error.invalid', message: 'That code is not right, or it was used already.' }),
  passkey: msg({ id: 'secondFactor.error.passkey', message: 'The passkey was not used. Try again, or use a code.' }),
  network: msg({ id: 'secondFactor.error.network', message: 'We could not reach the server. Try again.' }),
  unknown: msg({ id: 'secondFactor.error.unknown', message: 'Something went wrong. Try again.' }),
};

/** The failure of the last answer, with the attempts left before the account locks when the platform said. */
export function FactorErrorText({ error, expired }: { error: SecondFactorError | null; expired: MessageDescriptor }) {
  const { i18n } = useLingui();
  if (error === null) return null;
  const attemptsLeft = error.attemptsLeft;
  return (
    <FormError>
      {i18n._(error.code === 'expired' ? expired : FACTOR_ERRORS[error.code])}
      {attemptsLeft !== undefined ? (
        <>
          {' '}
          <Trans id="secondFactor.attemptsLeft">Attempts left before the account locks: {attemptsLeft}.</Trans>
        </>
      ) : null}
    </FormError>
  );
}
