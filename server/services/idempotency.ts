import type { Kysely } from 'kysely';
import * as v from 'valibot';
import type { Database, JsonValue } from '../db/schema';
import { ERROR_CODES, HttpError } from '../http/errors';
import { findIdempotencyRecord, insertIdempotencyRecord } from '../repositories/idempotency';
import { sha256Hex } from '../crypto/secrets';

// Idempotent money calls (issue 11): a deposit request, a withdrawal, a cancellation, a game
// provider's bet, win or rollback, an operator credit. The answer of a call (an effect, or a
// business refusal such as NOT_ENOUGH_FUNDS: a 200 with its operation result) is stored under its
// scope and key with a fingerprint of its parameters, in the same database transaction as the
// effect, after the player's wallet is locked (so one player's calls with one key cannot both run):
// the same key with the same parameters answers the stored answer and does nothing; with other
// parameters it is 409 error.idempotency.conflict. An error answer (400, 403, 404, 409) stores
// nothing: its transaction rolls back, and a retry is judged again. So a retried request whose
// answer was lost gets the answer it would have got; a new attempt (another amount) needs a new key.

export interface IdempotentCall {
  /** What the key is unique in: `player:12:withdrawal`, `provider:aurora-demo`. */
  scope: string;
  key: string;
  playerId: number | null;
  /** The call's parameters: the same key must come with the same ones. */
  params: Record<string, JsonValue>;
}

export const idempotencyConflict = (): HttpError =>
  new HttpError(409, ERROR_CODES.idempotencyConflict, 'This idempotency key was already used with other parameters.');

/** JSON with sorted keys: the same parameters give the same text whatever their order. */
function canonical(value: JsonValue): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    return `{${Object.keys(value)
      .sort()
      .map((key) => `${JSON.stringify(key)}:${canonical(value[key] ?? null)}`)
      .join(',')}}`;
  }
  return JSON.stringify(value);
}

export function fingerprintOf(call: IdempotentCall): string {
  return sha256Hex(canonical({ playerId: call.playerId, params: call.params }));
}

/** What a reserved key (`reserveKey`) keeps instead of an answer: why its call must not run any more. */
const reservationSchema = v.object({ reserved: v.string() });

/**
 * The stored answer of this call, read with `schema`; undefined when the key is new. Throws
 * `reserved()` when the key was reserved for this call (`reserveKey`) and the caller gives one, and
 * 409 error.idempotency.conflict when the key was used with other parameters (or reserved).
 */
export async function storedAnswer<TSchema extends v.GenericSchema>(
  db: Kysely<Database>,
  call: IdempotentCall,
  schema: TSchema,
  reserved?: () => Error,
): Promise<v.InferOutput<TSchema> | undefined> {
  const record = await findIdempotencyRecord(db, call.scope, call.key);
  if (!record) return undefined;
  if (reserved && v.is(reservationSchema, record.response)) throw reserved();
  if (record.fingerprint !== fingerprintOf(call)) throw idempotencyConflict();
  const parsed = v.safeParse(schema, record.response);
  if (!parsed.success) throw new Error(`The stored answer of ${call.scope} is not the call's answer.`);
  return parsed.output;
}

/**
 * Stores the answer of a call, in the effect's transaction. A key taken meanwhile
 * by another call (another player's, through a provider's scope) is 409 and rolls the effect back.
 */
export async function storeAnswer(db: Kysely<Database>, call: IdempotentCall, response: JsonValue, at: Date): Promise<void> {
  const fingerprint = fingerprintOf(call);
  const stored = await insertIdempotencyRecord(db, { scope: call.scope, key: call.key, playerId: call.playerId, fingerprint, response, at });
  if (stored) return;
  const record = await findIdempotencyRecord(db, call.scope, call.key);
  if (record?.fingerprint !== fingerprint) throw idempotencyConflict();
  // The same call ran twice at once without the wallet lock between them: never answer both.
  throw new Error(`${call.scope} ran the same call twice at once; the wallet lock must come first.`);
}

/**
 * Holds a key for a call that must not run any more (a provider's bet whose rollback came first):
 * when the call comes, `storedAnswer` with a `reserved` refusal throws it. A key that is taken
 * already (the call ran, or was reserved before) stays as it is.
 */
export async function reserveKey(db: Kysely<Database>, call: IdempotentCall, reason: string, at: Date): Promise<void> {
  await insertIdempotencyRecord(db, { scope: call.scope, key: call.key, playerId: call.playerId, fingerprint: fingerprintOf(call), response: { reserved: reason }, at });
}
