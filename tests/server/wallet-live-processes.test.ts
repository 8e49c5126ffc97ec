import { randomInt } from 'node:crypto';
import pg from 'pg';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authorizeResponseSchema } from '../../src/api/payAndPlay';
import { createDatabase, type PlatformDatabase } from '../../server/db/database';
import { migrateToLatest } from '../../server/db/migrate';
import { currentTermsVersion } from '../../server/services/account-status';
import { createPlayerStore } from '../../server/services/players';
import { readWallet } from '../../server/services/wallet';
import { startPlatform, type StartedPlatform } from '../../scripts/platform-process.mjs';
import { TEST_DATABASE_URL } from './helpers/platform';
import { connect, liveToken, liveUrl, logIn, PLAYER_PASSWORD } from './helpers/wallet-live';

// issue 11 "Live balance": with several platform processes on one PostgreSQL, a posting made through
// one reaches the player's socket held by another (LISTEN/NOTIFY fan-out). Two real processes
// (server/main.ts, as `npm start` runs it) on a schema of their own; runs when TEST_DATABASE_URL is set.

const schema = `live_${String(process.pid)}_${Math.random().toString(36).slice(2, 8)}`;
let database: PlatformDatabase | null = null;
const processes: StartedPlatform[] = [];

async function adminQuery(text: string): Promise<void> {
  const client = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

/** TEST_DATABASE_URL with every connection's search_path on this test's schema. */
function schemaUrl(): string {
  const url = new URL(TEST_DATABASE_URL ?? '');
  url.searchParams.set('options', `-c search_path=${schema}`);
  return url.toString();
}

/** A deposit through a platform process: pay and play's authorize -> bank -> code (a real ledger posting there). */
async function depositThrough(base: string, personid: string, amount: string): Promise<void> {
  const query = new URLSearchParams({ amount, currency: 'EUR', country: 'FI', returnUrl: '/en-FI/signup/callback' });
  const authorize = await fetch(`${base}/api/paynplay/authorize?${query.toString()}`);
  expect(authorize.status).toBe(200);
  const { sessionId } = v.parse(authorizeResponseSchema, await authorize.json());
  const bank = await fetch(`${base}/api/bankid/authorize`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ session: sessionId, personid, action: 'identify' }).toString(),
  });
  expect(bank.status).toBe(303);
  const code = new URL(bank.headers.get('location') ?? '', base).searchParams.get('code') ?? '';
  const verified = await fetch(`${base}/api/paynplay/player/code`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ oneTimeCode: code, sessionId, ipAddress: '', blackbox: 'bb' }),
  });
  expect(verified.status, await verified.clone().text()).toBe(200);
}

describe.skipIf(!TEST_DATABASE_URL)('two platform processes on one PostgreSQL', () => {
  beforeAll(async () => {
    await adminQuery(`DROP SCHEMA IF EXISTS ${schema} CASCADE; CREATE SCHEMA ${schema}`);
    database = await createDatabase({ url: TEST_DATABASE_URL, schema });
    await migrateToLatest(database.db);
    const env = { DATABASE_URL: schemaUrl(), PLATFORM_TEST_MODE: '1' };
    // One after the other: the first seeds the content, the second finds it.
    processes.push(await startPlatform({ name: 'wallet-live-a', env }));
    processes.push(await startPlatform({ name: 'wallet-live-b', env }));
  }, 120_000);

  afterAll(async () => {
    await Promise.all(processes.map((platform) => platform.stop()));
    await database?.close();
    await adminQuery(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
  }, 60_000);

  it('a deposit through process A is pushed to the socket the player holds on process B', async () => {
    const [a, b] = processes;
    if (!a || !b || !database) throw new Error('not started');
    const { db } = database;
    const personid = `150585-${String(randomInt(1000, 9999))}`;
    const email = `live-procs-${String(process.pid)}@example.com`;
    const player = await createPlayerStore(db).create({
      email,
      password: PLAYER_PASSWORD,
      personid,
      country_code: 'FI',
      language_code: 'fi',
      currency_code: 'EUR',
      status: 'REGISTERED',
      terms_accepted_version: currentTermsVersion(),
    });

    // The socket on B.
    const idToken = await logIn(b.base, email);
    const client = connect(liveUrl(b.base, await liveToken(b.base, idToken)));
    const first = await client.nextBalance();
    expect(first.balanceMap.MAIN.cash).toBe('0.00');

    // A deposit through A: pay and play's bank flow ends in a ledger posting on A's connection.
    await depositThrough(a.base, personid, '20');
    const pushed = await client.nextBalance(first.version + 1);
    expect(pushed.balanceMap.MAIN.cash).toBe('20.00');
    expect(pushed).toEqual({ type: 'WALLET_BALANCE', ...(await readWallet(db, player.id)) });

    // The other way round: sockets on both, a deposit through B reaches the one on A as well.
    const onA = connect(liveUrl(a.base, await liveToken(a.base, idToken)));
    expect((await onA.nextBalance(pushed.version)).balanceMap.MAIN.cash).toBe('20.00');
    await depositThrough(b.base, personid, '10');
    const [viaA, viaB] = await Promise.all([onA.nextBalance(pushed.version + 1), client.nextBalance(pushed.version + 1)]);
    expect(viaA).toEqual(viaB);
    expect(viaA).toEqual({ type: 'WALLET_BALANCE', ...(await readWallet(db, player.id)) });
    expect(viaA.balanceMap.MAIN.cash).toBe('30.00');

    // A sign-out through A closes the session's socket held by B too.
    const signOut = await fetch(`${a.base}/api/player/sign_out`, { method: 'POST', headers: { Authorization: `Bearer ${idToken}` } });
    expect(signOut.status).toBeLessThan(300);
    expect(await client.closed).toEqual({ code: 1008, reason: 'session ended' });
    expect(await onA.closed).toEqual({ code: 1008, reason: 'session ended' });
  }, 60_000);
});
