import { createActor, fromCallback, fromPromise, SimulatedClock } from 'xstate';
import type { AnyActorRef, SnapshotFrom } from 'xstate';
import { describe, expect, it } from 'vitest';
import { WALLET_PING_MS, WALLET_POLL_MS, WALLET_RECONNECT_ATTEMPTS, WALLET_RECONNECT_DELAY_MS } from '../../machines/lib/constants';
import {
  walletCurrency,
  walletIsStale,
  walletMachine,
  walletStatus,
  walletTotalCents,
  type WalletConnectionInput,
  type WalletLogEntry,
  type WalletSocketCommand,
  type WalletSocketEvent,
} from '../../machines/wallet.machine';
import { ApiError } from '../../src/api/errors';
import type { WalletMessage, WalletResponse } from '../../src/api/wallet';
import { coverPaths, FakePromises, formatCoverage, settle, type Driver, type PathEvent } from './lib/pathCoverage';

type WalletPathEvent = PathEvent<typeof walletMachine>;
type WalletSnapshot = SnapshotFrom<typeof walletMachine>;

const TOKEN = 'live.token.signature';

/** A wallet of version `version`: 100.00 main, 20.00 locked, 5.50 casino bonus (total 125.50). */
function walletOf(version: number): WalletResponse {
  return {
    currency: 'EUR',
    version,
    balanceMap: { MAIN: { cash: '100.00' }, LOCKED: { cash: '20.00' }, BONUS: [{ vertical: 'CASINO', bonus: '5.50' }] },
  };
}
const TOTAL_CENTS = 12_550;
/** A pushed balance: 80.00 main after a bet of 20 (total 105.50). */
function pushOf(version: number): WalletMessage {
  return {
    type: 'WALLET_BALANCE',
    currency: 'EUR',
    version,
    balanceMap: { MAIN: { cash: '80.00' }, LOCKED: { cash: '20.00' }, BONUS: [{ vertical: 'CASINO', bonus: '5.50' }] },
  };
}
const PUSHED_TOTAL_CENTS = 10_550;

const noWallet = new ApiError('http', 404, 'error.wallet.not_found', 'No wallet');
const serverDown = new ApiError('http', 500, 'error.system.error', 'Internal error');
const refused = new ApiError('http', 401, 'error.unauthorized', 'Unauthorized');

const fetched = (version: number): WalletPathEvent => ({ type: 'xstate.done.actor.fetchWallet', actorId: 'fetchWallet', output: walletOf(version) });
const fetchFailed = (error: unknown): WalletPathEvent => ({ type: 'xstate.error.actor.fetchWallet', actorId: 'fetchWallet', error });
const tokenGiven: WalletPathEvent = { type: 'xstate.done.actor.fetchSocketToken', actorId: 'fetchSocketToken', output: { token: TOKEN } };
const tokenFailed = (error: unknown): WalletPathEvent => ({ type: 'xstate.error.actor.fetchSocketToken', actorId: 'fetchSocketToken', error });
const message = (pushed: WalletMessage): WalletPathEvent => ({ type: 'socket.message', message: pushed });

const SHOWN_VERSION = 5;
const OLDER_PUSH = pushOf(4);
const NEXT_PUSH = pushOf(6);
const GAP_PUSH = pushOf(9);
const ATTRIBUTES: WalletMessage = { type: 'PLAYER_ATTRIBUTE_CHANGE', attributes: { kycStatus: 'FULLY VERIFIED' } };
const LOYALTY: WalletMessage = { type: 'PLAYER_LOYALTY_LEVEL', playerId: 1001, isLevelUp: true };

function region(snapshot: WalletSnapshot, name: 'balance' | 'live'): unknown {
  return (snapshot.value as Record<string, unknown>)[name];
}

/**
 * The events to try, by phase, so the graph stays small and every event can really happen:
 * 1. nothing live yet (no token, no reconnect): every balance answer; the token's answers only once
 *    the balance of version 5 is shown;
 * 2. live: the socket's events and pushes while version 5 is shown (each push moves it, so each is
 *    tried once); a refetch is answered with the version shown; the reconnect chain is walked with
 *    failing tokens only, up to the point where the machine gives up.
 */
