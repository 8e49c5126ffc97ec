import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';

// The SQL of the account's second factor (migration 0020): the TOTP secret, passkeys, recovery codes
// (hashed), pending challenges (hashed tokens), remembered devices (hashed cookie values) and the
// payment methods a withdrawal was approved for. The rules are server/services/second-factor.ts's.

export interface TotpRow {
  secret: string;
  confirmed: boolean;
}

export async function totpOf(db: Kysely<Database>, playerId: number): Promise<TotpRow | null> {
  const row = await db.selectFrom('second_factor_totp').select(['secret', 'confirmed_at']).where('player_id', '=', playerId).executeTakeFirst();
  return row ? { secret: row.secret, confirmed: row.confirmed_at !== null } : null;
}

/** A new, unconfirmed secret (replaces an unconfirmed one; a confirmed one is never replaced here). */
export async function saveUnconfirmedTotp(db: Kysely<Database>, playerId: number, secret: string, now: Date): Promise<void> {
  await db
    .insertInto('second_factor_totp')
    .values({ player_id: playerId, secret, confirmed_at: null, last_step: null, created_at: now })
    .onConflict((conflict) => conflict.column('player_id').doUpdateSet({ secret, confirmed_at: null, last_step: null, created_at: now }).where('second_factor_totp.confirmed_at', 'is', null))
    .execute();
}

/**
 * Takes the 30-second step `step` for the player's TOTP (and confirms an unconfirmed secret): false
 * when a code of this step or a later one was already taken (a code is used once).
 */
export async function takeTotpStep(db: Kysely<Database>, playerId: number, step: number, now: Date): Promise<boolean> {
  const row = await db
    .updateTable('second_factor_totp')
    .set((eb) => ({ last_step: step, confirmed_at: eb.fn.coalesce('confirmed_at', eb.val(now)) }))
    .where('player_id', '=', playerId)
    .where((eb) => eb.or([eb('last_step', 'is', null), eb('last_step', '<', step)]))
    .returning('player_id')
    .executeTakeFirst();
  return row !== undefined;
}

export interface PasskeyRow {
  id: string;
  publicKey: string;
  counter: number;
  transports: string[];
}

export async function passkeysOf(db: Kysely<Database>, playerId: number): Promise<PasskeyRow[]> {
  const rows = await db.selectFrom('second_factor_passkeys').select(['id', 'public_key', 'counter', 'transports']).where('player_id', '=', playerId).orderBy('created_at').execute();
  return rows.map((row) => ({ id: row.id, publicKey: row.public_key, counter: Number(row.counter), transports: parseTransports(row.transports) }));
}

function parseTransports(value: string): string[] {
  const parsed: unknown = JSON.parse(value);
  return Array.isArray(parsed) ? parsed.filter((item): item is string => typeof item === 'string') : [];
}

export async function insertPasskey(db: Kysely<Database>, playerId: number, passkey: PasskeyRow, now: Date): Promise<void> {
  await db
    .insertInto('second_factor_passkeys')
    .values({ id: passkey.id, player_id: playerId, public_key: passkey.publicKey, counter: passkey.counter, transports: JSON.stringify(passkey.transports), created_at: now })
    .execute();
}

export async function updatePasskeyCounter(db: Kysely<Database>, playerId: number, id: string, counter: number, now: Date): Promise<void> {
  await db.updateTable('second_factor_passkeys').set({ counter, last_used_at: now }).where('player_id', '=', playerId).where('id', '=', id).execute();
}

export async function recoveryCodesLeft(db: Kysely<Database>, playerId: number): Promise<number> {
  const row = await db
    .selectFrom('second_factor_recovery_codes')
    .select((eb) => eb.fn.countAll<string | number | bigint>().as('count'))
    .where('player_id', '=', playerId)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(row?.count ?? 0);
}

/** Replaces every recovery code of the player with these (hashes). */
export async function replaceRecoveryCodes(db: Kysely<Database>, playerId: number, hashes: readonly string[]): Promise<void> {
  await db.deleteFrom('second_factor_recovery_codes').where('player_id', '=', playerId).execute();
  if (hashes.length > 0) await db.insertInto('second_factor_recovery_codes').values(hashes.map((code_hash) => ({ player_id: playerId, code_hash, used_at: null }))).execute();
}

/** Uses a recovery code once: false for an unknown or used one. */
export async function takeRecoveryCode(db: Kysely<Database>, playerId: number, hash: string, now: Date): Promise<boolean> {
  const row = await db
    .updateTable('second_factor_recovery_codes')
    .set({ used_at: now })
    .where('player_id', '=', playerId)
    .where('code_hash', '=', hash)
    .where('used_at', 'is', null)
    .returning('player_id')
    .executeTakeFirst();
  return row !== undefined;
}

export interface ChallengeRow {
  playerId: number;
  purpose: string;
  subject: string | null;
  webauthnChallenge: string | null;
}

