import { createHmac, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import {
  WALLET_KEY_ID_HEADER,
  WALLET_SIGNATURE_HEADER,
  WALLET_SIGNATURE_WINDOW_S,
  WALLET_TIMESTAMP_HEADER,
} from '../contract/provider-wallet';
import type { Database } from '../db/schema';
import { ERROR_CODES, HttpError } from '../http/errors';
import { findKeyInForce, insertProviderKey, providerKeysInForce, retireProviderKey as retireKeyRow, type ProviderKeyRow } from '../repositories/provider-keys';
import { inTransaction } from '../repositories/transaction';
import { sameText } from '../crypto/secrets';

// The game providers' wallet keys and the calls' signatures (issue 20 "Per-provider keys and fresh
// signatures"; the contract is server/contract/provider-wallet.ts):
//
// - every provider has keys of its own, and a call's provider is the provider of the key that
//   signed it, never a field of the body;
// - the signature covers a timestamp and the body (`${timestamp}.${body}`), and a call whose
//   timestamp is more than WALLET_SIGNATURE_WINDOW_S away from the platform's clock is refused, so
//   a captured call cannot be replayed later (a money call is also idempotent by its transaction id);
// - a rotation adds a key and keeps the previous one in force, so the provider switches without
//   downtime: at most two keys of a provider are in force, the older one until it is retired (by
//   the operator, or by the next rotation). `npm run provider-keys` rotates, retires and lists.
//
// Keys come from two places: the environment (GAME_PROVIDER_KEYS, and GAME_WALLET_SECRET as the
// simulated demo provider's key), which the operator rotates by deploying two entries then one;
// and the database (migration 0014), where the demo provider's key is generated on first use and
// rotations are kept.

/** The simulated demo provider's name in the wallet. */
export const DEMO_WALLET_PROVIDER = 'aurora-demo';
/** The key id GAME_WALLET_SECRET goes by (the demo provider's configured key). */
export const CONFIGURED_DEMO_KEY_ID = `${DEMO_WALLET_PROVIDER}.env`;

const SECRET_BYTES = 32;
const KEY_ID = /^[A-Za-z0-9][A-Za-z0-9._-]{0,79}$/;
const PROVIDER = /^[a-z0-9][a-z0-9-]{0,39}$/;

export interface ProviderKey {
  keyId: string;
  provider: string;
  secret: string;
  createdAt: Date;
  retiredAt: Date | null;
}

/** Parses GAME_PROVIDER_KEYS: `provider:keyId:secret` entries separated by commas (secrets of 32+ characters). */
export function parseProviderKeys(value: string | undefined): ProviderKey[] {
  if (value === undefined || value.trim() === '') return [];
  return value.split(',').map((entry) => {
    const [provider = '', keyId = '', secret = '', ...rest] = entry.trim().split(':');
    if (rest.length > 0 || !PROVIDER.test(provider) || !KEY_ID.test(keyId) || secret.length < SECRET_BYTES) {
      throw new Error('GAME_PROVIDER_KEYS takes provider:keyId:secret entries separated by commas (a lower-case provider, a key id, a secret of at least 32 characters).');
    }
    return { provider, keyId, secret, createdAt: new Date(0), retiredAt: null };
  });
}

const keyOf = (row: ProviderKeyRow): ProviderKey => ({
  keyId: row.key_id,
  provider: row.provider,
  secret: row.secret,
  createdAt: row.created_at,
  retiredAt: row.retired_at,
});

export interface ProviderKeyring {
  /** The key in force with this id (configured or stored), if any. */
  find(keyId: string): Promise<ProviderKey | undefined>;
  /**
   * The key a provider signs with now: a configured one, else its newest stored key in force; the
   * demo provider's first key is generated when it has none.
   */
  signingKey(provider: string): Promise<ProviderKey>;
}

export interface ProviderKeyringOptions {
  db: Kysely<Database>;
  clock: () => Date;
  /** GAME_PROVIDER_KEYS, parsed. */
  configured?: readonly ProviderKey[] | undefined;
  /** GAME_WALLET_SECRET: the demo provider's configured key. */
  demoSecret?: string | undefined;
}

export function providerKeyring({ db, clock, configured = [], demoSecret }: ProviderKeyringOptions): ProviderKeyring {
  const fromEnvironment: ProviderKey[] = [...configured];
  if (demoSecret !== undefined) {
    fromEnvironment.push({ keyId: CONFIGURED_DEMO_KEY_ID, provider: DEMO_WALLET_PROVIDER, secret: demoSecret, createdAt: new Date(0), retiredAt: null });
  }
  return {
    async find(keyId) {
      if (!KEY_ID.test(keyId)) return undefined;
      const configuredKey = fromEnvironment.find((key) => key.keyId === keyId);
      if (configuredKey) return configuredKey;
      const row = await findKeyInForce(db, keyId, clock());
      return row ? keyOf(row) : undefined;
    },
    async signingKey(provider) {
      const configuredKey = fromEnvironment.find((key) => key.provider === provider);
      if (configuredKey) return configuredKey;
      const [newest] = await providerKeysInForce(db, provider, clock());
      if (newest) return keyOf(newest);
      if (provider !== DEMO_WALLET_PROVIDER) throw new Error(`The game provider ${provider} has no wallet key: add one (npm run provider-keys -- rotate ${provider}).`);
      // Two processes at once: the first insert wins, both read it back.
      await insertProviderKey(db, {
        key_id: `${DEMO_WALLET_PROVIDER}.1`,
        provider,
        secret: randomBytes(SECRET_BYTES).toString('base64url'),
        created_at: clock(),
        retired_at: null,
      });
      const [made] = await providerKeysInForce(db, provider, clock());
      if (!made) throw new Error('The demo provider key just generated is gone.');
      return keyOf(made);
    },
  };
}

/**
 * A rotation: a new key for the provider (its secret is shown to the operator once, to hand to the
 * provider); the newest key before it stays in force, any older one is retired now, so at most two
 * are in force. In one transaction holding the provider's keys.
 */
export async function rotateProviderKey(db: Kysely<Database>, provider: string, now: Date): Promise<ProviderKey> {
  if (!PROVIDER.test(provider)) throw new RangeError('A provider is lower-case letters, digits and dashes.');
  return inTransaction(db, async (trx) => {
    const [kept, ...older] = await providerKeysInForce(trx, provider, now, { lock: true });
    for (const key of older) await retireKeyRow(trx, key.key_id, now);
    const row: ProviderKeyRow = {
      key_id: `${provider}.${now.getTime().toString(36)}${randomBytes(3).toString('hex')}`,
      provider,
      secret: randomBytes(SECRET_BYTES).toString('base64url'),
      created_at: now,
      retired_at: null,
    };
    if (kept && kept.created_at.getTime() >= now.getTime()) row.created_at = new Date(kept.created_at.getTime() + 1);
    await insertProviderKey(trx, row);
    return keyOf(row);
  });
}

/** Retires a stored key at `now` (the provider signs with its newer key by then); false when there was none in force. */
export function retireProviderKey(db: Kysely<Database>, keyId: string, now: Date): Promise<boolean> {
  return retireKeyRow(db, keyId, now);
}

// ------------------------------------------------------------------------------ signatures

/** The signature header's value: `sha256=<hex HMAC-SHA256 of "<timestamp>.<body>">`. */
export function signWalletCall(secret: string, timestamp: number, body: string): string {
  return `sha256=${createHmac('sha256', secret).update(`${String(timestamp)}.${body}`, 'utf8').digest('hex')}`;
}

/** The three headers a provider sends with a call signed by `key` at `now`. */
export function walletCallHeaders(key: Pick<ProviderKey, 'keyId' | 'secret'>, body: string, now: Date): Record<string, string> {
  const timestamp = Math.floor(now.getTime() / 1000);
  return {
    [WALLET_KEY_ID_HEADER]: key.keyId,
    [WALLET_TIMESTAMP_HEADER]: String(timestamp),
    [WALLET_SIGNATURE_HEADER]: signWalletCall(key.secret, timestamp, body),
  };
}

const TIMESTAMP = /^\d{1,12}$/;

/**
 * The provider of a signed call: its key in force, its timestamp within the window, its signature
 * over the timestamp and the exact body. 401 error.token.invalid otherwise (the message says which).
 */
export async function verifyWalletCall(keyring: ProviderKeyring, header: (name: string) => string | undefined, body: string, now: Date): Promise<ProviderKey> {
  const refuse = (message: string) => new HttpError(401, ERROR_CODES.tokenInvalid, message);
  const keyId = header(WALLET_KEY_ID_HEADER)?.trim();
  const timestamp = header(WALLET_TIMESTAMP_HEADER)?.trim();
  const signature = header(WALLET_SIGNATURE_HEADER)?.trim().toLowerCase();
  if (keyId === undefined || timestamp === undefined || signature === undefined) {
    throw refuse(`A wallet call carries ${WALLET_KEY_ID_HEADER}, ${WALLET_TIMESTAMP_HEADER} and ${WALLET_SIGNATURE_HEADER}.`);
  }
  if (!TIMESTAMP.test(timestamp)) throw refuse(`${WALLET_TIMESTAMP_HEADER} is the call's time in whole seconds since 1970.`);
  if (Math.abs(Number(timestamp) - now.getTime() / 1000) > WALLET_SIGNATURE_WINDOW_S) {
    throw refuse(`${WALLET_TIMESTAMP_HEADER} is more than ${String(WALLET_SIGNATURE_WINDOW_S)} seconds from the platform's clock: sign each call when it is sent.`);
  }
  const key = await keyring.find(keyId);
  // The same answer for an unknown key and a wrong signature: a caller learns nothing of the key ids.
  if (!key || !sameText(signature, signWalletCall(key.secret, Number(timestamp), body))) throw refuse(`The call's ${WALLET_SIGNATURE_HEADER} is missing or wrong.`);
  return key;
}
