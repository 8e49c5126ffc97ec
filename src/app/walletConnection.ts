import * as v from 'valibot';
import { WALLET_PING_TEXT, WALLET_PONG_TEXT } from '../../machines/lib/wallet';
import type { WalletSocketEvent } from '../../machines/wallet.machine';
import { walletMessageSchema } from '../api/wallet';
import { walletLiveUrl } from '../api/walletClient';

// The wallet's live connection (loaded by src/app/wallet.ts once a player is logged in, so the home
// page's first load carries neither partysocket nor the wallet's schemas).

/**
 * One frame of the live connection as the wallet machine hears it (behaviour.md §7, §8): the ping
 * and pong text, a message of the contract (walletMessageSchema), or something unreadable (not
 * text, not JSON, or not a known message), which the machine only logs.
 */
export function readLiveFrame(data: unknown): WalletSocketEvent {
  if (typeof data !== 'string') return { type: 'socket.unreadable', text: '(binary)', problem: 'notJson' };
  const text = data.trim();
  if (text === WALLET_PING_TEXT || text === WALLET_PONG_TEXT) return { type: 'socket.heartbeat', text };
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return { type: 'socket.unreadable', text, problem: 'notJson' };
  }
  const parsed = v.safeParse(walletMessageSchema, json);
  return parsed.success ? { type: 'socket.message', message: parsed.output } : { type: 'socket.unreadable', text, problem: 'unknownMessage' };
}

export interface WalletSocket {
  ping: () => void;
  close: () => void;
}

/**
 * Opens the live connection with partysocket, the token in the `Authorization` query parameter.
 * Its own reconnection is off (maxRetries 0): the wallet machine reconnects with the spec's
 * attempts and delay, each time with a fresh token (the platform's tokens live a minute).
 */
export async function openWalletSocket(token: string, tell: (event: WalletSocketEvent) => void): Promise<WalletSocket> {
  const { default: ReconnectingWebSocket } = await import('partysocket/ws');
  const ws = new ReconnectingWebSocket(walletLiveUrl(token), undefined, { maxRetries: 0 });
  ws.addEventListener('open', () => tell({ type: 'socket.opened' }));
  ws.addEventListener('close', (event) => tell({ type: 'socket.closed', code: event.code, reason: event.reason }));
  ws.addEventListener('error', (event) => tell({ type: 'socket.failed', message: event.message || 'connection error' }));
  ws.addEventListener('message', (event: MessageEvent) => tell(readLiveFrame(event.data)));
  return {
    ping: () => ws.send(WALLET_PING_TEXT),
    close: () => ws.close(),
  };
}