export async function insertChallenge(
  db: Kysely<Database>,
  row: { tokenHash: string; playerId: number; purpose: string; subject: string | null; webauthnChallenge: string | null; expiresAt: Date },
): Promise<void> {
  await db
    .insertInto('second_factor_challenges')
    .values({ token_hash: row.tokenHash, player_id: row.playerId, purpose: row.purpose, subject: row.subject, webauthn_challenge: row.webauthnChallenge, expires_at: row.expiresAt })
    .execute();
}

/** The challenges that are live: neither used nor expired. */
function liveChallenges(db: Kysely<Database>, now: Date) {
  return db
    .selectFrom('second_factor_challenges')
    .select(['token_hash', 'player_id', 'purpose', 'subject', 'webauthn_challenge'])
    .where('used_at', 'is', null)
    .where('expires_at', '>', now);
}

function challengeOf(row: { player_id: number; purpose: string; subject: string | null; webauthn_challenge: string | null }): ChallengeRow {
  return { playerId: row.player_id, purpose: row.purpose, subject: row.subject, webauthnChallenge: row.webauthn_challenge };
}

/** A challenge that is neither used nor expired. */
export async function liveChallenge(db: Kysely<Database>, tokenHash: string, now: Date): Promise<ChallengeRow | null> {
  const row = await liveChallenges(db, now).where('token_hash', '=', tokenHash).executeTakeFirst();
  return row ? challengeOf(row) : null;
}

/** The player's newest live challenge of a purpose (a passkey registration's). */
export async function latestChallengeOf(db: Kysely<Database>, playerId: number, purpose: string, now: Date): Promise<(ChallengeRow & { tokenHash: string }) | null> {
  const row = await liveChallenges(db, now).where('player_id', '=', playerId).where('purpose', '=', purpose).orderBy('expires_at', 'desc').limit(1).executeTakeFirst();
  return row ? { tokenHash: row.token_hash, ...challengeOf(row) } : null;
}

export async function setWebauthnChallenge(db: Kysely<Database>, tokenHash: string, challenge: string): Promise<void> {
  await db.updateTable('second_factor_challenges').set({ webauthn_challenge: challenge }).where('token_hash', '=', tokenHash).execute();
}

/** Uses a challenge once: false when it was used (or expired) meanwhile. */
export async function takeChallenge(db: Kysely<Database>, tokenHash: string, now: Date): Promise<boolean> {
  const row = await db
    .updateTable('second_factor_challenges')
    .set({ used_at: now })
    .where('token_hash', '=', tokenHash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .returning('player_id')
    .executeTakeFirst();
  return row !== undefined;
}

export async function deleteExpiredChallenges(db: Kysely<Database>, before: Date): Promise<void> {
  await db.deleteFrom('second_factor_challenges').where('expires_at', '<', before).execute();
}

export async function insertDevice(db: Kysely<Database>, tokenHash: string, playerId: number, now: Date): Promise<void> {
  await db.insertInto('second_factor_devices').values({ token_hash: tokenHash, player_id: playerId, created_at: now }).onConflict((conflict) => conflict.column('token_hash').doNothing()).execute();
}

export async function isDeviceOf(db: Kysely<Database>, tokenHash: string, playerId: number, since: Date): Promise<boolean> {
  const row = await db
    .selectFrom('second_factor_devices')
    .select('player_id')
    .where('token_hash', '=', tokenHash)
    .where('player_id', '=', playerId)
    .where('created_at', '>', since)
    .executeTakeFirst();
  return row !== undefined;
}

/** Whether the player paid in or out with this method before, or a withdrawal to it was approved with the factor. */
export async function methodUsedBefore(db: Kysely<Database>, playerId: number, methodId: string): Promise<boolean> {
  const used = await db.selectFrom('wallet_transactions').select('id').where('player_id', '=', playerId).where('method_id', '=', methodId).limit(1).executeTakeFirst();
  if (used) return true;
  const approved = await db.selectFrom('second_factor_methods').select('method_id').where('player_id', '=', playerId).where('method_id', '=', methodId).executeTakeFirst();
  return approved !== undefined;
}

export async function approveMethod(db: Kysely<Database>, playerId: number, methodId: string, now: Date): Promise<void> {
  await db
    .insertInto('second_factor_methods')
    .values({ player_id: playerId, method_id: methodId, approved_at: now })
    .onConflict((conflict) => conflict.columns(['player_id', 'method_id']).doNothing())
    .execute();
}

/** Turns the second factor off: every factor, code, device and approval of the player goes. */
export async function deleteSecondFactor(db: Kysely<Database>, playerId: number): Promise<void> {
  for (const table of ['second_factor_totp', 'second_factor_passkeys', 'second_factor_recovery_codes', 'second_factor_devices', 'second_factor_methods', 'second_factor_challenges'] as const) {
    await db.deleteFrom(table).where('player_id', '=', playerId).execute();
  }
}
