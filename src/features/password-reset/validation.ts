import * as v from 'valibot';
import { detailsSchema, VALIDATION_CODES } from '../../../machines/lib/signupForm';

// Field rules of the reset steps: the same e-mail and password rules as sign-up (one definition,
// machines/lib/signupForm.ts), and the code is checked by code entry. Each returns an error code or null; the
// step's field shows the translated message (errorMessages.ts).

function firstIssue(schema: v.GenericSchema, value: string): string | null {
  const result = v.safeParse(schema, value);
  return result.success ? null : (result.issues[0].message || VALIDATION_CODES.required);
}

export function emailError(email: string): string | null {
  return firstIssue(detailsSchema.entries.email, email);
}

export function passwordError(password: string): string | null {
  return firstIssue(detailsSchema.entries.password, password);
}
