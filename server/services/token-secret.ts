import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import * as v from 'valibot';
import type { Database } from '../db/schema';
import { keepFirstSetting } from '../repositories/platform-settings';

// The id tokens' signing secret (server/crypto/tokens.ts signs and verifies with it).

/** platform_settings key of the generated signing secret (kept by the settings store's reset). */
export const TOKEN_SECRET_SETTING = 'sessionSecret';
const SECRET_BYTES = 32;
const storedSecretSchema = v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{43,}$/));

/**
 * The signing secret: SESSION_SECRET when configured (several platform instances share it), else
 * one generated on the first start and stored in platform_settings, so tokens survive a restart.
 */
export async function loadTokenSecret(db: Kysely<Database>, configured?: string): Promise<Uint8Array> {
  if (configured) return Buffer.from(configured, 'utf8');
  const generated = randomBytes(SECRET_BYTES).toString('base64url');
  // Two instances starting at once: the first insert wins and both read it back.
  const value = await keepFirstSetting(db, TOKEN_SECRET_SETTING, JSON.stringify(generated), new Date());
  const stored = v.safeParse(storedSecretSchema, value);
  if (!stored.success) throw new Error(`platform_settings.${TOKEN_SECRET_SETTING} is not a generated secret; delete the row to generate a new one.`);
  return Buffer.from(stored.output, 'base64url');
}
