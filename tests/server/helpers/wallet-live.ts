import type { AddressInfo } from 'node:net';
import { serve, type ServerType } from '@hono/node-server';
import * as v from 'valibot';
import { WebSocket } from 'ws';
import { WALLET_PING_TEXT, WALLET_PONG_TEXT } from '../../../machines/lib/wallet';
import { loginResponseSchema } from '../../../src/api/auth';
import { WALLET_LIVE_PATH, walletMessageSchema, walletTokenResponseSchema, type WalletMessage } from '../../../src/api/wallet';
import { currentTermsVersion } from '../../../server/services/account-status';
import { createPlayerStore } from '../../../server/services/players';
import { createWalletLive, type WalletLive, type WalletLiveOptions } from '../../../server/http/wallet-live';
import type { AppOptions } from '../../../server/app';
import type { TestPlatform } from './platform';

// The wallet's live connection in tests: the platform on a real port (the socket needs the Node
// server's upgrade), players that log in over HTTP, and a raw `ws` client that records what it got.

export const PLAYER_PASSWORD = 'Live-Balance-42';

export interface LiveServer {
  /** http://127.0.0.1:<port> */
  base: string;
  port: number;
  live: WalletLive;
  /** Closes the sockets (1001), stops listening and closes the HTTP server. */
  stop: () => Promise<void>;
}

/** The platform's app with a wallet-live hub, served on `port` (a free one when 0). */
export async function startLiveServer(
  platform: TestPlatform,
  { port = 0, live: liveOptions = {}, app: appOptions = {} }: { port?: number; live?: Partial<WalletLiveOptions>; app?: Partial<AppOptions> } = {},
): Promise<LiveServer> {
  const live = createWalletLive({ db: platform.database.db, listen: platform.database.listen, log: () => undefined, ...liveOptions });
  await live.start();
  const app = platform.app({ ...appOptions, walletLive: live });
  const server = await new Promise<ServerType>((resolve) => {
    const started = serve({ fetch: app.fetch, port, hostname: '127.0.0.1', websocket: { server: live.wss } }, () => resolve(started));
  });
  const actualPort = (server.address() as AddressInfo).port;
  return {
    base: `http://127.0.0.1:${String(actualPort)}`,
    port: actualPort,
    live,
    stop: async () => {
      await live.close();
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        // fetch keeps connections alive: they would hold close() open.
        if ('closeAllConnections' in server) server.closeAllConnections();
      });
    },
  };
}

let serial = 0;

/** A registered player of its own (EUR, Finland) who can log in with PLAYER_PASSWORD. */
export async function newPlayer(platform: TestPlatform): Promise<{ id: number; email: string }> {
  serial += 1;
  const email = `live-${String(process.pid)}-${String(serial)}-${String(Date.now())}@example.com`;
  const player = await createPlayerStore(platform.database.db).create({
    email,
    password: PLAYER_PASSWORD,
    country_code: 'FI',
    language_code: 'fi',
    currency_code: 'EUR',
    status: 'REGISTERED',
    terms_accepted_version: currentTermsVersion(),
  });
  return { id: player.id, email };
}

