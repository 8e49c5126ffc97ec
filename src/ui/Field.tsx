import { useId, type ComponentPropsWithRef, type ReactNode } from 'react';
import * as s from './form.css';

export interface TextFieldProps extends Omit<ComponentPropsWithRef<'input'>, 'id'> {
  label: ReactNode;
  /** A translated message shown under the field; marks the input invalid. */
  error?: ReactNode | undefined;
  hint?: ReactNode | undefined;
}

/** A labelled input with its hint and error wired to aria-describedby (every form uses it). */
export function TextField({ label, error, hint, className, ...input }: TextFieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className={[s.field, className].filter(Boolean).join(' ')}>
      <label className={s.label} htmlFor={id}>
        {label}
      </label>
      <input id={id} className={s.input} aria-invalid={error ? true : undefined} aria-describedby={describedBy} {...input} />
      {hint ? (
        <span id={hintId} className={s.hint}>
          {hint}
        </span>
      ) : null}
      {error ? (
        <span id={errorId} className={s.fieldError}>
          {error}
        </span>
      ) : null}
    </div>
  );
}

export interface SelectFieldProps extends Omit<ComponentPropsWithRef<'select'>, 'id'> {
  label: ReactNode;
  error?: ReactNode | undefined;
  children: ReactNode;
}

/** A labelled native select (keyboard and screen-reader friendly on every device). */
export function SelectField({ label, error, children, className, ...select }: SelectFieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className={[s.field, className].filter(Boolean).join(' ')}>
      <label className={s.label} htmlFor={id}>
        {label}
      </label>
      <select id={id} className={s.input} aria-invalid={error ? true : undefined} aria-describedby={error ? errorId : undefined} {...select}>
        {children}
      </select>
      {error ? (
        <span id={errorId} className={s.fieldError}>
          {error}
        </span>
      ) : null}
    </div>
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
      {error ? (
        <span id={errorId} className={s.fieldError}>
          {error}
        </span>
      ) : null}
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
