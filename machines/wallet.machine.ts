// The player's wallet (behaviour.md §4 "Wallet", §5 total balance, §7 "Wallet live connection", §8
// "General", §9 wallet poll, ping and reconnect; product.md §3 "Wallet"; issue 11 "Live balance").
//
// A child of the session while the player is authorised (invoked by `resolved.authorized` with id
// and systemId `wallet`): logging out leaves that state, which stops this machine, its live
// connection and its timers. Two regions run side by side:
//
// - balance: the wallet is fetched at once and then every WALLET_POLL_MS (the balance request
//   outcomes request / success / not exists / error: a 404 error.wallet.not_found means the player
//   has no wallet; any other failure is shown and reported through `log`).
// - live: the socket token is fetched (a 401 there is ignored silently: no live balance, the poll
//   goes on), then the live connection is opened with it (`liveConnection`, a callback actor src/app
//   provides with partysocket, the token in the `Authorization` query parameter). While it is open a
//   ping goes out every WALLET_PING_MS. When it closes, it is opened again (with a fresh token) up to
//   WALLET_RECONNECT_ATTEMPTS times, WALLET_RECONNECT_DELAY_MS apart; after that the balance is
//   marked possibly stale (the header says so), a warning is logged, and `wallet.reconnect` tries
//   again. The connection's own library does not reconnect: this machine owns the spec's numbers, so
//   they show in the diagram and run on the tests' clock.
//
// Pushes: WALLET_BALANCE carries the whole balance map and a version; one not newer than the shown
// balance is dropped, one that skips a version is applied and the wallet is fetched again
// (machines/lib/wallet.ts pushVersionVerdict). PLAYER_ATTRIBUTE_CHANGE and PLAYER_LOYALTY_LEVEL are
// kept and tell the session to load the player's data again (`profile.reload`: the access flags and
// the loyalty level live in the profile). Ping and pong text is ignored; connection errors and
// messages that are not JSON or not a known message are only logged (behaviour.md §8).
import { assign, fromCallback, fromPromise, raise, sendParent, sendTo, setup } from 'xstate';
import type { SnapshotFrom } from 'xstate';
import type { WalletMessage, WalletResponse } from '../src/api/wallet';
import { errorCodeOf } from './lib/accessCodes';
import { WALLET_PING_MS, WALLET_POLL_MS, WALLET_RECONNECT_ATTEMPTS, WALLET_RECONNECT_DELAY_MS } from './lib/constants';
import { ERROR_CODES } from './lib/errorCodes';
import { cashierCurrency, pushVersionVerdict, walletBalances, type BalanceMap, type WalletBalances } from './lib/wallet';

/** behaviour.md §4 "Wallet status is pending, success or error". */
export type WalletStatus = 'pending' | 'success' | 'error';
/** behaviour.md §4 "Balance request outcomes: request, success, not exists, error". */
export type BalanceRequestOutcome = 'request' | 'success' | 'notExists' | 'error';

/** What the live connection is opened with. */
export interface WalletConnectionInput {
  token: string;
}

/**
 * What the live connection tells the machine (src/app's partysocket adapter): it parses each text
 * message with the contract's walletMessageSchema and sends the message, `socket.heartbeat` for the
 * ping and pong text, or `socket.unreadable` for anything else.
 */
export type WalletSocketEvent =
  | { type: 'socket.opened' }
  | { type: 'socket.closed'; code: number; reason: string }
  /** The socket's error event (a close follows); only logged. */
  | { type: 'socket.failed'; message: string }
  | { type: 'socket.message'; message: WalletMessage }
  /** Ping or pong text: no transition takes it (behaviour.md §7: ignored). */
  | { type: 'socket.heartbeat'; text: string }
  | { type: 'socket.unreadable'; text: string; problem: 'notJson' | 'unknownMessage' };

/** What the machine tells the live connection. */
export type WalletSocketCommand = { type: 'socket.ping' };

export type WalletEvent =
  | WalletSocketEvent
  /** The balance is wanted now (a settled deposit or cancelled withdrawal, a push's version gap). */
  | { type: 'wallet.refresh' }
  /** The player asks for the live balance again after the reconnect attempts ran out. */
  | { type: 'wallet.reconnect' };

export type WalletLogLevel = 'info' | 'warn' | 'error';
export interface WalletLogEntry {
  level: WalletLogLevel;
  message: string;
  detail?: string;
}

