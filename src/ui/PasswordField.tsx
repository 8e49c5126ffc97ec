import { useLingui } from '@lingui/react/macro';
import { useState, type ComponentPropsWithRef, type ReactNode } from 'react';
import { PASSWORD_MIN_LENGTH } from '../../machines/lib/constants';
import { FieldFrame } from './Field';
import * as s from './form.css';
import * as p from './passwordField.css';

export interface PasswordFieldProps extends Omit<ComponentPropsWithRef<'input'>, 'id' | 'type'> {
  label: ReactNode;
  /** A translated message shown under the field; marks the input invalid. */
  error?: ReactNode | undefined;
  /** The password rules, read out with the field (aria-describedby). */
  hint?: ReactNode | undefined;
}

function EyeIcon({ crossed }: { crossed: boolean }) {
  return (
    <svg width={22} height={22} viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={2} strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" focusable="false">
      <path d="M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12z" />
      <circle cx="12" cy="12" r="3" />
      {crossed ? <path d="M4 4l16 16" /> : null}
    </svg>
  );
}

/**
 * A labelled password input with a show/hide button (a toggle: aria-pressed), on the same field
 * markup as TextField (FieldFrame: hint and error wired to aria-describedby). Login, sign-up,
 * reset and password change use it.
 */
export function PasswordField({ label, error, hint, className, ...input }: PasswordFieldProps) {
  const { t } = useLingui();
  const [visible, setVisible] = useState(false);
  return (
    <FieldFrame label={label} error={error} hint={hint} className={className}>
      {(control) => (
        <div className={p.row}>
          <input
            type={visible ? 'text' : 'password'}
            className={`${s.input} ${p.input}`}
            autoCapitalize="off"
            autoCorrect="off"
            spellCheck={false}
            {...control}
            {...input}
          />
          <button
            type="button"
            className={p.toggle}
            aria-controls={control.id}
            aria-pressed={visible}
            aria-label={t({ id: 'ui.password.show', message: 'Show password' })}
            onClick={() => setVisible((shown) => !shown)}
          >
            <EyeIcon crossed={visible} />
          </button>
        </div>
      )}
    </FieldFrame>
  );
}

/**
 * The new password of a password change or a reset: the password field with its label and the
 * password rules as its hint (the form gives its name, value and error).
 */
export function NewPasswordField(props: Omit<PasswordFieldProps, 'label' | 'hint' | 'autoComplete' | 'required'>) {
  const { t } = useLingui();
  const minLength = PASSWORD_MIN_LENGTH;
  return (
    <PasswordField
      autoComplete="new-password"
      required
      label={t({ id: 'password.new.label', message: 'New password' })}
      hint={t({ id: 'password.rules', message: `At least ${minLength} characters, with at least one letter and one number.` })}
      {...props}
    />
  );
}