function eventsFor(snapshot: WalletSnapshot): WalletPathEvent[] {
  const { context } = snapshot;
  const balance = region(snapshot, 'balance');
  const live = region(snapshot, 'live');
  const untouched = live === 'fetchingToken' && context.token === null && context.reconnectAttempts === 0 && !context.stale;
  if (untouched) {
    const list: WalletPathEvent[] = [];
    if (balance === 'requesting') {
      // A first answer (5), or after one, an older one (3) that a push overtook.
      list.push(fetched(SHOWN_VERSION), fetchFailed(noWallet), fetchFailed(serverDown));
      if (context.version === SHOWN_VERSION) list.push(fetched(3));
    } else {
      list.push({ type: 'wallet.refresh' });
    }
    if (balance === 'loaded' && context.version === SHOWN_VERSION) list.push(tokenGiven, tokenFailed(refused), tokenFailed(serverDown));
    return list;
  }
  if (balance === 'requesting') return [fetched(context.version ?? SHOWN_VERSION)];
  const list: WalletPathEvent[] = [];
  if (live === 'fetchingToken') list.push(context.stale ? tokenGiven : tokenFailed(serverDown));
  if (typeof live === 'object' && live !== null) {
    const connection = (live as { connection: string }).connection;
    list.push({ type: 'socket.closed', code: 1001, reason: 'going away' });
    if (connection === 'opening') list.push({ type: 'socket.opened' });
    const plain = context.version === SHOWN_VERSION && context.attributes === null && context.loyaltyLevelUp === null && !context.stale;
    if (connection === 'open' && plain) {
      list.push(
        { type: 'socket.failed', message: 'connection error' },
        { type: 'socket.unreadable', text: 'not json', problem: 'notJson' },
        { type: 'socket.heartbeat', text: 'pong' },
        message(OLDER_PUSH),
        message(NEXT_PUSH),
        message(GAP_PUSH),
        message(ATTRIBUTES),
        message(LOYALTY),
      );
    }
  }
  if (live === 'gaveUp') list.push({ type: 'wallet.reconnect' });
  return list;
}

interface World {
  log: WalletLogEntry[];
  /** profile.reload asked of the session. */
  told: number;
  /** Every socket opened: its token, its pings, whether it was closed. */
  sockets: { token: string; pings: number; closed: boolean }[];
}

function setupWith(fakes: FakePromises) {
  const world: World = { log: [], told: 0, sockets: [] };
  const machine = walletMachine.provide({
    actors: {
      fetchWallet: fakes.actor<WalletResponse>(),
      fetchSocketToken: fakes.actor<{ token: string }>(),
      liveConnection: fromCallback<WalletSocketCommand, WalletConnectionInput>(({ input, receive }) => {
        const socket = { token: input.token, pings: 0, closed: false };
        world.sockets.push(socket);
        receive(() => {
          socket.pings += 1;
        });
        return () => {
          socket.closed = true;
        };
      }),
    },
    actions: {
      log: (_, entry: WalletLogEntry) => world.log.push(entry),
      tellSession: () => {
        world.told += 1;
      },
    },
  });
  return { machine, world };
}

/** Timers are fired by sending their events: the poll and the ping share a period, so moving the clock would fire both. */
const fire: Driver<typeof walletMachine, World> = (event, { actor }) => {
  actor.send(event as never);
};
const AFTER_EVENTS = [
  'xstate.after.walletPoll.wallet.balance.loaded',
  'xstate.after.walletPoll.wallet.balance.notExists',
  'xstate.after.walletPoll.wallet.balance.failed',
  'xstate.after.walletPing.wallet.live.connection.open',
  'xstate.after.walletReconnectDelay.wallet.live.reconnecting',
];

