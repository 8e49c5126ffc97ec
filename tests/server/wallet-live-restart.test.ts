import ReconnectingWebSocket from 'partysocket/ws';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket as WS } from 'ws';
import { WALLET_RECONNECT_ATTEMPTS, WALLET_RECONNECT_DELAY_MS } from '../../machines/lib/constants';
import { walletMessageSchema, type WalletMessage } from '../../src/api/wallet';
import { balance, playerAccount, postDeposit } from '../../server/services/ledger';
import { readWallet } from '../../server/services/wallet';
import { startTestPlatform, type TestPlatform } from './helpers/platform';
import { liveToken, liveUrl, logIn, newPlayer, startLiveServer, type LiveServer } from './helpers/wallet-live';

// issue 11 "Tests and figures": the server is stopped and restarted while a client is connected;
// the client (partysocket, the app's library, with the spec's reconnect settings, behaviour.md §9)
// reconnects within the spec's attempts and the balance it is shown equals the ledger.

type Balance = Extract<WalletMessage, { type: 'WALLET_BALANCE' }>;

let platform: TestPlatform;
let server: LiveServer | null = null;

beforeAll(async () => {
  platform = await startTestPlatform();
});
afterAll(async () => {
  await server?.stop();
  await platform.close();
});

function waitFor<T>(find: () => T | undefined, what: string, timeoutMs: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const started = Date.now();
    const timer = setInterval(() => {
      const found = find();
      if (found !== undefined) {
        clearInterval(timer);
        resolve(found);
      } else if (Date.now() - started > timeoutMs) {
        clearInterval(timer);
        reject(new Error(`timed out waiting for ${what}`));
      }
    }, 20);
  });
}

describe('a restart of the platform under a connected client', () => {
  it('reconnects within the spec attempts and shows the balance of the ledger', async () => {
    server = await startLiveServer(platform);
    const { port } = server;
    const base = server.base;
    const player = await newPlayer(platform);
    const { db } = platform.database;
    await postDeposit(db, { playerId: player.id, amount: '10.00', currency: 'EUR', idempotencyKey: `restart:${String(player.id)}:1` });
    const idToken = await logIn(base, player.email);

    const balances: Balance[] = [];
    let opens = 0;
    const closes: number[] = [];
    // The app's way: a fresh token before each connection attempt (the URL provider).
    const socket = new ReconnectingWebSocket(async () => liveUrl(base, await liveToken(base, idToken)), [], {
      WebSocket: WS,
      maxRetries: WALLET_RECONNECT_ATTEMPTS,
      minReconnectionDelay: WALLET_RECONNECT_DELAY_MS,
      maxReconnectionDelay: WALLET_RECONNECT_DELAY_MS,
      reconnectionDelayGrowFactor: 1,
    });
    socket.addEventListener('open', () => {
      opens += 1;
    });
    socket.addEventListener('close', (event) => closes.push(event.code));
    socket.addEventListener('message', (event: MessageEvent) => {
      if (typeof event.data !== 'string' || !event.data.startsWith('{')) return;
      const message = v.parse(walletMessageSchema, JSON.parse(event.data));
      if (message.type === 'WALLET_BALANCE') balances.push(message);
    });
    try {
      const first = await waitFor(() => balances[0], 'the first balance', 5_000);
      expect(first.balanceMap.MAIN.cash).toBe('10.00');

      // Stopped: the client is told 1001 and starts retrying; a posting lands meanwhile.
      await server.stop();
      server = null;
      await waitFor(() => (closes.length > 0 ? true : undefined), 'the close', 5_000);
      await postDeposit(db, { playerId: player.id, amount: '5.25', currency: 'EUR', idempotencyKey: `restart:${String(player.id)}:2` });

      // Restarted on the same port: the client is back on its own and is sent the ledger's balance.
      server = await startLiveServer(platform, { port });
      const after = await waitFor(() => balances.find((message) => message.balanceMap.MAIN.cash === '15.25'), 'the balance after the restart', WALLET_RECONNECT_ATTEMPTS * WALLET_RECONNECT_DELAY_MS);
      expect(opens).toBe(2);
      expect(closes[0]).toBe(1001);
      expect(socket.retryCount).toBeLessThanOrEqual(WALLET_RECONNECT_ATTEMPTS);
      const ledger = await readWallet(db, player.id);
      expect(after).toEqual({ type: 'WALLET_BALANCE', ...ledger });
      expect(after.balanceMap.MAIN.cash).toBe(await balance(db, playerAccount(player.id)));
      expect(after.version).toBeGreaterThan(first.version);

      // And it is live again: the next posting is pushed.
      await postDeposit(db, { playerId: player.id, amount: '1.00', currency: 'EUR', idempotencyKey: `restart:${String(player.id)}:3` });
      const pushed = await waitFor(() => balances.find((message) => message.balanceMap.MAIN.cash === '16.25'), 'the push after the restart', 5_000);
      expect(pushed).toEqual({ type: 'WALLET_BALANCE', ...(await readWallet(db, player.id)) });
    } finally {
      socket.close();
    }
  });
});
