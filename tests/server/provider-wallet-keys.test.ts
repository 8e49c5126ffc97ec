import { createHmac } from 'node:crypto';
import * as v from 'valibot';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  WALLET_KEY_ID_HEADER,
  WALLET_SIGNATURE_HEADER,
  WALLET_SIGNATURE_WINDOW_S,
  WALLET_TIMESTAMP_HEADER,
  balanceAnswerSchema,
} from '../../server/contract/provider-wallet';
import {
  DEMO_WALLET_PROVIDER,
  parseProviderKeys,
  providerKeyring,
  retireProviderKey,
  rotateProviderKey,
  signWalletCall,
  walletCallHeaders,
} from '../../server/services/provider-keys';
import { expectError } from './helpers/identity';
import { json, startTestPlatform, type TestPlatform } from './helpers/platform';
import { credit, DEMO_KEY, GAME_SECRET, gameSessionToken, newKey, providerCall, walletPlayer, type TestProviderKey, type WalletPlayer } from './helpers/wallet';

// Issue 20 "Per-provider keys and fresh signatures" (server/contract/provider-wallet.ts "Keys and
// signatures"): a key per provider, the provider is the key's and never the body's, the signature
// covers a timestamp and calls outside a short window are refused (a captured /balance cannot be
// replayed later), and keys rotate without downtime (two in force at once).

let platform: TestPlatform;
let app: ReturnType<TestPlatform['app']>;
let now = new Date();
const clock = () => now;

const OTHER: TestProviderKey = { provider: 'other-studio', keyId: 'other-studio.keys', secret: 'other-studio-keys-secret-0123456789ab' };

beforeAll(async () => {
  platform = await startTestPlatform();
});
beforeEach(() => {
  now = new Date();
  app = platform.app({ clock, gameWalletSecret: GAME_SECRET, gameProviderKeys: [{ ...OTHER, createdAt: new Date(0), retiredAt: null }] });
});
afterAll(async () => {
  await platform.close();
});

async function funded(): Promise<WalletPlayer> {
  const player = await walletPlayer(platform, app);
  await credit(app, player.id, '100.00');
  return player;
}

/** A balance call with the given headers over the body as sent. */
async function rawBalance(player: WalletPlayer, headers: Record<string, string>, body?: string): Promise<Response> {
  const text = body ?? JSON.stringify({ playerId: player.id, sessionToken: await gameSessionToken(platform.database.db, player.id, now) });
  return app.request('/api/provider/wallet/balance', { method: 'POST', headers: { 'Content-Type': 'application/json', ...headers }, body: text });
}

describe('the signature', () => {
  it('is the worked example’s arithmetic: HMAC-SHA256 of "<timestamp>.<body>" under the key’s secret', () => {
    const secret = '0123456789abcdef0123456789abcdef';
    const body = '{"playerId":42,"amount":"1.50"}';
    const byHand = `sha256=${createHmac('sha256', secret).update(`1795000000.${body}`).digest('hex')}`;
    expect(signWalletCall(secret, 1_795_000_000, body)).toBe(byHand);
  });

  it('is accepted when fresh', async () => {
    const player = await funded();
    const response = await providerCall(app, 'balance', { playerId: player.id });
    expect(v.parse(balanceAnswerSchema, await json(response)).balance).toBe('100.00');
  });

  it.each([
    ['no headers at all', () => ({})],
    ['no timestamp', (text: string) => ({ [WALLET_KEY_ID_HEADER]: DEMO_KEY.keyId, [WALLET_SIGNATURE_HEADER]: signWalletCall(GAME_SECRET, Math.floor(now.getTime() / 1000), text) })],
    ['an unknown key id', (text: string) => walletCallHeaders({ keyId: 'nobody.k1', secret: GAME_SECRET }, text, now)],
    ['another key’s secret under this key id', (text: string) => walletCallHeaders({ keyId: DEMO_KEY.keyId, secret: OTHER.secret }, text, now)],
    ['another body’s signature', () => walletCallHeaders(DEMO_KEY, '{"playerId":1}', now)],
    ['a timestamp that is not a number', (text: string) => ({ ...walletCallHeaders(DEMO_KEY, text, now), [WALLET_TIMESTAMP_HEADER]: 'yesterday' })],
  ])('refuses a call with %s: 401 error.token.invalid', async (_name, headersOf) => {
    const player = await funded();
    const text = JSON.stringify({ playerId: player.id, sessionToken: await gameSessionToken(platform.database.db, player.id, now) });
    await expectError(await rawBalance(player, headersOf(text), text), 401, 'error.token.invalid');
  });

  it('refuses a captured call replayed outside the window (the /balance leak), either way of the clock', async () => {
    const player = await funded();
    const text = JSON.stringify({ playerId: player.id, sessionToken: await gameSessionToken(platform.database.db, player.id, now) });
    const captured = walletCallHeaders(DEMO_KEY, text, now);
    expect((await rawBalance(player, captured, text)).status).toBe(200);
    now = new Date(now.getTime() + (WALLET_SIGNATURE_WINDOW_S - 5) * 1000);
    expect((await rawBalance(player, captured, text)).status).toBe(200);
    now = new Date(now.getTime() + 10 * 1000);
    await expectError(await rawBalance(player, captured, text), 401, 'error.token.invalid');
    const future = walletCallHeaders(DEMO_KEY, text, new Date(now.getTime() + (WALLET_SIGNATURE_WINDOW_S + 5) * 1000));
    await expectError(await rawBalance(player, future, text), 401, 'error.token.invalid');
  });
});

