import type { Context, MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import * as v from 'valibot';
import { COUNTRIES } from '../../machines/lib/countries';
import { FIELD_CODES } from '../../machines/lib/fieldCodes';
import type { FieldError } from '../../src/api/errors';
import { PASSWORD_RULE } from '../../src/api/player';
import { ERROR_CODES, HttpError, type ErrorCode } from './errors';

// Request bodies of the identity flows: JSON parsed with a valibot schema; a body that is not
// JSON (or not an object) is a 400 with the flow's own code, a body whose fields fail is
// 400 error.validation with `errors: [{ field, code }]` (src/api/errors.ts FieldError). Schemas
// put the field code in their messages (`v.email('validation.email')`); a missing field is
// `validation.required`, any other failure `validation.invalid`. The password rule is the app's
// own (src/api/player.ts PASSWORD_RULE), with its `error.password.*` codes.

// The field codes are the contract's (machines/lib/fieldCodes.ts), shared with the forms.
export { FIELD_CODES };

/** The largest body the identity flows read; a larger one is 413 error.request.invalid before it is parsed. */
export const FLOW_BODY_MAX_BYTES = 16 * 1024;

export const flowBodyLimit: MiddlewareHandler = bodyLimit({
  maxSize: FLOW_BODY_MAX_BYTES,
  onError: () => {
    throw new HttpError(413, ERROR_CODES.requestInvalid, `The body is larger than ${String(FLOW_BODY_MAX_BYTES)} bytes.`);
  },
});

/** Reads the body as JSON; throws 400 `code` when it is not a JSON object. */
export async function readJsonObject(c: Context, code: ErrorCode = ERROR_CODES.requestInvalid): Promise<unknown> {
  let body: unknown;
  try {
    body = await c.req.json();
  } catch {
    throw new HttpError(400, code, 'The request body must be a JSON object.');
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw new HttpError(400, code, 'The request body must be a JSON object.');
  }
  return body;
}

/** A message that is a catalogue code (`validation.email`, `error.password.too_short`), not valibot's prose. */
const CODE_SHAPE = /^[a-z][a-z_]*(\.[a-z_]+)+$/;

/** One error per field (the first), in the schema's order. */
export function fieldErrorsOf(issues: readonly v.BaseIssue<unknown>[]): FieldError[] {
  const errors: FieldError[] = [];
  for (const issue of issues) {
    const field = issue.path?.map((item) => String(item.key)).join('.') ?? '';
    if (errors.some((error) => error.field === field)) continue;
    const code = issue.received === 'undefined' ? FIELD_CODES.required : CODE_SHAPE.test(issue.message) ? issue.message : FIELD_CODES.invalid;
    errors.push({ field, code });
  }
  return errors;
}

export function validationError(errors: readonly FieldError[]): HttpError {
  return new HttpError(400, ERROR_CODES.validation, 'Some fields are not valid.', errors);
}

/** Parses a JSON body with `schema`; 400 `notJson` for a body that is not an object, 400 error.validation otherwise. */
export async function parseJsonBody<TSchema extends v.GenericSchema>(
  c: Context,
  schema: TSchema,
  notJson: ErrorCode = ERROR_CODES.requestInvalid,
): Promise<v.InferOutput<TSchema>> {
  const body = await readJsonObject(c, notJson);
  const parsed = v.safeParse(schema, body, { abortEarly: false });
  if (!parsed.success) throw validationError(fieldErrorsOf(parsed.issues));
  return parsed.output;
}

/** A required, trimmed text field of at most `max` characters. */
export function text(max: number) {
  return v.pipe(v.string(FIELD_CODES.invalid), v.trim(), v.nonEmpty(FIELD_CODES.required), v.maxLength(max, FIELD_CODES.tooLong));
}

export const emailField = v.pipe(text(254), v.email(FIELD_CODES.email));

/** An international dialing prefix as the phone prefix field holds it (+358). */
export const phonePrefixField = v.pipe(
  text(5),
  v.check((prefix: string) => DIALING_CODES.has(prefix), FIELD_CODES.phone),
);

/** The prefixes of the country list (product.md §3): the only ones the phone fields offer. */
const DIALING_CODES: ReadonlySet<string> = new Set(Object.values(COUNTRIES).map((country) => country.dialingCode));

/** The national part of a mobile phone: digits, spaces and dashes dropped. */
export const phoneBodyField = v.pipe(
  text(32),
  v.transform((body: string) => body.replace(/[\s-]/g, '')),
  v.regex(/^[0-9]{4,14}$/, FIELD_CODES.phone),
);

/** Secrets and ids the platform handed out: opaque, bounded. */
export const opaqueField = v.pipe(text(200), v.regex(/^[A-Za-z0-9_-]+$/, FIELD_CODES.invalid));

/** A player id as the platform hands it out (a positive 32-bit integer). */
export const playerIdField = v.pipe(
  v.number(FIELD_CODES.invalid),
  v.integer(FIELD_CODES.invalid),
  v.minValue(1, FIELD_CODES.invalid),
  v.maxValue(2 ** 31 - 1, FIELD_CODES.invalid),
);

/** A one-time code as typed: bounded; a wrong shape is a wrong code, counted like one. */
export const codeField = text(16);

/** A new password (registration, reset): the same rule the app checks. */
export const passwordField = PASSWORD_RULE;
