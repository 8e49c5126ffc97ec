import { useLingui } from '@lingui/react/macro';
import { TextField } from './Field';

export interface FactorCodeFieldProps {
  /** Which code the player types: the authenticator app's 6 digits, or one of their recovery codes. */
  mode: 'totp' | 'recovery';
  code: string;
  onCodeChange: (code: string) => void;
  /** The code typed does not have the mode's form (machines/lib/secondFactor.ts isTotpCode / isRecoveryCode). */
  malformed: boolean;
}

/**
 * The field of a second-factor code (issue 23): at login (src/features/auth/SecondFactorStep.tsx),
 * before a withdrawal to a new method (src/features/banking/WithdrawFactorStep.tsx) and where the
 * Security section asks for the factor (src/features/security/SecuritySection.tsx).
 * Emptied when the mode changes (keyed by it); the phone's numeric keyboard for the app's digits;
 * the code offered from the phone's autofill (one-time-code).
 */
export function FactorCodeField({ mode, code, onCodeChange, malformed }: FactorCodeFieldProps) {
  const { t } = useLingui();
  const totp = mode === 'totp';
  const malformedText = totp
    ? t({ id: 'secondFactor.totpMalformed', message: 'Enter the 6 digits the app shows.' })
    : t({ id: 'secondFactor.recoveryMalformed', message: 'Enter a recovery code as it was shown, like abcde-12345.' });
  return (
    <TextField
      key={mode}
      label={totp ? t({ id: 'secondFactor.totpLabel', message: 'Code from your authenticator app' }) : t({ id: 'secondFactor.recoveryLabel', message: 'Recovery code' })}
      name="code"
      autoComplete="one-time-code"
      inputMode={totp ? 'numeric' : 'text'}
      autoCapitalize="off"
      spellCheck={false}
      required
      value={code}
      onChange={(event) => onCodeChange(event.target.value)}
      error={malformed ? malformedText : undefined}
    />
  );
}
