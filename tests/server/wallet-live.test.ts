import { sql } from 'kysely';
import pg from 'pg';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { WALLET_PING_TEXT, WALLET_PONG_TEXT } from '../../machines/lib/wallet';
import { WALLET_LIVE_CLOSE_CODES, walletTokenResponseSchema, type WalletResponse } from '../../src/api/wallet';
import { SESSION_ABSOLUTE_LIFETIME_MS, WALLET_LIVE_MESSAGE_MAX_BYTES, WALLET_LIVE_TOKEN_LIFETIME_S } from '../../server/config';
import { LISTEN_RECONNECT_MAX_MS, listenerApplicationName } from '../../server/db/database';
import { balance, playerAccount, postDeposit } from '../../server/services/ledger';
import { createAuthServices } from '../../server/services/sessions';
import { SESSION_ENDED_CHANNEL } from '../../server/repositories/session-events';
import { WALLET_CHANGED_CHANNEL } from '../../server/repositories/wallet-events';
import { checkWalletLiveToken, issueWalletLiveToken } from '../../server/http/wallet-live';
import { readWallet } from '../../server/services/wallet';
import { bearer, expectError } from './helpers/identity';
import { json, startTestPlatform, TEST_DATABASE_URL, type TestPlatform } from './helpers/platform';
import { connect, liveToken, liveUrl, logIn, newPlayer, startLiveServer, type LiveServer } from './helpers/wallet-live';

// The wallet's live connection (behaviour.md §4 "Wallet", §7; issue 11 "Live balance"): the token,
// the balance on connect and after every posting, ping/pong, refusals, bounds, logout.

const CLOSE = WALLET_LIVE_CLOSE_CODES;

let platform: TestPlatform;
let server: LiveServer;
/** The platform's clock (tokens, sessions): tests move it. */
let now = new Date();
const clock = () => now;

beforeAll(async () => {
  platform = await startTestPlatform();
  server = await startLiveServer(platform, { app: { clock }, live: { socketsPerPlayer: 3, messagesPerMinute: 10 } });
});
afterAll(async () => {
  await server.stop();
  await platform.close();
});

/** A fresh player, logged in: the id token and a live token. */
async function loggedIn(): Promise<{ id: number; email: string; idToken: string; token: string }> {
  const player = await newPlayer(platform);
  const idToken = await logIn(server.base, player.email);
  return { ...player, idToken, token: await liveToken(server.base, idToken) };
}

let depositSerial = 0;
async function deposit(playerId: number, amount: string): Promise<void> {
  depositSerial += 1;
  await postDeposit(platform.database.db, { playerId, amount, currency: 'EUR', idempotencyKey: `live-test:${String(process.pid)}:${String(depositSerial)}` });
}

async function wallet(playerId: number): Promise<WalletResponse> {
  const read = await readWallet(platform.database.db, playerId);
  if (!read) throw new Error('no wallet');
  return read;
}

