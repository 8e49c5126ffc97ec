import { useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import { useEffect, useRef, type ChangeEvent, type SubmitEvent } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { codeVerificationMachine } from '../../machines/codeVerification.machine';
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

/** What a code step says about the code: the platform refused it, no connection, or another failure. */
export type CodeEntryError = 'sms.code.invalid' | 'network' | 'unknown';

/**
 * A code form's view of its code-verification child (machines/codeVerification.machine.ts): the
 * code field's value, change and label (`field`), the field's own rule (shown by the field), the
 * platform's answer about the code (shown for the step), and the events the form sends (a submit
 * while a call runs is ignored; the code keeps its digits only).
 */
export function useCodeEntry(actor: ActorRefFrom<typeof codeVerificationMachine>) {
  const { t } = useLingui();
  const code = useSelector(actor, (snapshot) => snapshot.context.code);
  const codeError = useSelector(actor, (snapshot) => snapshot.context.codeError);
  const formError = useSelector(actor, (snapshot) => snapshot.context.formError);
  const loading = useSelector(actor, (snapshot) => snapshot.hasTag('loading'));
  const resent = useSelector(actor, (snapshot) => snapshot.hasTag('resent'));
  const fieldRule = codeError?.startsWith('validation.') ? codeError : null;
  const flowCode: CodeEntryError | null =
    formError === 'network' ? 'network' : codeError === 'sms.code.invalid' ? 'sms.code.invalid' : codeError === null && formError === null ? null : 'unknown';
  const submit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!loading) actor.send({ type: 'code.submit' });
  };
  const field = {
    value: code,
    onChange: (event: ChangeEvent<HTMLInputElement>) => actor.send({ type: 'code.change', code: event.target.value.replace(/\D/g, '') }),
    label: t({ id: 'code.label', message: 'Verification code' }),
  };
  const resend = () => actor.send({ type: 'code.resend' });
  return { field, loading, resent, fieldRule, flowCode, submit, resend };
}
