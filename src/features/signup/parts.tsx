import { useEffect, useRef, type ReactNode } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { signupMachine } from '../../../machines/signup.machine';
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