describe('GET /api/player/wallet/token', () => {
  it('gives a logged-in player a signed token of three parts, bound to the player and session, short-lived', async () => {
    const player = await newPlayer(platform);
    const idToken = await logIn(server.base, player.email);
    const app = platform.app({ clock });
    const response = await app.request('/api/player/wallet/token', { headers: bearer(idToken) });
    expect(response.status).toBe(200);
    const { token } = v.parse(walletTokenResponseSchema, await json(response));
    expect(token.split('.')).toHaveLength(3);
    const claims = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) as Record<string, unknown>;
    expect(claims).toMatchObject({ aud: 'wallet-live', player_id: player.id });
    expect(Number(claims.exp) - Number(claims.iat)).toBe(WALLET_LIVE_TOKEN_LIFETIME_S);
    const idClaims = JSON.parse(Buffer.from(idToken.split('.')[1] ?? '', 'base64url').toString('utf8')) as Record<string, unknown>;
    expect(claims.player_access_id).toBe(idClaims.player_access_id);
  });

  it('stays a 401 without a good id token (the app ignores that one silently)', async () => {
    const app = platform.app({ clock });
    await expectError(await app.request('/api/player/wallet/token'), 401, 'error.token.invalid');
    await expectError(await app.request('/api/player/wallet/token', { headers: bearer('a.b.c') }), 401, 'error.token.invalid');
    await expectError(await app.request('/api/player/wallet/token', { headers: { Authorization: 'Basic x' } }), 401, 'error.token.invalid');
    // A signed-out session's token.
    const player = await loggedIn();
    expect((await fetch(`${server.base}/api/player/sign_out`, { method: 'POST', headers: bearer(player.idToken) })).status).toBeLessThan(300);
    await expectError(await app.request('/api/player/wallet/token', { headers: bearer(player.idToken) }), 401, 'error.session.expired');
  });

  it('is accepted by the live connection only, and the id token is not a live token', async () => {
    const player = await loggedIn();
    const app = platform.app({ clock });
    await expectError(await app.request('/api/player/profile', { headers: bearer(player.token) }), 401, 'error.token.invalid');
    const services = createAuthServices({ db: platform.database.db, clock, policy: { tokenLifetimeS: 60, idleLimitMs: 60_000, lock: { attempts: 5, windowMs: 60_000 } } });
    expect(await checkWalletLiveToken(services, player.idToken)).toEqual({ ok: false, reason: 'invalid' });
    expect(await checkWalletLiveToken(services, player.token)).toMatchObject({ ok: true, session: { playerId: player.id } });
  });

  it('expires after its lifetime, and a changed claim breaks the signature', async () => {
    const services = createAuthServices({ db: platform.database.db, clock, policy: { tokenLifetimeS: 60, idleLimitMs: 60_000, lock: { attempts: 5, windowMs: 60_000 } } });
    const token = await issueWalletLiveToken(services, { playerId: 7, sessionId: 'session-7' });
    expect(await checkWalletLiveToken(services, token)).toEqual({ ok: true, session: { playerId: 7, sessionId: 'session-7' } });
    const later = createAuthServices({
      db: platform.database.db,
      clock: () => new Date(now.getTime() + WALLET_LIVE_TOKEN_LIFETIME_S * 1000),
      policy: services.policy,
    });
    expect(await checkWalletLiveToken(later, token)).toEqual({ ok: false, reason: 'expired' });
    const [header = '', payload = '', signature = ''] = token.split('.');
    const forged = Buffer.from(Buffer.from(payload, 'base64url').toString('utf8').replace('"player_id":7', '"player_id":8')).toString('base64url');
    expect(await checkWalletLiveToken(services, `${header}.${forged}.${signature}`)).toEqual({ ok: false, reason: 'invalid' });
    for (const junk of ['', 'x', 'a.b.c', `${header}.${payload}`, 'x'.repeat(10_000)]) {
      expect(await checkWalletLiveToken(services, junk)).toEqual({ ok: false, reason: 'invalid' });
    }
  });
});

describe('GET /api/player/wallet/live without a WebSocket', () => {
  it.each([
    ['/api/player/wallet/live', {}],
    ['/api/player/wallet/live?Authorization=x', {}],
    ['/api/player/wallet/live?Authorization=a.b.c&Authorization=d', {}],
    // An upgrade that did not come through the Node server's upgrade handler: not a 500.
    ['/api/player/wallet/live?Authorization=x', { Upgrade: 'websocket', Connection: 'Upgrade' }],
  ])('%s answers 426 with a code, not a 5xx', async (path, headers) => {
    const response = await platform.app({ clock }).request(path, { headers });
    await expectError(response, 426, 'error.request.invalid');
    expect(response.headers.get('upgrade')).toBe('websocket');
  });

  it('answers a plain GET on the real server the same way', async () => {
    const response = await fetch(`${server.base}/api/player/wallet/live?Authorization=x`);
    expect(response.status).toBe(426);
  });
});

