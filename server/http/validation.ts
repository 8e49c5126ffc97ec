import type { Context, MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import * as v from 'valibot';
import { FIELD_CODES, type FieldError } from '../../src/api/errors';
import { ERROR_CODES, HttpError, type ErrorCode } from './errors';

// Request bodies of the identity flows: JSON parsed with a valibot schema; a body that is not
// JSON (or not an object) is a 400 with the flow's own code, a body whose fields fail is
// 400 error.validation with `errors: [{ field, code }]` (src/api/errors.ts FieldError). Schemas
// put the field code in their messages (`v.email('validation.email')`); a missing field is
// `validation.required`, any other failure `validation.invalid`. The schemas themselves are the
// contract's (src/api/player.ts, src/api/auth.ts, src/api/fields.ts): the same the app checks.

// The field codes are the contract's (src/api/errors.ts, machines/lib/errorCodes.ts); the fields
// themselves are imported from src/api/fields.ts where they are used.
export { FIELD_CODES } from '../../src/api/errors';

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