export interface WalletContext {
  status: WalletStatus;
  /** The last balance request's outcome; `request` while one is on its way. */
  request: BalanceRequestOutcome;
  /** The account currency as the platform names it; null until the first balance. */
  currency: string | null;
  /** The version of the balance shown; null until the first balance. */
  version: number | null;
  /** product.md §3 "Wallet" fields, in cents; null until the first balance (and with no wallet). */
  balances: WalletBalances | null;
  /** False after a 404 (the player has no wallet); null until known. */
  hasWallet: boolean | null;
  /** The last wallet call's error code (shown and reported); null after a success. */
  errorCode: string | null;
  /** The live connection's token; null until fetched. */
  token: string | null;
  /** Reconnects tried since the connection was last open. */
  reconnectAttempts: number;
  /** The live connection gave up (WALLET_RECONNECT_ATTEMPTS used): the balance may be stale. */
  stale: boolean;
  /** The last PLAYER_ATTRIBUTE_CHANGE's attributes. */
  attributes: Record<string, unknown> | null;
  /** The last PLAYER_LOYALTY_LEVEL: whether it was a level up; null until one came. */
  loyaltyLevelUp: boolean | null;
}

/** stale: the live balance gave up (the header says so); live: the connection is open. */
export type WalletTag = 'stale' | 'live';

const INITIAL_CONTEXT: WalletContext = {
  status: 'pending',
  request: 'request',
  currency: null,
  version: null,
  balances: null,
  hasWallet: null,
  errorCode: null,
  token: null,
  reconnectAttempts: 0,
  stale: false,
  attributes: null,
  loyaltyLevelUp: null,
};

/** The HTTP status of a failure that reached the machine as `unknown` (an ApiError at run time). */
function statusOf(error: unknown): number | null {
  if (typeof error !== 'object' || error === null || !('status' in error)) return null;
  return typeof error.status === 'number' ? error.status : null;
}

/** A balance as the context keeps it, from a fetched wallet or a push (same shape). */
function balanceOf(wallet: { currency: string; version: number; balanceMap: BalanceMap }): Partial<WalletContext> {
  return {
    currency: wallet.currency,
    version: wallet.version,
    balances: walletBalances(wallet.balanceMap, cashierCurrency(wallet.currency)),
    hasWallet: true,
    status: 'success',
  };
}

/** The default `log`: nothing (src/app provides the console). */
const logNothing: (args: unknown, params: WalletLogEntry) => void = () => undefined;