/** Logs in over HTTP: the id token. */
export async function logIn(base: string, email: string, password = PLAYER_PASSWORD): Promise<string> {
  const response = await fetch(`${base}/api/player/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (response.status !== 200) throw new Error(`login ${email}: ${String(response.status)} ${await response.text()}`);
  return v.parse(loginResponseSchema, await response.json()).idToken;
}

/** GET /api/player/wallet/token with the id token. */
export async function liveToken(base: string, idToken: string): Promise<string> {
  const response = await fetch(`${base}/api/player/wallet/token`, { headers: { Authorization: `Bearer ${idToken}` } });
  if (response.status !== 200) throw new Error(`token: ${String(response.status)} ${await response.text()}`);
  return v.parse(walletTokenResponseSchema, await response.json()).token;
}

/** The socket's URL for a token (ws://127.0.0.1:<port>/api/player/wallet/live?Authorization=...). */
export function liveUrl(base: string, token: string | null): string {
  const url = new URL(`/api${WALLET_LIVE_PATH}`, base.replace(/^http/, 'ws'));
  if (token !== null) url.searchParams.set('Authorization', token);
  return url.toString();
}

export interface Received {
  /** Every text message, in order. */
  texts: string[];
  /** The WALLET_BALANCE messages, parsed, in order. */
  balances: Extract<WalletMessage, { type: 'WALLET_BALANCE' }>[];
}

export interface LiveClient extends Received {
  ws: WebSocket;
  /** Resolves with the first text received (so far or later) that `match` accepts. */
  nextText: (match: (text: string) => boolean, timeoutMs?: number) => Promise<string>;
  /** Resolves with a WALLET_BALANCE whose version is at least `minVersion`. */
  nextBalance: (minVersion?: number, timeoutMs?: number) => Promise<Extract<WalletMessage, { type: 'WALLET_BALANCE' }>>;
  /** Resolves once open (rejects if it closes first). */
  opened: Promise<void>;
  /** Resolves once closed, with the code and reason. */
  closed: Promise<{ code: number; reason: string }>;
  /** Sends a ping and waits for its pong: every message sent before it has then arrived. */
  roundTrip: () => Promise<void>;
  close: () => void;
}

const WAIT_MS = 5_000;

/** A raw client: records every message; `closed` resolves with the close code the platform sent. */
export function connect(url: string): LiveClient {
  const ws = new WebSocket(url);
  const texts: string[] = [];
  const balances: Received['balances'] = [];
  const waiters = new Set<() => void>();
  ws.on('message', (data, isBinary) => {
    if (isBinary) return;
    const text = (Array.isArray(data) ? Buffer.concat(data) : Buffer.isBuffer(data) ? data : Buffer.from(new Uint8Array(data))).toString('utf8');
    texts.push(text);
    if (text.startsWith('{')) {
      const parsed = v.parse(walletMessageSchema, JSON.parse(text));
      if (parsed.type === 'WALLET_BALANCE') balances.push(parsed);
    }
    for (const wake of [...waiters]) wake();
  });
  ws.on('error', () => undefined);
  const opened = new Promise<void>((resolve, reject) => {
    ws.on('open', () => resolve());
    ws.on('close', () => reject(new Error('closed before it opened')));
  });
  opened.catch(() => undefined);
  const closed = new Promise<{ code: number; reason: string }>((resolve) => {
    ws.on('close', (code, reason) => {
      resolve({ code, reason: reason.toString('utf8') });
      for (const wake of [...waiters]) wake();
    });
  });
  const waitFor = <T>(find: () => T | undefined, what: string, timeoutMs: number): Promise<T> =>
    new Promise<T>((resolve, reject) => {
      const check = () => {
        const found = find();
        if (found === undefined) return;
        cleanup();
        resolve(found);
      };
      const timer = setTimeout(() => {
        cleanup();
        reject(new Error(`timed out waiting for ${what}; got ${JSON.stringify(texts)}`));
      }, timeoutMs);
      const cleanup = () => {
        clearTimeout(timer);
        waiters.delete(check);
      };
      waiters.add(check);
      check();
    });
  const nextText = (match: (text: string) => boolean, timeoutMs = WAIT_MS, from = 0) =>
    waitFor(() => texts.slice(from).find(match), 'a text', timeoutMs);
  return {
    ws,
    texts,
    balances,
    opened,
    closed,
    roundTrip: async () => {
      await opened;
      const from = texts.length;
      ws.send(WALLET_PING_TEXT);
      await nextText((text) => text === WALLET_PONG_TEXT, WAIT_MS, from);
    },
    nextText: (match, timeoutMs = WAIT_MS) => nextText(match, timeoutMs),
    nextBalance: (minVersion = 0, timeoutMs = WAIT_MS) =>
      waitFor(() => balances.find((balance) => balance.version >= minVersion), `a balance of version ${String(minVersion)}+`, timeoutMs),
    close: () => ws.close(),
  };
}