describe('wallet machine (behaviour.md §4 "Wallet", §7 live connection, §8, §9)', () => {
  it('reaches every state and transition, and each state shows what it promises', async () => {
    const seen = { logsChecked: new WeakMap<World, number>(), gap: 0, older: 0, told: 0, pings: 0, gaveUp: 0 };
    const result = await coverPaths({
      setup: setupWith,
      events: eventsFor,
      drivers: Object.fromEntries(AFTER_EVENTS.map((type) => [type, fire])),
      check: (snapshot, { event, previous, fakes, world }) => {
        const { context } = snapshot;
        const balance = region(snapshot, 'balance');
        const live = region(snapshot, 'live');
        const newLogs = world.log.slice(seen.logsChecked.get(world) ?? 0);
        seen.logsChecked.set(world, world.log.length);

        // The balance region: the request outcomes (behaviour.md §4) and the status.
        switch (balance) {
          case 'requesting':
            expect(fakes.isPending('fetchWallet')).toBe(true);
            expect(context.request).toBe('request');
            if (previous === undefined) expect(walletStatus(snapshot)).toBe('pending');
            break;
          case 'loaded':
            expect(context.request).toBe('success');
            expect(context.status).toBe('success');
            expect(context.hasWallet).toBe(true);
            expect(walletCurrency(snapshot)).toBe('EUR');
            expect([TOTAL_CENTS, PUSHED_TOTAL_CENTS]).toContain(walletTotalCents(snapshot));
            expect(context.errorCode).toBeNull();
            break;
          case 'notExists':
            // A 404 is no wallet: not an error, nothing logged.
            expect(context).toMatchObject({ request: 'notExists', status: 'success', hasWallet: false, balances: null, errorCode: null });
            expect(walletTotalCents(snapshot)).toBeNull();
            break;
          case 'failed':
            expect(context).toMatchObject({ request: 'error', status: 'error', errorCode: 'error.system.error' });
            if (event.type === 'xstate.error.actor.fetchWallet') expect(newLogs).toEqual([expect.objectContaining({ level: 'error' })]);
            break;
        }
        // An answer older than a push keeps the pushed balance.
        const shownBefore = previous?.context.version ?? null;
        if (event.type === 'xstate.done.actor.fetchWallet' && previous !== undefined && shownBefore !== null) {
          if ((event.output as WalletResponse).version < shownBefore) {
            expect(context.version).toBe(previous.context.version);
            expect(context.balances).toEqual(previous.context.balances);
            seen.older += 1;
          }
        }

        // The live region: one socket while connected, none otherwise; the token goes with it.
        const open = world.sockets.filter((socket) => !socket.closed);
        const connected = typeof live === 'object' && live !== null;
        expect(open.length).toBe(connected ? 1 : 0);
        if (connected) expect(open[0]?.token).toBe(TOKEN);
        expect(snapshot.hasTag('live')).toBe(connected && (live as { connection: string }).connection === 'open');
        if (live === 'fetchingToken') expect(fakes.isPending('fetchSocketToken')).toBe(true);
        if (live === 'unavailable') {
          // behaviour.md §8: a 401 on the token fetch is ignored silently.
          expect(newLogs).toEqual([]);
          expect(context.stale).toBe(false);
        }
        if (live === 'reconnecting') expect(context.reconnectAttempts).toBeLessThan(WALLET_RECONNECT_ATTEMPTS);
        if (live === 'gaveUp') {
          expect(context.reconnectAttempts).toBe(WALLET_RECONNECT_ATTEMPTS);
          expect(walletIsStale(snapshot)).toBe(true);
          expect(snapshot.hasTag('stale')).toBe(true);
          if (previous !== undefined && region(previous, 'live') !== 'gaveUp') {
            // behaviour.md §8: exceeding the reconnects is logged as a warning, once.
            expect(newLogs.filter((entry) => entry.level === 'warn')).toHaveLength(1);
            seen.gaveUp += 1;
          }
        }
        if (event.type === 'socket.opened') {
          expect(context.reconnectAttempts).toBe(0);
          expect(context.stale).toBe(false);
        }
        // Stale until a connection is open again.
        if (context.stale) expect(snapshot.hasTag('live')).toBe(false);

        // What the socket said.
        if ((event.type as string) === 'xstate.after.walletPing.wallet.live.connection.open') {
          expect(open[0]?.pings).toBe(1);
          seen.pings += 1;
        }
        switch (event.type) {
          case 'socket.failed':
            expect(newLogs).toEqual([expect.objectContaining({ level: 'error', detail: 'connection error' })]);
            expect(context).toEqual(previous?.context);
            break;
          case 'socket.unreadable':
            expect(newLogs).toEqual([expect.objectContaining({ level: 'warn' })]);
            expect(context).toEqual(previous?.context);
            break;
          case 'socket.heartbeat':
            // Ping and pong text is ignored: nothing logged, nothing changed.
            expect(newLogs).toEqual([]);
            expect(context).toEqual(previous?.context);
            break;
          case 'socket.message': {
            const pushed = event.message;
            if (pushed === OLDER_PUSH) expect(context).toEqual(previous?.context);
            if ((pushed === NEXT_PUSH || pushed === GAP_PUSH) && pushed.type === 'WALLET_BALANCE') {
              expect(context.version).toBe(pushed.version);
              expect(walletTotalCents(snapshot)).toBe(PUSHED_TOTAL_CENTS);
              // A gap asks for the wallet again; the next version does not.
              expect(balance === 'requesting').toBe(pushed === GAP_PUSH);
              if (pushed === GAP_PUSH) seen.gap += 1;
            }
            if (pushed === ATTRIBUTES || pushed === LOYALTY) {
              expect(world.told).toBeGreaterThan(0);
              seen.told += 1;
              if (pushed === ATTRIBUTES) expect(context.attributes).toEqual(ATTRIBUTES.attributes);
              else expect(context.loyaltyLevelUp).toBe(true);
            }
            break;
          }
        }
      },
    });
    console.info(formatCoverage('wallet', result));
    for (const count of [seen.gap, seen.older, seen.told, seen.pings, seen.gaveUp]) expect(count).toBeGreaterThan(0);
    expect(result.uncoveredStates).toEqual([]);
    expect(result.uncoveredTransitions).toEqual([]);
    expect(result.statesCovered).toBe(result.statesTotal);
    expect(result.transitionsCovered).toBe(result.transitionsTotal);
  }, 120_000);

  /** The wallet on a simulated clock: calls answer at once, the socket is a fake the test drives. */
  function onClock(options: { socketOpens: boolean }) {
    const clock = new SimulatedClock();
    const calls = { wallet: 0, token: 0 };
    const sockets: { at: number; pings: number[]; closed: boolean; send: (event: WalletSocketEvent) => void }[] = [];
    const log: WalletLogEntry[] = [];
    const machine = walletMachine.provide({
      actors: {
        fetchWallet: fromPromise<WalletResponse>(() => {
          calls.wallet += 1;
          return Promise.resolve(walletOf(SHOWN_VERSION));
        }),
        fetchSocketToken: fromPromise<{ token: string }>(() => {
          calls.token += 1;
          return Promise.resolve({ token: TOKEN });
        }),
        liveConnection: fromCallback<WalletSocketCommand, WalletConnectionInput>(({ sendBack, receive }) => {
          const socket = { at: clock.now(), pings: [] as number[], closed: false, send: sendBack };
          sockets.push(socket);
          receive(() => socket.pings.push(clock.now()));
          // The platform is reachable, or every attempt is refused at once.
          queueMicrotask(() => {
            sendBack(options.socketOpens ? { type: 'socket.opened' } : { type: 'socket.closed', code: 1006, reason: '' });
          });
          return () => {
            socket.closed = true;
          };
        }),
      },
      actions: { log: (_, entry: WalletLogEntry) => log.push(entry), tellSession: () => undefined },
    });
    const actor = createActor(machine, { clock }).start();
    const tick = async (ms: number) => {
      clock.increment(ms);
      await settle();
    };
    return { actor, clock, calls, sockets, log, tick };
  }

  it('pings every WALLET_PING_MS while open and polls the wallet every WALLET_POLL_MS', async () => {
    const { actor, calls, sockets, log, tick } = onClock({ socketOpens: true });
    await settle();
    expect(actor.getSnapshot().hasTag('live')).toBe(true);
    expect(calls.wallet).toBe(1);
    expect(walletTotalCents(actor.getSnapshot())).toBe(TOTAL_CENTS);
    // A minute: 3 pings on the one socket, 3 more wallet calls.
    for (let second = 0; second < 60; second += 1) await tick(1_000);
    expect(sockets).toHaveLength(1);
    expect(sockets[0]?.pings).toEqual([WALLET_PING_MS, 2 * WALLET_PING_MS, 3 * WALLET_PING_MS]);
    expect(calls.wallet).toBe(1 + Math.floor(60_000 / WALLET_POLL_MS));

    // Ping and pong text and a push not newer than the balance shown change nothing and log nothing.
    const before = actor.getSnapshot().context;
    sockets[0]?.send({ type: 'socket.heartbeat', text: 'pong' });
    sockets[0]?.send({ type: 'socket.message', message: pushOf(SHOWN_VERSION) });
    sockets[0]?.send({ type: 'socket.message', message: OLDER_PUSH });
    expect(actor.getSnapshot().context).toBe(before);
    expect(log).toEqual([]);

    // A push moves the balance between polls; the socket's end leads to a reconnect with a new token.
    sockets[0]?.send({ type: 'socket.message', message: pushOf(SHOWN_VERSION + 1) });
    expect(walletTotalCents(actor.getSnapshot())).toBe(PUSHED_TOTAL_CENTS);
    sockets[0]?.send({ type: 'socket.closed', code: 1001, reason: 'restart' });
    expect(sockets[0]?.closed).toBe(true);
    await tick(WALLET_RECONNECT_DELAY_MS - 1);
    expect(calls.token).toBe(1);
    await tick(1);
    expect(calls.token).toBe(2);
    expect(sockets).toHaveLength(2);
    expect(actor.getSnapshot().hasTag('live')).toBe(true);
    actor.stop();
    // Stopping the wallet (logout) closes the socket.
    expect(sockets[1]?.closed).toBe(true);
  });

  it(`reconnects ${String(WALLET_RECONNECT_ATTEMPTS)} times, ${String(WALLET_RECONNECT_DELAY_MS)} ms apart, then marks the balance stale and warns once`, async () => {
    const { actor, calls, sockets, log, tick } = onClock({ socketOpens: false });
    await settle();
    expect(sockets).toHaveLength(1);
    for (let i = 0; i < 60; i += 1) await tick(1_000);
    // The first connection and the reconnects, each one 3 s after the last one closed.
    expect(sockets).toHaveLength(1 + WALLET_RECONNECT_ATTEMPTS);
    expect(sockets.slice(1).map((socket, i) => socket.at - (sockets[i]?.at ?? 0))).toEqual(Array(WALLET_RECONNECT_ATTEMPTS).fill(WALLET_RECONNECT_DELAY_MS));
    expect(calls.token).toBe(1 + WALLET_RECONNECT_ATTEMPTS);
    expect(walletIsStale(actor.getSnapshot())).toBe(true);
    expect(log.filter((entry) => entry.level === 'warn')).toHaveLength(1);
    // The poll goes on without the live connection.
    expect(calls.wallet).toBe(1 + Math.floor(60_000 / WALLET_POLL_MS));
    expect(walletStatus(actor.getSnapshot())).toBe('success');

    // The player asks again: one more round of attempts.
    actor.send({ type: 'wallet.reconnect' });
    await settle();
    expect(sockets).toHaveLength(2 + WALLET_RECONNECT_ATTEMPTS);
    actor.stop();
    expect(sockets.every((socket) => socket.closed)).toBe(true);
  });

  it('does not reconnect after a 401 on the token, and keeps polling', async () => {
    const clock = new SimulatedClock();
    let walletCalls = 0;
    const machine = walletMachine.provide({
      actors: {
        fetchWallet: fromPromise<WalletResponse>(() => {
          walletCalls += 1;
          return Promise.resolve(walletOf(1));
        }),
        fetchSocketToken: fromPromise<{ token: string }>(() => Promise.reject(refused)),
      },
    });
    const actor = createActor(machine, { clock }).start();
    await settle();
    for (let i = 0; i < 10; i += 1) {
      clock.increment(WALLET_POLL_MS);
      await settle();
    }
    expect(actor.getSnapshot().matches({ live: 'unavailable' })).toBe(true);
    expect(walletIsStale(actor.getSnapshot())).toBe(false);
    expect(walletCalls).toBe(11);
    actor.stop();
  });

  it('tells its parent to reload the player on an attribute or loyalty push', async () => {
    const received: string[] = [];
    // A callback actor stands in for the session: it only records what it hears.
    const parent = createActor(
      fromCallback(({ receive }) => {
        receive((event) => received.push(event.type));
        return () => undefined;
      }),
    );
    // The real tellSession (sendParent) reaches the wallet's parent.
    const machine = walletMachine.provide({
      actors: {
        fetchWallet: fromPromise<WalletResponse>(() => Promise.resolve(walletOf(1))),
        fetchSocketToken: fromPromise<{ token: string }>(() => Promise.resolve({ token: TOKEN })),
        liveConnection: fromCallback<WalletSocketCommand, WalletConnectionInput>(({ sendBack }) => {
          queueMicrotask(() => sendBack({ type: 'socket.opened' }));
          return () => undefined;
        }),
      },
    });
    parent.start();
    const wallet = createActor(machine, { parent: parent as AnyActorRef, clock: new SimulatedClock() }).start();
    await settle();
    wallet.send({ type: 'socket.message', message: ATTRIBUTES });
    wallet.send({ type: 'socket.message', message: LOYALTY });
    expect(received).toEqual(['profile.reload', 'profile.reload']);
    parent.stop();
  });
});