describe('one key per provider', () => {
  it('the provider is the key’s, never the body’s: a bet signed by another studio is that studio’s, whatever its body says', async () => {
    const player = await funded();
    const bet = { provider: DEMO_WALLET_PROVIDER, playerId: player.id, transactionId: newKey('tx'), roundId: newKey('round'), gameId: 'g', vertical: 'CASINO', amount: '2.00', currency: 'EUR' };
    const response = await providerCall(app, 'bet', bet, OTHER);
    expect(response.status, await response.clone().text()).toBe(200);
    const row = await platform.database.db.selectFrom('wallet_transactions').select('external_id').where('player_id', '=', player.id).where('type', '=', 'BET').executeTakeFirstOrThrow();
    expect(row.external_id).toBe(`${OTHER.provider}:${bet.transactionId}`);
    // The demo provider cannot void it: it is not its bet (to the demo provider, a bet that never came).
    const voided = await providerCall(app, 'rollback', { playerId: player.id, transactionId: newKey('rb'), betTransactionId: bet.transactionId, roundId: bet.roundId });
    expect(await voided.json()).toMatchObject({ result: 'SUCCESS', referenceId: null, balance: '98.00' });
    const rows = await platform.database.db.selectFrom('wallet_transactions').select(['type', 'status']).where('player_id', '=', player.id).where('type', 'in', ['BET', 'BET_VOID']).execute();
    expect(rows).toEqual([{ type: 'BET', status: 'SUCCESS' }]);
  });

  it('a game session belongs to its provider: another provider’s key cannot bet with it', async () => {
    const player = await funded();
    const demoSession = await gameSessionToken(platform.database.db, player.id, now);
    const bet = { playerId: player.id, sessionToken: demoSession, transactionId: newKey('tx'), roundId: newKey('round'), gameId: 'g', vertical: 'CASINO', amount: '2.00', currency: 'EUR' };
    await expectError(await providerCall(app, 'bet', bet, OTHER), 401, 'error.session.expired');
  });
});

describe('rotation', () => {
  it('keeps the previous key in force beside the new one, retires older ones, and a retired key is refused', async () => {
    const player = await funded();
    const provider = `rotating-${String(process.pid)}`;
    const first = await rotateProviderKey(platform.database.db, provider, now);
    const asKey = (key: { keyId: string; secret: string }): TestProviderKey => ({ provider, keyId: key.keyId, secret: key.secret });
    expect((await providerCall(app, 'balance', { playerId: player.id }, asKey(first))).status).toBe(200);

    now = new Date(now.getTime() + 1_000);
    const second = await rotateProviderKey(platform.database.db, provider, now);
    // Both good at once: the provider deploys the new key without a moment of refusals.
    expect((await providerCall(app, 'balance', { playerId: player.id }, asKey(first))).status).toBe(200);
    expect((await providerCall(app, 'balance', { playerId: player.id }, asKey(second))).status).toBe(200);
    expect((await providerKeyring({ db: platform.database.db, clock }).signingKey(provider)).keyId).toBe(second.keyId);

    now = new Date(now.getTime() + 1_000);
    const third = await rotateProviderKey(platform.database.db, provider, now);
    await expectError(await providerCall(app, 'balance', { playerId: player.id }, asKey(first)), 401, 'error.token.invalid');
    expect((await providerCall(app, 'balance', { playerId: player.id }, asKey(second))).status).toBe(200);

    expect(await retireProviderKey(platform.database.db, second.keyId, now)).toBe(true);
    await expectError(await providerCall(app, 'balance', { playerId: player.id }, asKey(second)), 401, 'error.token.invalid');
    expect((await providerCall(app, 'balance', { playerId: player.id }, asKey(third))).status).toBe(200);
  });

  it('generates and keeps the demo provider’s first key when none is configured', async () => {
    const player = await funded();
    const generatedApp = platform.app({ clock });
    const key = await providerKeyring({ db: platform.database.db, clock }).signingKey(DEMO_WALLET_PROVIDER);
    expect(key.secret).toMatch(/^[A-Za-z0-9_-]{43,}$/);
    expect((await providerKeyring({ db: platform.database.db, clock }).signingKey(DEMO_WALLET_PROVIDER)).keyId).toBe(key.keyId);
    const response = await providerCall(generatedApp, 'balance', { playerId: player.id }, { provider: DEMO_WALLET_PROVIDER, keyId: key.keyId, secret: key.secret });
    expect(response.status, await response.clone().text()).toBe(200);
  });

  it('reads GAME_PROVIDER_KEYS as provider:keyId:secret entries and refuses anything else', () => {
    expect(parseProviderKeys(`acme:acme.k1:${'s'.repeat(32)}, acme:acme.k2:${'t'.repeat(32)}`).map((key) => [key.provider, key.keyId])).toEqual([
      ['acme', 'acme.k1'],
      ['acme', 'acme.k2'],
    ]);
    expect(parseProviderKeys(undefined)).toEqual([]);
    expect(() => parseProviderKeys('acme:acme.k1:short')).toThrow(/GAME_PROVIDER_KEYS/);
    expect(() => parseProviderKeys(`Acme Studio:k1:${'s'.repeat(32)}`)).toThrow(/GAME_PROVIDER_KEYS/);
  });
});
