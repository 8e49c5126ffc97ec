import * as v from 'valibot';
import { contactSchema, detailsSchema, VALIDATION_CODES } from '../../../machines/lib/signupForm';

// Field rules of the account forms: the same phone and password rules as sign-up (one definition,
// machines/lib/signupForm.ts). Each returns a map of field name to error code; empty when valid.

export type FieldErrors = Partial<Record<string, string>>;

function firstIssue(schema: v.GenericSchema, value: string): string | null {
  const result = v.safeParse(schema, value);
  return result.success ? null : result.issues[0].message || VALIDATION_CODES.required;
}

function collect(entries: [string, string | null][]): FieldErrors {
  return Object.fromEntries(entries.filter((entry): entry is [string, string] => entry[1] !== null));
}

export function phoneErrors(phonePrefix: string, phoneBody: string): FieldErrors {
  return collect([
    ['phonePrefix', firstIssue(contactSchema.entries.phonePrefix, phonePrefix)],
    ['phoneBody', firstIssue(contactSchema.entries.phoneBody, phoneBody)],
  ]);
}

export function passwordChangeErrors(oldPassword: string, newPassword: string): FieldErrors {
  const errors = collect([
    ['oldPassword', oldPassword === '' ? VALIDATION_CODES.required : null],
    ['newPassword', firstIssue(detailsSchema.entries.password, newPassword)],
  ]);
  if (errors.newPassword === undefined && oldPassword !== '' && oldPassword === newPassword) {
    errors.newPassword = 'validation.password.same';
  }
  return errors;
}
