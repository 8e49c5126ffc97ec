import { useId, type ComponentPropsWithRef, type ReactNode } from 'react';
import * as s from './form.css';

/** What a field's control needs to be labelled and described: spread it on the input or select. */
export interface FieldControlProps {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}

export interface FieldFrameProps {
  label: ReactNode;
  /** A translated message shown under the field; marks the control invalid. */
  error?: ReactNode | undefined;
  /** Read out with the control (aria-describedby), e.g. the rules a value must follow. */
  hint?: ReactNode | undefined;
  className?: string | undefined;
  /** Renders the control with the ids that tie it to the label, the hint and the error. */
  children: (control: FieldControlProps) => ReactNode;
}

/** A field's hint or error, under the control, which names it in aria-describedby; nothing when empty. */
function FieldNote({ id, className, children }: { id: string; className: string; children: ReactNode }) {
  return children ? (
    <span id={id} className={className}>
      {children}
    </span>
  ) : null;
}

/**
 * The markup every labelled field shares: the label, the control, then its hint and its error,
 * both wired to the control with aria-describedby. TextField, SelectField and PasswordField are
 * built on it; a new kind of field should be too.
 */
export function FieldFrame({ label, error, hint, className, children }: FieldFrameProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className={[s.field, className].filter(Boolean).join(' ')}>
      <label className={s.label} htmlFor={id}>
        {label}
      </label>
      {children({ id, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy })}
      <FieldNote id={hintId} className={s.hint}>
        {hint}
      </FieldNote>
      <FieldNote id={errorId} className={s.fieldError}>
        {error}
      </FieldNote>
    </div>
  );
}

export interface TextFieldProps extends Omit<ComponentPropsWithRef<'input'>, 'id'> {
  label: ReactNode;
  /** A translated message shown under the field; marks the input invalid. */
  error?: ReactNode | undefined;
  hint?: ReactNode | undefined;
}

/** A labelled input with its hint and error wired to aria-describedby (every form uses it). */
export function TextField({ label, error, hint, className, ...input }: TextFieldProps) {
  return (
    <FieldFrame label={label} error={error} hint={hint} className={className}>
      {(control) => <input className={s.input} {...control} {...input} />}
    </FieldFrame>
  );
}

/** What an e-mail address's input wants, spread into a TextField: the e-mail keyboard, no capital letter, no spelling check. */
export const emailInputProps = { type: 'email', inputMode: 'email', autoCapitalize: 'off', spellCheck: false } as const;

export interface SelectFieldProps extends Omit<ComponentPropsWithRef<'select'>, 'id'> {
  label: ReactNode;
  error?: ReactNode | undefined;
  children: ReactNode;
}

/** A labelled native select (keyboard and screen-reader friendly on every device). */
export function SelectField({ label, error, children, className, ...select }: SelectFieldProps) {
  return (
    <FieldFrame label={label} error={error} className={className}>
      {(control) => (
        <select className={s.input} {...control} {...select}>
          {children}
        </select>
      )}
    </FieldFrame>
  );
}

export interface CheckboxFieldProps extends Omit<ComponentPropsWithRef<'input'>, 'id' | 'type'> {
  label: ReactNode;
  error?: ReactNode | undefined;
}

export function CheckboxField({ label, error, ...input }: CheckboxFieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className={s.field}>
      <div className={s.checkboxRow}>
        <input id={id} type="checkbox" className={s.checkbox} aria-invalid={error ? true : undefined} aria-describedby={error ? errorId : undefined} {...input} />
        <label htmlFor={id}>{label}</label>
      </div>
      <FieldNote id={errorId} className={s.fieldError}>
        {error}
      </FieldNote>
    </div>
  );
}

/** A form-level error (a refused call): announced to screen readers as it appears. */
export function FormError({ children }: { children: ReactNode }) {
  return (
    <div role="alert" className={s.formError}>
      {children}
    </div>
  );
}

export { form as formClass, actions as formActionsClass } from './form.css';
