import * as v from 'valibot';
import { expect } from 'vitest';
import { walletResponseSchema, type WalletResponse } from '../../../src/api/wallet';
import { loginResponseSchema } from '../../../src/api/auth';
import type { createApp } from '../../../server/app';
import { currentTermsVersion } from '../../../server/services/account-status';
import { CONFIGURED_DEMO_KEY_ID, DEMO_WALLET_PROVIDER, walletCallHeaders } from '../../../server/services/provider-keys';
import { randomSecret, sha256Hex } from '../../../server/crypto/secrets';
import { insertGameSession } from '../../../server/repositories/game-sessions';
import { hashPassword, TEST_SCRYPT_PARAMS } from '../../../server/crypto/passwords';
import { createPlayerStore, type CreatePlayerInput } from '../../../server/services/players';
import { SEEDED_PASSWORD } from '../../../server/services/seed-players';
import { appContexts, json, type TestPlatform } from './platform';

// Helpers of the wallet and banking server tests (issue 11).

type App = ReturnType<typeof createApp>;

/** The game providers' secret the wallet tests' apps are given (GAME_WALLET_SECRET). */
export const GAME_SECRET = 'test-game-wallet-secret-0123456789abcdef';

export interface WalletPlayer {
  id: number;
  email: string;
  token: string;
}

let cheapHash: Promise<string> | undefined;
let sequence = 0;

/**
 * A new player (FI, EUR unless overridden) logged in through the API. The password is hashed at a
 * low scrypt cost (the cost is stored with the hash): the rules under test do not depend on it.
 */
export async function walletPlayer(platform: TestPlatform, app: App, details: Partial<CreatePlayerInput> = {}): Promise<WalletPlayer> {
  sequence += 1;
  const email = `wallet.${String(process.pid)}.${String(sequence)}@example.com`;
  const { db } = platform.database;
  const player = await createPlayerStore(db).create({
    email,
    country_code: 'FI',
    language_code: 'fi',
    currency_code: 'EUR',
    status: 'REGISTERED',
    terms_accepted_version: currentTermsVersion(),
    ...details,
  });
  cheapHash ??= hashPassword(SEEDED_PASSWORD, TEST_SCRYPT_PARAMS);
  await db.updateTable('players').set({ password_hash: await cheapHash }).where('id', '=', player.id).execute();
  return { id: player.id, email, token: await logIn(app, email) };
}

/** A new id token for the player (a session of its own). */
export async function logIn(app: App, email: string): Promise<string> {
  const response = await app.request('/api/player/login', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email, password: SEEDED_PASSWORD }),
  });
  expect(response.status, await response.clone().text()).toBe(200);
  return v.parse(loginResponseSchema, await json(response)).idToken;
}

/** A player's call: GET without a body, POST with a JSON one. */
export function playerCall(app: App, token: string, path: string, body?: unknown): Promise<Response> {
  return Promise.resolve(
    app.request(`/api/player/wallet${path}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers: { Authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    }),
  );
}

/** The player's wallet (GET /player/wallet), parsed with the contract. */
export async function walletOf(app: App, token: string): Promise<WalletResponse> {
  const response = await playerCall(app, token, '');
  expect(response.status, await response.clone().text()).toBe(200);
  return v.parse(walletResponseSchema, await json(response));
}

/** A key of a provider: the demo provider's configured key (GAME_WALLET_SECRET = GAME_SECRET) unless another is given. */
export interface TestProviderKey {
  provider: string;
  keyId: string;
  secret: string;
}
export const DEMO_KEY: TestProviderKey = { provider: DEMO_WALLET_PROVIDER, keyId: CONFIGURED_DEMO_KEY_ID, secret: GAME_SECRET };

/** The game session tokens made, per database (test files may share this module: isolate false). */
const gameSessions = new WeakMap<object, Map<string, Promise<string>>>();

/**
 * A game session token of the player's newest login (one is made for a player who never logged
 * in), as a real-money launch makes one (server/services/game-launch.ts), for `provider`; one per
 * login and provider. An ended login's token is what the session rules refuse.
 */
export async function gameSessionToken(db: TestPlatform['database']['db'], playerId: number, at = new Date(), provider = DEMO_WALLET_PROVIDER): Promise<string> {
  const newest = () => db.selectFrom('sessions').select('id').where('player_id', '=', playerId).orderBy('created_at', 'desc').orderBy('id').executeTakeFirst();
  let login = await newest();
  if (!login) {
    const id = `test-login-${String(playerId)}`;
    await db
      .insertInto('sessions')
      .values({ id, player_id: playerId, cookie_hash: sha256Hex(id), login_method: 'PASSWORD', created_at: at, last_seen_at: at, last_auth_at: null })
      // No conflict target: concurrent first calls for one player (wallet-concurrency) race on
      // both unique keys, id and cookie_hash, and PostgreSQL raises the one that is not the target.
      .onConflict((oc) => oc.doNothing())
      .execute();
    login = await newest();
  }
  if (!login) throw new Error(`Player ${String(playerId)} has no login.`);
  const sessionId = login.id;
  const cacheKey = `${sessionId}:${provider}`;
  let made = gameSessions.get(db);
  if (made === undefined) {
    made = new Map();
    gameSessions.set(db, made);
  }
  let token = made.get(cacheKey);
  if (token === undefined) {
    token = (async () => {
      const secret = randomSecret(32);
      await insertGameSession(db, { tokenHash: sha256Hex(secret), sessionId, playerId, provider, gameId: 'test-game', at });
      return secret;
    })();
    made.set(cacheKey, token);
  }
  return token;
}

/**
 * A game provider's signed call to /api/provider/wallet/<operation>, signed at the app's time with
 * `key`. A balance or a bet without a sessionToken gets the player's open game's
 * (gameSessionToken), as the provider's game would send it.
 */
export async function providerCall(app: App, operation: string, body: unknown, key: TestProviderKey = DEMO_KEY, at?: Date): Promise<Response> {
  const context = appContexts.get(app);
  let sent = body;
  if ((operation === 'balance' || operation === 'bet') && typeof body === 'object' && body !== null && !('sessionToken' in body)) {
    const { playerId } = body as { playerId?: unknown };
    const player =
      context !== undefined && typeof playerId === 'number' && Number.isInteger(playerId) && playerId <= 2_147_483_647
        ? await context.db.selectFrom('players').select('id').where('id', '=', playerId).executeTakeFirst()
        : undefined;
    // No such player: a token of the right shape that opens nothing, so the call meets the rule under test.
    const token = context !== undefined && player !== undefined ? await gameSessionToken(context.db, player.id, context.clock(), key.provider) : randomSecret(32);
    sent = { ...body, sessionToken: token };
  }
  const text = JSON.stringify(sent);
  return app.request(`/api/provider/wallet/${operation}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...walletCallHeaders(key, text, at ?? context?.clock() ?? new Date()) },
    body: text,
  });
}

/** A test-mode credit to a player's MAIN. */
export async function credit(app: App, playerId: number, amount: string, idempotencyKey?: string): Promise<void> {
  const response = await app.request('/api/test/wallet/credit', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ playerId, amount, ...(idempotencyKey === undefined ? {} : { idempotencyKey }) }),
  });
  expect(response.status, await response.clone().text()).toBe(200);
}

let keys = 0;
/** A fresh idempotency key. */
export function newKey(prefix = 'key'): string {
  keys += 1;
  return `${prefix}-${String(process.pid)}-${String(keys)}-${Math.random().toString(36).slice(2, 10)}`;
}
