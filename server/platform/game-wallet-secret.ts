import { createHmac, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import * as v from 'valibot';
import type { Database } from '../db/schema';
import { sameText } from './secrets';

// The game providers' seamless-wallet secret (server/contract/provider-wallet.ts): every call's body
// is signed with HMAC-SHA256 under it. GAME_WALLET_SECRET when configured (the providers are told
// it); otherwise generated on the first use and kept in platform_settings, like the session secret
// (server/platform/tokens.ts), so that it survives a restart and every process shares it.

/** platform_settings key of the generated secret (not a switch: the settings store's reset keeps it). */
export const GAME_WALLET_SECRET_SETTING = 'gameWalletSecret';
const SECRET_BYTES = 32;
const storedSecretSchema = v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{43,}$/));

export async function loadGameWalletSecret(db: Kysely<Database>, configured?: string): Promise<string> {
  if (configured) return configured;
  const generated = randomBytes(SECRET_BYTES).toString('base64url');
  // Two processes starting at once: the first insert wins and both read it back.
  await db
    .insertInto('platform_settings')
    .values({ key: GAME_WALLET_SECRET_SETTING, value: JSON.stringify(generated), updated_at: new Date() })
    .onConflict((oc) => oc.column('key').doNothing())
    .execute();
  const row = await db.selectFrom('platform_settings').select('value').where('key', '=', GAME_WALLET_SECRET_SETTING).executeTakeFirstOrThrow();
  const stored = v.safeParse(storedSecretSchema, row.value);
  if (!stored.success) throw new Error(`platform_settings.${GAME_WALLET_SECRET_SETTING} is not a generated secret; delete the row to generate a new one.`);
  return stored.output;
}

/** The signature header's value for a body: `sha256=<hex>`. */
export function signWalletBody(secret: string, body: string): string {
  return `sha256=${createHmac('sha256', secret).update(body, 'utf8').digest('hex')}`;
}

/** Does the header carry this body's signature? Constant-time. */
export function validWalletSignature(secret: string, body: string, header: string | undefined): boolean {
  return header !== undefined && sameText(header.trim().toLowerCase(), signWalletBody(secret, body));
}