export const walletMachine = setup({
  types: {
    context: {} as WalletContext,
    events: {} as WalletEvent,
    tags: {} as WalletTag,
  },
  actors: {
    // Supplied by src/app (walletApi) and by tests.
    fetchWallet: fromPromise<WalletResponse>(() => Promise.reject(new Error('walletMachine: provide the fetchWallet actor'))),
    /** The socket token; a 401 must reach the machine as such (it is ignored, not a logout). */
    fetchSocketToken: fromPromise<{ token: string }>(() =>
      Promise.reject(new Error('walletMachine: provide the fetchSocketToken actor')),
    ),
    /** The live connection (src/app: partysocket); sends WalletSocketEvent, receives WalletSocketCommand. */
    liveConnection: fromCallback<WalletSocketCommand, WalletConnectionInput>(() => {
      throw new Error('walletMachine: provide the liveConnection actor');
    }),
  },
  actions: {
    /** behaviour.md §8: connection errors, unreadable messages and the last failed reconnect are logged. */
    log: logNothing,
    /** The session loads the player's data again (the wallet is the session's child). */
    tellSession: sendParent({ type: 'profile.reload' }),
    sendPing: sendTo('liveConnection', { type: 'socket.ping' } satisfies WalletSocketCommand),
    refetch: raise({ type: 'wallet.refresh' }),
    markRequest: assign({ request: 'request' }),
    assignWallet: assign((_, params: { wallet: WalletResponse }) => ({ ...balanceOf(params.wallet), request: 'success' as const, errorCode: null })),
    assignKeptWallet: assign({ request: 'success', status: 'success', errorCode: null }),
    assignNoWallet: assign({ request: 'notExists', status: 'success', hasWallet: false, balances: null, version: null, currency: null, errorCode: null }),
    assignWalletError: assign((_, params: { code: string }) => ({ request: 'error' as const, status: 'error' as const, errorCode: params.code })),
    assignPush: assign((_, params: { message: Extract<WalletMessage, { type: 'WALLET_BALANCE' }> }) => balanceOf(params.message)),
    assignAttributes: assign((_, params: { attributes: Record<string, unknown> }) => ({ attributes: params.attributes })),
    assignLoyalty: assign((_, params: { isLevelUp: boolean }) => ({ loyaltyLevelUp: params.isLevelUp })),
    assignToken: assign((_, params: { token: string }) => ({ token: params.token })),
    markOpen: assign({ reconnectAttempts: 0, stale: false }),
    countReconnect: assign({ reconnectAttempts: ({ context }) => context.reconnectAttempts + 1 }),
    markStale: assign({ stale: true }),
    resetReconnects: assign({ reconnectAttempts: 0 }),
  },
  guards: {
    isOlderAnswer: ({ context }, params: { version: number }) => context.version !== null && params.version < context.version,
    /** behaviour.md §8: a wallet 404 (error.wallet.not_found) means the player has no wallet. */
    isNoWallet: (_, params: { error: unknown }) => statusOf(params.error) === 404 || errorCodeOf(params.error) === ERROR_CODES.walletNotFound,
    isUnauthorized: (_, params: { error: unknown }) => statusOf(params.error) === 401,
    isGapPush: ({ context }, params: { message: WalletMessage }) =>
      params.message.type === 'WALLET_BALANCE' && pushVersionVerdict(context.version, params.message.version) === 'gap',
    isNextPush: ({ context }, params: { message: WalletMessage }) =>
      params.message.type === 'WALLET_BALANCE' && pushVersionVerdict(context.version, params.message.version) === 'next',
    isAttributeChange: (_, params: { message: WalletMessage }) => params.message.type === 'PLAYER_ATTRIBUTE_CHANGE',
    isLoyaltyLevel: (_, params: { message: WalletMessage }) => params.message.type === 'PLAYER_LOYALTY_LEVEL',
    reconnectsUsedUp: ({ context }) => context.reconnectAttempts >= WALLET_RECONNECT_ATTEMPTS,
  },
  delays: {
    walletPoll: WALLET_POLL_MS,
    walletPing: WALLET_PING_MS,
    walletReconnectDelay: WALLET_RECONNECT_DELAY_MS,
  },
}).createMachine({
  id: 'wallet',
  description:
    'behaviour.md §4 "Wallet", §5 total balance, §7 "Wallet live connection", §8 "General", §9; product.md ' +
    '§3 "Wallet". Invoked by the session in `resolved.authorized` (id and systemId `wallet`): logout stops ' +
    'it, its timers and its socket. **balance**: `fetchWallet` at once and every `WALLET_POLL_MS`; outcomes ' +
    'request / success / notExists (404 `error.wallet.not_found`: no wallet) / error (shown and logged); ' +
    '`context.status` pending / success / error. **live**: `fetchSocketToken` (a 401 is ignored silently: ' +
    '`unavailable`, the poll goes on), then `liveConnection` (src/app: partysocket, token in the ' +
    '`Authorization` query parameter, its own reconnection off); a ping every `WALLET_PING_MS` while open; ' +
    'on close a fresh token and a new connection up to `WALLET_RECONNECT_ATTEMPTS` times ' +
    '`WALLET_RECONNECT_DELAY_MS` apart, then `gaveUp` (tag `stale`, a warning logged; `wallet.reconnect` ' +
    'tries again). Pushes: WALLET_BALANCE carries the whole map and a version (not newer than the shown one: ' +
    'dropped; a skipped version: applied and `wallet.refresh` raised); PLAYER_ATTRIBUTE_CHANGE and ' +
    'PLAYER_LOYALTY_LEVEL are kept and send the session `profile.reload`; ping/pong text ' +
    '(`socket.heartbeat`) is ignored; errors and unreadable messages are only logged (`log`). Header ' +
    'selectors: `walletTotalCents`, `walletCurrency`, `walletIsStale`, `walletStatus`; the session\'s ' +
    '`walletRefOf(snapshot)` gives the ref.',
  type: 'parallel',
  context: INITIAL_CONTEXT,
  states: {
    balance: {
      description: 'behaviour.md §4 "Wallet": the balance request and its outcomes, and the interval refresh (WALLET_POLL_MS).',
      initial: 'requesting',
      on: {
        'wallet.refresh': {
          target: '.requesting',
          description: 'The balance is asked for now (after a deposit or a cancelled withdrawal, or a push that skipped a version).',
        },
      },
      states: {
        requesting: {
          description: 'Outcome "request": the wallet call is on its way (the balance shown, if any, stays).',
          entry: 'markRequest',
          invoke: {
            id: 'fetchWallet',
            src: 'fetchWallet',
            onDone: [
              {
                guard: { type: 'isOlderAnswer', params: ({ event }) => ({ version: event.output.version }) },
                target: 'loaded',
                description: 'A push newer than this answer arrived while it travelled: the pushed balance stays.',
                actions: 'assignKeptWallet',
              },
              { target: 'loaded', actions: { type: 'assignWallet', params: ({ event }) => ({ wallet: event.output }) } },
            ],
            onError: [
              {
                guard: { type: 'isNoWallet', params: ({ event }) => ({ error: event.error }) },
                target: 'notExists',
                description: 'behaviour.md §8: a wallet 404 means the player has no wallet (not an error).',
                actions: 'assignNoWallet',
              },
              {
                target: 'failed',
                description: 'behaviour.md §8: other wallet errors are shown and reported.',
                actions: [
                  { type: 'assignWalletError', params: ({ event }) => ({ code: errorCodeOf(event.error) ?? 'unknown' }) },
                  {
                    type: 'log',
                    params: ({ event }) => ({ level: 'error', message: 'wallet: the balance request failed', detail: errorCodeOf(event.error) ?? String(event.error) }),
                  },
                ],
              },
            ],
          },
        },
        loaded: {
          description: 'Outcome "success": the balance is shown; asked again every WALLET_POLL_MS.',
          after: { walletPoll: 'requesting' },
        },
        notExists: {
          description: 'Outcome "not exists": the player has no wallet (404); asked again every WALLET_POLL_MS.',
          after: { walletPoll: 'requesting' },
        },
        failed: {
          description: 'Outcome "error": shown (the balance shown before, if any, stays); asked again every WALLET_POLL_MS.',
          after: { walletPoll: 'requesting' },
        },
      },
    },
    live: {
      description: 'behaviour.md §4, §7: the live connection, with the token in the Authorization query parameter.',
      initial: 'fetchingToken',
      states: {
        fetchingToken: {
          description: 'The live connection\'s token (GET /player/wallet/token), fresh for every connection.',
          invoke: {
            id: 'fetchSocketToken',
            src: 'fetchSocketToken',
            onDone: { target: 'connection', actions: { type: 'assignToken', params: ({ event }) => ({ token: event.output.token }) } },
            onError: [
              {
                guard: { type: 'isUnauthorized', params: ({ event }) => ({ error: event.error }) },
                target: 'unavailable',
                description: 'behaviour.md §8: a 401 on the token fetch is ignored silently.',
              },
              {
                target: 'reconnecting',
                description: 'Any other failure of the token fetch counts as a failed connection.',
                actions: {
                  type: 'log',
                  params: ({ event }) => ({ level: 'error', message: 'wallet: the live connection token could not be fetched', detail: errorCodeOf(event.error) ?? String(event.error) }),
                },
              },
            ],
          },
        },
        connection: {
          description: 'The live connection (one socket while in here; leaving closes it).',
          invoke: {
            id: 'liveConnection',
            src: 'liveConnection',
            input: ({ context }) => ({ token: context.token ?? '' }),
          },
          initial: 'opening',
          on: {
            'socket.closed': {
              target: 'reconnecting',
              actions: {
                type: 'log',
                params: ({ event }) => ({ level: 'info', message: 'wallet: the live connection closed', detail: `${String(event.code)} ${event.reason}`.trim() }),
              },
            },
            'socket.failed': {
              description: 'behaviour.md §8: live connection errors are only logged.',
              actions: { type: 'log', params: ({ event }) => ({ level: 'error', message: 'wallet: live connection error', detail: event.message }) },
            },
            'socket.unreadable': {
              description: 'behaviour.md §8: a message that is not JSON (or not a known message) is only logged.',
              actions: {
                type: 'log',
                params: ({ event }) => ({ level: 'warn', message: `wallet: unreadable live message (${event.problem})`, detail: event.text.slice(0, 200) }),
              },
            },
            // socket.heartbeat (ping and pong text, behaviour.md §7) has no transition: it is ignored.
            'socket.message': [
              {
                guard: { type: 'isGapPush', params: ({ event }) => ({ message: event.message }) },
                description: 'A version was skipped: the pushed balance is shown and the wallet is fetched again.',
                actions: [
                  {
                    type: 'assignPush',
                    params: ({ event }) => ({ message: event.message as Extract<WalletMessage, { type: 'WALLET_BALANCE' }> }),
                  },
                  'refetch',
                ],
              },
              {
                guard: { type: 'isNextPush', params: ({ event }) => ({ message: event.message }) },
                description: 'WALLET_BALANCE: the next version of the balance map (one not newer than the balance shown matches nothing: dropped).',
                actions: {
                  type: 'assignPush',
                  params: ({ event }) => ({ message: event.message as Extract<WalletMessage, { type: 'WALLET_BALANCE' }> }),
                },
              },
              {
                guard: { type: 'isAttributeChange', params: ({ event }) => ({ message: event.message }) },
                description: "PLAYER_ATTRIBUTE_CHANGE: kept, and the session loads the player's data again.",
                actions: [
                  {
                    type: 'assignAttributes',
                    params: ({ event }) => ({ attributes: event.message.type === 'PLAYER_ATTRIBUTE_CHANGE' ? event.message.attributes : {} }),
                  },
                  'tellSession',
                ],
              },
              {
                guard: { type: 'isLoyaltyLevel', params: ({ event }) => ({ message: event.message }) },
                description: 'PLAYER_LOYALTY_LEVEL: kept, and the session loads the profile (its loyalty level) again.',
                actions: [
                  {
                    type: 'assignLoyalty',
                    params: ({ event }) => ({ isLevelUp: event.message.type === 'PLAYER_LOYALTY_LEVEL' && event.message.isLevelUp }),
                  },
                  'tellSession',
                ],
              },
            ],
          },
          states: {
            opening: {
              description: 'The socket is being opened.',
              on: { 'socket.opened': { target: 'open', actions: 'markOpen' } },
            },
            open: {
              description: 'Pushes arrive; a ping goes out every WALLET_PING_MS.',
              tags: 'live',
              after: { walletPing: { target: 'open', reenter: true, actions: 'sendPing' } },
            },
          },
        },
        reconnecting: {
          description: 'Waits WALLET_RECONNECT_DELAY_MS, then a fresh token and a new connection, up to WALLET_RECONNECT_ATTEMPTS times.',
          always: {
            guard: 'reconnectsUsedUp',
            target: 'gaveUp',
            description: 'behaviour.md §8: exceeding the reconnect attempts is logged as a warning.',
            actions: {
              type: 'log',
              params: { level: 'warn', message: `wallet: the live connection gave up after ${String(WALLET_RECONNECT_ATTEMPTS)} reconnects` },
            },
          },
          after: { walletReconnectDelay: { target: 'fetchingToken', actions: 'countReconnect' } },
        },
        gaveUp: {
          description: 'No live balance: the header says the balance may be stale (the poll goes on); wallet.reconnect tries again.',
          tags: 'stale',
          entry: 'markStale',
          on: { 'wallet.reconnect': { target: 'fetchingToken', actions: 'resetReconnects' } },
        },
        unavailable: {
          description: 'The token fetch answered 401 (ignored silently): no live balance, the poll goes on.',
        },
      },
    },
  },
});

export type WalletSnapshot = SnapshotFrom<typeof walletMachine>;

// Selectors for the header (product.md §2: the balance on every page while logged in).

/** behaviour.md §5 total balance in cents (main + locked + the three bonuses); null with no balance. */
export function walletTotalCents(snapshot: Pick<WalletSnapshot, 'context'>): number | null {
  return snapshot.context.balances?.totalBalance ?? null;
}

/** The account currency of the balance shown; null before the first balance. */
export function walletCurrency(snapshot: Pick<WalletSnapshot, 'context'>): string | null {
  return snapshot.context.currency;
}

/** behaviour.md §4 wallet status: pending until the first answer, then success or error. */
export function walletStatus(snapshot: Pick<WalletSnapshot, 'context'>): WalletStatus {
  return snapshot.context.status;
}

/** The live connection gave up: the balance shown may be stale (the header says so). */
export function walletIsStale(snapshot: Pick<WalletSnapshot, 'context'>): boolean {
  return snapshot.context.stale;
}