describe('the live connection', () => {
  it('sends the current balance on connect, then a newer one after every posting', async () => {
    const player = await loggedIn();
    await deposit(player.id, '12.50');
    const client = connect(liveUrl(server.base, player.token));
    const first = await client.nextBalance();
    const expected = await wallet(player.id);
    expect(first).toEqual({ type: 'WALLET_BALANCE', ...expected });
    expect(first.balanceMap.MAIN.cash).toBe('12.50');

    await deposit(player.id, '7.25');
    const pushed = await client.nextBalance(first.version + 1);
    expect(pushed.balanceMap.MAIN.cash).toBe('19.75');
    expect(pushed.balanceMap.MAIN.cash).toBe(await balance(platform.database.db, playerAccount(player.id)));
    expect(pushed).toEqual({ type: 'WALLET_BALANCE', ...(await wallet(player.id)) });
    client.close();
  });

  it('pushes a burst of postings and ends on the last one, never going back a version', async () => {
    const player = await loggedIn();
    const client = connect(liveUrl(server.base, player.token));
    const first = await client.nextBalance();
    await Promise.all(['1.00', '2.00', '3.00', '4.00', '5.00'].map((amount) => deposit(player.id, amount)));
    const last = await wallet(player.id);
    await client.nextBalance(last.version);
    expect(client.balances.at(-1)).toEqual({ type: 'WALLET_BALANCE', ...last });
    expect(last.balanceMap.MAIN.cash).toBe('15.00');
    const versions = client.balances.map((message) => message.version);
    expect(versions[0]).toBe(first.version);
    expect(versions).toEqual([...new Set(versions)].sort((a, b) => a - b));
    client.close();
  });

  it('answers "ping" with "pong"', async () => {
    const player = await loggedIn();
    const client = connect(liveUrl(server.base, player.token));
    await client.nextBalance();
    client.ws.send(WALLET_PING_TEXT);
    expect(await client.nextText((text) => text === WALLET_PONG_TEXT)).toBe(WALLET_PONG_TEXT);
    client.close();
  });

  it('pushes to every socket of the player and to no other player', async () => {
    const one = await loggedIn();
    const other = await loggedIn();
    const first = connect(liveUrl(server.base, one.token));
    const second = connect(liveUrl(server.base, await liveToken(server.base, one.idToken)));
    const stranger = connect(liveUrl(server.base, other.token));
    const [a] = await Promise.all([first.nextBalance(), second.nextBalance(), stranger.nextBalance()]);
    await deposit(one.id, '3.00');
    await Promise.all([first.nextBalance(a.version + 1), second.nextBalance(a.version + 1)]);
    await deposit(other.id, '1.00');
    await stranger.nextBalance(stranger.balances[0]!.version + 1);
    expect(first.balances.map((message) => message.balanceMap.MAIN.cash)).toEqual(['0.00', '3.00']);
    expect(stranger.balances.map((message) => message.balanceMap.MAIN.cash)).toEqual(['0.00', '1.00']);
    for (const client of [first, second, stranger]) client.close();
  });

  it('refuses a missing, malformed, forged or foreign token with the policy close code', async () => {
    const player = await loggedIn();
    const [header = '', payload = ''] = player.token.split('.');
    for (const token of [null, '', 'x', 'a.b.c', `${header}.${payload}.AAAA`, player.idToken, '<script>', "' OR 1=1 --", 'x'.repeat(4_000)]) {
      const client = connect(liveUrl(server.base, token));
      const closed = await client.closed;
      expect(closed.code, String(token)).toBe(CLOSE.policy);
      expect(closed.reason).not.toMatch(/at |Error|\n/);
      expect(client.balances).toEqual([]);
    }
  });

  it('refuses an expired token', async () => {
    const player = await loggedIn();
    const then = now;
    now = new Date(then.getTime() + WALLET_LIVE_TOKEN_LIFETIME_S * 1000);
    try {
      const closed = await connect(liveUrl(server.base, player.token)).closed;
      expect(closed).toEqual({ code: CLOSE.policy, reason: 'token expired' });
    } finally {
      now = then;
    }
  });

  it("refuses a token of a session that ended, and closes the session's sockets when the player signs out", async () => {
    const player = await loggedIn();
    const spare = await liveToken(server.base, player.idToken);
    const client = connect(liveUrl(server.base, player.token));
    await client.nextBalance();
    const signOut = await fetch(`${server.base}/api/player/sign_out`, { method: 'POST', headers: bearer(player.idToken) });
    expect(signOut.status).toBeLessThan(300);
    expect(await client.closed).toEqual({ code: CLOSE.policy, reason: 'session ended' });
    expect(await connect(liveUrl(server.base, spare)).closed).toEqual({ code: CLOSE.policy, reason: 'session ended' });
    expect(server.live.socketCount(player.id)).toBe(0);
  });

  it('closes a socket whose session ends without a notice (past its lifetime) at the next check', async () => {
    const own = await startLiveServer(platform, { app: { clock }, live: { sessionCheckMs: 100 } });
    try {
      const player = await loggedIn();
      const client = connect(liveUrl(own.base, player.token));
      await client.nextBalance();
      const then = now;
      now = new Date(then.getTime() + SESSION_ABSOLUTE_LIFETIME_MS + 1_000);
      try {
        expect(await client.closed).toEqual({ code: CLOSE.policy, reason: 'session ended' });
      } finally {
        now = then;
      }
    } finally {
      await own.stop();
    }
  });

  it('refuses a socket past the per-player limit, and accepts one again when another closes', async () => {
    const player = await loggedIn();
    const clients = [];
    for (let index = 0; index < 3; index += 1) {
      const client = connect(liveUrl(server.base, await liveToken(server.base, player.idToken)));
      await client.nextBalance();
      clients.push(client);
    }
    const extra = connect(liveUrl(server.base, await liveToken(server.base, player.idToken)));
    expect(await extra.closed).toEqual({ code: CLOSE.policy, reason: 'too many connections' });
    clients[0]?.close();
    await clients[0]?.closed;
    await expect.poll(() => server.live.socketCount(player.id)).toBe(2);
    const again = connect(liveUrl(server.base, await liveToken(server.base, player.idToken)));
    await again.nextBalance();
    for (const client of [...clients, again]) client.close();
  });

  it('closes a socket that sends a message over the size limit, binary, or too many messages', async () => {
    const player = await loggedIn();
    const big = connect(liveUrl(server.base, await liveToken(server.base, player.idToken)));
    await big.nextBalance();
    big.ws.send('p'.repeat(WALLET_LIVE_MESSAGE_MAX_BYTES + 1));
    expect((await big.closed).code).toBe(CLOSE.tooBig);

    const binary = connect(liveUrl(server.base, await liveToken(server.base, player.idToken)));
    await binary.nextBalance();
    binary.ws.send(Buffer.from([1, 2, 3]));
    expect(await binary.closed).toEqual({ code: CLOSE.unsupportedData, reason: 'text only' });

    const chatty = connect(liveUrl(server.base, await liveToken(server.base, player.idToken)));
    await chatty.nextBalance();
    for (let index = 0; index < 11; index += 1) chatty.ws.send(WALLET_PING_TEXT);
    expect(await chatty.closed).toEqual({ code: CLOSE.policy, reason: 'too many messages' });
    expect(chatty.texts.filter((text) => text === WALLET_PONG_TEXT)).toHaveLength(10);
  });

  it('ignores other text, and closes a socket idle past the timeout unless it pings', async () => {
    const own = await startLiveServer(platform, { app: { clock }, live: { idleTimeoutMs: 1_000 } });
    try {
      const player = await loggedIn();
      const pinging = connect(liveUrl(own.base, await liveToken(own.base, player.idToken)));
      const silent = connect(liveUrl(own.base, await liveToken(own.base, player.idToken)));
      await Promise.all([pinging.nextBalance(), silent.nextBalance()]);
      const pings = setInterval(() => pinging.ws.send(WALLET_PING_TEXT), 150);
      silent.ws.send('hello');
      try {
        expect(await silent.closed).toEqual({ code: CLOSE.goingAway, reason: 'idle' });
        expect(pinging.ws.readyState).toBe(WebSocket.OPEN);
        expect(silent.texts.filter((text) => !text.startsWith('{'))).toEqual([]);
      } finally {
        clearInterval(pings);
      }
      expect(await pinging.closed).toEqual({ code: CLOSE.goingAway, reason: 'idle' });
    } finally {
      await own.stop();
    }
  });

  it('never sends a version older than one already sent on the socket', async () => {
    const player = await loggedIn();
    const actual = await wallet(player.id);
    const script = [5, 3, 5, 8, 2].map((version) => ({ ...actual, version }));
    const own = await startLiveServer(platform, {
      app: { clock },
      live: { readWallet: () => Promise.resolve(script.shift() ?? null) },
    });
    try {
      const client = connect(liveUrl(own.base, await liveToken(own.base, player.idToken)));
      await client.nextBalance(5);
      for (let index = 0; index < 4; index += 1) await own.live.refresh(player.id);
      await client.roundTrip();
      expect(client.balances.map((message) => message.version)).toEqual([5, 8]);
      client.close();
    } finally {
      await own.stop();
    }
  });

  it('sends nothing to a player without a wallet, and stays open', async () => {
    const player = await loggedIn();
    const own = await startLiveServer(platform, { app: { clock }, live: { readWallet: () => Promise.resolve(null) } });
    try {
      const client = connect(liveUrl(own.base, await liveToken(own.base, player.idToken)));
      await client.roundTrip();
      expect(client.balances).toEqual([]);
      client.close();
    } finally {
      await own.stop();
    }
  });

  it('keeps the socket open when the wallet cannot be read, and reports it', async () => {
    const player = await loggedIn();
    const logged: unknown[] = [];
    const own = await startLiveServer(platform, {
      app: { clock },
      live: { readWallet: () => Promise.reject(new Error('database down: password=secret')), log: (message, error) => logged.push(message, error) },
    });
    try {
      const client = connect(liveUrl(own.base, await liveToken(own.base, player.idToken)));
      await client.roundTrip();
      expect(client.balances).toEqual([]);
      await expect.poll(() => logged.length).toBeGreaterThan(0);
      client.close();
    } finally {
      await own.stop();
    }
  });

  it('closes its sockets with 1001 when the platform shuts down', async () => {
    const own = await startLiveServer(platform, { app: { clock } });
    const player = await loggedIn();
    const client = connect(liveUrl(own.base, await liveToken(own.base, player.idToken)));
    await client.nextBalance();
    await own.stop();
    expect(await client.closed).toEqual({ code: CLOSE.goingAway, reason: 'server restarting' });
  });
});

