import { useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import { useEffect, useRef, type ReactNode } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { SignupField, SignupValues } from '../../../machines/lib/signupForm';
import type { signupMachine } from '../../../machines/signup.machine';
import { fieldErrorMessage } from './errorMessages';
import * as s from './signup.css';

export type SignupRef = ActorRefFrom<typeof signupMachine>;

/**
 * The one heading of a step (h1). When the step changes it takes the focus, so a screen reader
 * announces the new step and the keyboard starts from its top.
 */
export function StepHeading({ children, focus }: { children: ReactNode; focus: boolean }) {
  const ref = useRef<HTMLHeadingElement>(null);
  // Decided once, when the step appears: later renders of the same step leave the focus alone.
  const focusOnMount = useRef(focus);
  useEffect(() => {
    if (focusOnMount.current) ref.current?.focus();
  }, []);
  return (
    <h1 ref={ref} id="signup-step-heading" className={s.heading} tabIndex={-1}>
      {children}
    </h1>
  );
}

/**
 * After a refused step.next (the form's own checks or the platform's answer), the first invalid
 * field takes the focus, and its message is read with it. Typing in a field does not move focus.
 */
export function useFocusFirstInvalid(fieldErrors: object, busy: boolean) {
  const form = useRef<HTMLFormElement>(null);
  const submitted = useRef(false);
  useEffect(() => {
    if (!submitted.current || busy) return;
    submitted.current = false;
    form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [fieldErrors, busy]);
  return {
    form,
    markSubmitted: () => {
      submitted.current = true;
    },
  };
}

/** The fields typed as text (the country is picked from the list, see ContactStep). */
type TextField = Exclude<{ [K in SignupField]: SignupValues[K] extends string ? K : never }[SignupField], 'countryCode'>;
type CheckboxField = { [K in SignupField]: SignupValues[K] extends boolean ? K : never }[SignupField];

/**
 * A step's fields bound to the flow: each control shows the value the machine holds, sends
 * `field.change`, and shows its translated field error. `text('email')` / `checkbox('marketingOptIn')`
 * give the props to spread on a TextField, SelectField or CheckboxField.
 */
export function useFieldBinding(signup: SignupRef) {
  const { i18n } = useLingui();
  const values = useSelector(signup, (snapshot) => snapshot.context.values);
  const fieldErrors = useSelector(signup, (snapshot) => snapshot.context.fieldErrors);
  const error = (code: string | undefined) => (code === undefined ? undefined : fieldErrorMessage(i18n, code));
  return {
    values,
    fieldErrors,
    error,
    text: (field: TextField) => ({
      name: field,
      value: values[field],
      onChange: (event: { target: { value: string } }) => signup.send({ type: 'field.change', field, value: event.target.value }),
      error: error(fieldErrors[field]),
    }),
    checkbox: (field: CheckboxField) => ({
      name: field,
      checked: values[field],
      onChange: (event: { target: { checked: boolean } }) => signup.send({ type: 'field.change', field, value: event.target.checked }),
      error: error(fieldErrors[field]),
    }),
  };
}
