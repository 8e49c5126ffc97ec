import * as v from 'valibot';
import { expect } from 'vitest';
import { walletResponseSchema, type WalletResponse } from '../../../src/api/wallet';
import { loginResponseSchema } from '../../../src/api/auth';
import type { createApp } from '../../../server/app';
import { WALLET_SIGNATURE_HEADER } from '../../../server/contract/provider-wallet';
import { currentTermsVersion } from '../../../server/platform/account-status';
import { signWalletBody } from '../../../server/platform/game-wallet-secret';
import { hashPassword } from '../../../server/platform/passwords';
import { createPlayerStore, type CreatePlayerInput } from '../../../server/platform/players';
import { SEEDED_PASSWORD } from '../../../server/platform/seed-players';
import { json, type TestPlatform } from './platform';

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
  cheapHash ??= hashPassword(SEEDED_PASSWORD, { N: 1024, r: 8, p: 1 });
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

/** A game provider's signed call to /api/provider/wallet/<operation>. */
export function providerCall(app: App, operation: string, body: unknown, secret = GAME_SECRET): Promise<Response> {
  const text = JSON.stringify(body);
  return Promise.resolve(
    app.request(`/api/provider/wallet/${operation}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', [WALLET_SIGNATURE_HEADER]: signWalletBody(secret, text) },
      body: text,
    }),
  );
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