describe.skipIf(!TEST_DATABASE_URL)('PostgreSQL: the listening connection', () => {
  it('reconnects after the database drops it and catches up on what it missed', async () => {
    const player = await loggedIn();
    const client = connect(liveUrl(server.base, player.token));
    const first = await client.nextBalance();
    // Cut this process's listening connection, then post at once: the notice may fall in the gap.
    const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
    await admin.connect();
    const listeners = async () =>
      (await admin.query<{ pid: number }>('select pid from pg_stat_activity where application_name = $1', [listenerApplicationName()])).rows.map((row) => row.pid);
    try {
      const before = await listeners();
      expect(before.length).toBeGreaterThan(0);
      await admin.query('select pg_terminate_backend(pid) from pg_stat_activity where application_name = $1', [listenerApplicationName()]);
      await deposit(player.id, '4.00');
      const caughtUp = await client.nextBalance(first.version + 1, LISTEN_RECONNECT_MAX_MS);
      expect(caughtUp).toEqual({ type: 'WALLET_BALANCE', ...(await wallet(player.id)) });
      // A new listening connection took the old one's place.
      await expect.poll(async () => (await listeners()).filter((pid) => !before.includes(pid)).length).toBeGreaterThan(0);
    } finally {
      await admin.end();
    }
    // Listening again: the next posting is pushed as usual.
    const last = client.balances.at(-1)?.version ?? 0;
    await deposit(player.id, '1.00');
    expect((await client.nextBalance(last + 1)).balanceMap.MAIN.cash).toBe('5.00');
    client.close();
  });
});

describe('the notices', () => {
  it('ignores a notice that is not a player id, and one for a player without a socket here', async () => {
    const player = await loggedIn();
    const client = connect(liveUrl(server.base, player.token));
    await client.nextBalance();
    for (const payload of ['', 'abc', '-1', '0', '1e3', ' 1', '9'.repeat(40), `${String(player.id)};drop table players`, 'x'.repeat(1000)]) {
      await sql`select pg_notify(${WALLET_CHANGED_CHANNEL}, ${payload})`.execute(platform.database.db);
      await sql`select pg_notify(${SESSION_ENDED_CHANNEL}, ${payload})`.execute(platform.database.db);
    }
    await deposit((await newPlayer(platform)).id, '1.00');
    await server.live.refresh(123_456_789);
    await client.roundTrip();
    expect(client.balances).toHaveLength(1);
    expect(client.ws.readyState).toBe(WebSocket.OPEN);
    // A notice for the player with nothing new sends nothing either (same version).
    await sql`select pg_notify(${WALLET_CHANGED_CHANNEL}, ${String(player.id)})`.execute(platform.database.db);
    await client.roundTrip();
    expect(client.balances).toHaveLength(1);
    client.close();
  });
});
