import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import * as v from 'valibot';
import type { Database } from '../db/schema';
import { keepFirstSetting } from '../repositories/platform-settings';

// The simulated demo game provider's own secret (server/providers/demo-games/keys.ts derives its
// launch-token and round-outcome keys from it). GAME_WALLET_SECRET when configured (then it is also
// the demo provider's wallet key: server/services/provider-keys.ts); otherwise generated on the
// first use and kept in platform_settings, so that it survives a restart and every process shares
// it. The wallet calls' keys are per provider and rotate (server/services/provider-keys.ts); this
// secret does not, so a rotation never changes a launch's outcomes or ends its games.

/** platform_settings key of the generated secret (not a switch: the settings store's reset keeps it). */
export const GAME_WALLET_SECRET_SETTING = 'gameWalletSecret';
const SECRET_BYTES = 32;
const storedSecretSchema = v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{43,}$/));

export async function loadGameWalletSecret(db: Kysely<Database>, configured?: string): Promise<string> {
  if (configured) return configured;
  const generated = randomBytes(SECRET_BYTES).toString('base64url');
  // Two processes starting at once: the first insert wins and both read it back.
  const value = await keepFirstSetting(db, GAME_WALLET_SECRET_SETTING, JSON.stringify(generated), new Date());
  const stored = v.safeParse(storedSecretSchema, value);
  if (!stored.success) throw new Error(`platform_settings.${GAME_WALLET_SECRET_SETTING} is not a generated secret; delete the row to generate a new one.`);
  return stored.output;
}
