import { useEffect, useRef } from 'react';
import { SIGNUP_CODE_LENGTH } from '../../machines/lib/constants';
import { TextField, type TextFieldProps } from './Field';

export interface CodeFieldProps extends Omit<TextFieldProps, 'ref' | 'type' | 'inputMode' | 'autoComplete' | 'pattern' | 'maxLength'> {
  /** Digits of the code (behaviour.md §4: the SMS and e-mail codes). */
  length?: number;
  /**
   * True once a new code has been sent: the old one is void, so an uncontrolled field empties
   * (a controlled one is emptied by its owner).
   */
  resent?: boolean;
}

/**
 * The field of an SMS or e-mail verification code (password reset, phone change, sign-up): digits
 * only, the phone's numeric keyboard, and the code offered from the message (autocomplete
 * one-time-code). A labelled TextField, so its hint and error are wired like every field's.
 */
export function CodeField({ length = SIGNUP_CODE_LENGTH, resent = false, name = 'code', ...field }: CodeFieldProps) {
  const ref = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (resent && ref.current) ref.current.value = '';
  }, [resent]);
  return (
    <TextField
      ref={ref}
      name={name}
      inputMode="numeric"
      autoComplete="one-time-code"
      pattern="[0-9]*"
      maxLength={length}
      required
      {...field}
    />
  );
}
