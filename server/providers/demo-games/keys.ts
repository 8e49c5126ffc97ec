import { createHmac } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { loadGameWalletSecret } from '../../services/game-wallet-secret';

// The demo provider's own keys. It has a secret of its own (GAME_WALLET_SECRET, or the one generated
// and kept in platform_settings: server/services/game-wallet-secret.ts) and derives from it a key
// for its launch tokens and one for its round outcomes, so no kind of signature passes for another
// and every platform process (they share the secret) verifies and draws alike. Its seamless-wallet
// calls are signed with its wallet key (server/services/provider-keys.ts), which rotates apart
// from this secret: a rotation never changes a launch's outcomes or ends an open game.

export interface DemoProviderKeys {
  /** Signs and verifies launch tokens (launch-token.ts). */
  launch: Buffer;
  /** Draws round outcomes (rng.ts). */
  rounds: Buffer;
}

const derive = (secret: string, purpose: string): Buffer => createHmac('sha256', secret).update(purpose).digest();

/** Loads the secret once (again after a failure: a database hiccup must not poison every later call). */
export function demoProviderKeys(db: Kysely<Database>, configured: string | undefined): () => Promise<DemoProviderKeys> {
  let loaded: Promise<DemoProviderKeys> | undefined;
  return () => {
    loaded ??= loadGameWalletSecret(db, configured).then(
      (secret) => ({ launch: derive(secret, 'aurora demo provider launch token v1'), rounds: derive(secret, 'aurora demo provider rounds v1') }),
      (error: unknown) => {
        loaded = undefined;
        throw error;
      },
    );
    return loaded;
  };
}
