import { fromCallback, fromPromise } from 'xstate';
import {
  walletMachine,
  type WalletConnectionInput,
  type WalletLogEntry,
  type WalletSocketCommand,
  type WalletSocketEvent,
} from '../../machines/wallet.machine';
import type { WalletResponse } from '../api/wallet';

// The wallet child of the session (machines/wallet.machine.ts) as the app provides it: the
// platform's wallet calls and the live connection. Both load with the first logged-in player
// (./walletConnection, the contract's wallet module): the home page's first load carries neither.

const walletCalls = () => import('../api/wallet');
const walletClient = () => import('../api/walletClient');
const connection = () => import('./walletConnection');

/**
 * The live connection as a callback actor: the socket opens with the token it is given, what it
 * hears goes to the machine, `socket.ping` sends the ping. Stopping the actor (logout, a reconnect)
 * closes the socket; nothing it says afterwards reaches the machine.
 */
const liveConnection = fromCallback<WalletSocketCommand, WalletConnectionInput>(({ input, sendBack, receive }) => {
  let stopped = false;
  let socket: { ping: () => void; close: () => void } | null = null;
  const tell = (event: WalletSocketEvent) => {
    if (!stopped) sendBack(event);
  };
  connection()
    .then(({ openWalletSocket }) => openWalletSocket(input.token, tell))
    .then((opened) => {
      if (stopped) opened.close();
      else socket = opened;
    })
    .catch((error: unknown) => {
      tell({ type: 'socket.failed', message: `the live connection could not be opened: ${String(error)}` });
      tell({ type: 'socket.closed', code: 0, reason: 'not opened' });
    });
  // The only command is the ping (WalletSocketCommand).
  receive(() => {
    socket?.ping();
  });
  return () => {
    stopped = true;
    socket?.close();
  };
});

/** behaviour.md §8: live connection problems are only logged. */
function log(_: unknown, entry: WalletLogEntry): void {
  const detail = entry.detail === undefined ? [] : [entry.detail];
  if (entry.level === 'error') console.error(entry.message, ...detail);
  else if (entry.level === 'warn') console.warn(entry.message, ...detail);
  else console.info(entry.message, ...detail);
}

/** The wallet child of the session with the platform's calls and the socket. */
export function appWalletMachine() {
  return walletMachine.provide({
    actors: {
      fetchWallet: fromPromise<WalletResponse>(async ({ signal }) => (await walletCalls()).walletApi.wallet(signal)),
      // A 401 here is ignored, not a logout (behaviour.md §8): see fetchWalletLiveToken.
      fetchSocketToken: fromPromise<{ token: string }>(async ({ signal }) => (await walletClient()).fetchWalletLiveToken(signal)),
      liveConnection,
    },
    actions: { log },
  });
}
