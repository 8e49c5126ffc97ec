import { createHmac } from 'node:crypto';
import type { WSContext, WSEvents } from 'hono/ws';
import type { Kysely } from 'kysely';
import * as v from 'valibot';
import { WebSocketServer } from 'ws';
import { WALLET_PING_TEXT, WALLET_PONG_TEXT } from '../../machines/lib/wallet';
import { WALLET_LIVE_CLOSE_CODES, type WalletMessage, type WalletResponse } from '../../src/api/wallet';
import {
  SESSION_ABSOLUTE_LIFETIME_MS,
  WALLET_LIVE_CLOSE_GRACE_MS,
  WALLET_LIVE_IDLE_TIMEOUT_MS,
  WALLET_LIVE_MESSAGE_MAX_BYTES,
  WALLET_LIVE_MESSAGES_PER_MINUTE,
  WALLET_LIVE_SESSION_CHECK_MS,
  WALLET_LIVE_SOCKETS_PER_PLAYER,
  WALLET_LIVE_TOKEN_LIFETIME_S,
} from '../config';
import type { Listen } from '../db/database';
import type { Database } from '../db/schema';
import { redactError } from './redact';
import { readWallet as readWalletOfLedger, WALLET_CHANGED_CHANNEL } from '../services/wallet';
import { liveSessionPlayers, SESSION_ENDED_CHANNEL, type AuthenticatedSession, type AuthServices } from '../services/sessions';
import { PLAYER_ATTRIBUTES_CHANNEL, playerKycAttributes } from '../services/kyc-level';
import { signJwt, verifiedJwtPayload } from '../crypto/tokens';

// The wallet's live connection (behaviour.md §4 "Wallet", §7 "Wallet live connection"; issue 11
// "Live balance"), the platform's side:
//
// - GET /player/wallet/token gives a logged-in player a short-lived token (an HS256 JWT under a key
//   of its own, bound to the player and the session) that only the live connection accepts.
// - WS /player/wallet/live?Authorization=<token> checks the token and the session, then sends the
//   WALLET_BALANCE at once and after every posting on the player's accounts, answers "ping" with
//   "pong", and never sends a balance older than one it already sent on that socket.
// - Every process LISTENs on WALLET_CHANGED_CHANNEL (the ledger NOTIFYs inside each posting,
//   server/repositories/wallet-events.ts) and pushes to the sockets it holds: with several processes
//   on one PostgreSQL a push reaches the player's socket whichever process holds it. It also
//   LISTENs on SESSION_ENDED_CHANNEL and closes the sockets of a session that ended (sign-out).
// - Bounds (server/config.ts): sockets per player, message size and rate, idle time.
//
// The routes are server/routes/wallet-live.ts; server/main.ts gives `wss` to the HTTP server.

const CLOSE = WALLET_LIVE_CLOSE_CODES;

// ---------------------------------------------------------------------------------- the token

/** The audience claim: no other token of the platform carries it. */
const WALLET_LIVE_AUDIENCE = 'wallet-live';

const liveTokenClaimsSchema = v.object({
  aud: v.literal(WALLET_LIVE_AUDIENCE),
  player_id: v.pipe(v.number(), v.integer(), v.minValue(1)),
  player_access_id: v.pipe(v.string(), v.minLength(1), v.maxLength(256)),
  iat: v.number(),
  exp: v.number(),
});

/** The live tokens' key: derived from the id tokens' secret, so neither kind passes for the other. */
function liveTokenKey(secret: Uint8Array): Buffer {
  return createHmac('sha256', secret).update('aurora wallet live token v1').digest();
}

function nowSeconds(services: AuthServices): number {
  return Math.floor(services.clock().getTime() / 1000);
}

/** A token for the live connection of this session (GET /player/wallet/token). */
export async function issueWalletLiveToken(services: AuthServices, session: AuthenticatedSession): Promise<string> {
  const iat = nowSeconds(services);
  const claims: v.InferOutput<typeof liveTokenClaimsSchema> = {
    aud: WALLET_LIVE_AUDIENCE,
    player_id: session.playerId,
    player_access_id: session.sessionId,
    iat,
    exp: iat + WALLET_LIVE_TOKEN_LIFETIME_S,
  };
  return signJwt(claims, liveTokenKey(await services.secret()));
}

/** The session a live token names, or why it opens nothing ('invalid': not ours; 'expired'). */
export async function checkWalletLiveToken(
  services: AuthServices,
  token: string,
): Promise<{ ok: true; session: AuthenticatedSession } | { ok: false; reason: 'invalid' | 'expired' }> {
  const parsed = v.safeParse(liveTokenClaimsSchema, verifiedJwtPayload(token, liveTokenKey(await services.secret())));
  if (!parsed.success) return { ok: false, reason: 'invalid' };
  if (parsed.output.exp <= nowSeconds(services)) return { ok: false, reason: 'expired' };
  return { ok: true, session: { playerId: parsed.output.player_id, sessionId: parsed.output.player_access_id } };
}

// --------------------------------------------------------------------------------- the sockets

/** Whether a socket may open, decided before the upgrade (the route) and carried out on open. */
export type WalletLiveAdmission =
  | { ok: true; session: AuthenticatedSession; auth: AuthServices }
  | { ok: false; code: number; reason: string };

export interface WalletLiveOptions {
  db: Kysely<Database>;
  /** The database's LISTEN (server/db/database.ts PlatformDatabase.listen). */
  listen: Listen;
  /** The wallet as the app reads it (server/services/wallet.ts); tests may pass their own. */
  readWallet?: (db: Kysely<Database>, playerId: number) => Promise<WalletResponse | null>;
  /** The player's attributes a PLAYER_ATTRIBUTE_CHANGE carries (server/services/documents.ts: the KYC). */
  readAttributes?: (db: Kysely<Database>, playerId: number) => Promise<Record<string, string> | null>;
  idleTimeoutMs?: number;
  socketsPerPlayer?: number;
  messagesPerMinute?: number;
  sessionCheckMs?: number;
  /** Where faults are reported (redacted); console.error by default. */
  log?: (message: string, error?: unknown) => void;
}

export interface WalletLive {
  /** The WebSocket server for @hono/node-server's `serve({ websocket: { server } })`. */
  readonly wss: WebSocketServer;
  /** LISTENs on the wallet and session channels; resolves once listening. */
  start: () => Promise<void>;
  /** Checks a connection's token (from the `Authorization` query parameter) and its session. */
  admit: (token: string | undefined, auth: AuthServices) => Promise<WalletLiveAdmission>;
  /** The socket's handlers for upgradeWebSocket (a refused admission closes it on open). */
  events: (admission: WalletLiveAdmission) => WSEvents;
  /** Reads the player's wallet and pushes it to their sockets here (what a notification does). */
  refresh: (playerId: number) => Promise<void>;
  /** Sockets held by this process (for one player). */
  socketCount: (playerId?: number) => number;
  /** Closes every socket (1001: reconnect), stops listening and the timers. */
  close: () => Promise<void>;
}

interface LiveSocket {
  ws: WSContext;
  session: AuthenticatedSession;
  auth: AuthServices;
  /** The newest version sent on this socket (-1: none yet). */
  sentVersion: number;
  idleTimer: NodeJS.Timeout;
  windowStartedAt: number;
  messagesInWindow: number;
  closed: Promise<void>;
  markClosed: () => void;
}

const MINUTE_MS = 60_000;
/** Sessions looked up in one query by the periodic check. */
const SESSION_CHECK_BATCH = 1_000;
const PLAYER_ID_PAYLOAD = /^[1-9][0-9]{0,14}$/;

function defaultLog(message: string, error?: unknown): void {
  if (error === undefined) console.error(message);
  else console.error(message, redactError(error));
}

/** Closes a socket, swallowing what a socket already closing throws. */
function closeSocket(ws: WSContext, code: number, reason: string): void {
  try {
    ws.close(code, reason);
  } catch {
    /* already closed */
  }
}

export function createWalletLive(options: WalletLiveOptions): WalletLive {
  const { db, listen } = options;
  const readWallet = options.readWallet ?? readWalletOfLedger;
  const readAttributes = options.readAttributes ?? playerKycAttributes;
  const idleTimeoutMs = options.idleTimeoutMs ?? WALLET_LIVE_IDLE_TIMEOUT_MS;
  const socketsPerPlayer = options.socketsPerPlayer ?? WALLET_LIVE_SOCKETS_PER_PLAYER;
  const messagesPerMinute = options.messagesPerMinute ?? WALLET_LIVE_MESSAGES_PER_MINUTE;
  const sessionCheckMs = options.sessionCheckMs ?? WALLET_LIVE_SESSION_CHECK_MS;
  const log = options.log ?? defaultLog;

  // perMessageDeflate off: the messages are small, and compression per socket costs memory.
  const wss = new WebSocketServer({ noServer: true, maxPayload: WALLET_LIVE_MESSAGE_MAX_BYTES, perMessageDeflate: false });
  const players = new Map<number, Set<LiveSocket>>();
  const refreshing = new Map<number, { again: boolean; done: Promise<void> }>();
  const unlisteners: (() => Promise<void>)[] = [];
  let sessionTimer: NodeJS.Timeout | null = null;
  let closing = false;

  const allSockets = (): LiveSocket[] => [...players.values()].flatMap((set) => [...set]);

  function remove(socket: LiveSocket): void {
    clearTimeout(socket.idleTimer);
    const set = players.get(socket.session.playerId);
    if (set?.delete(socket) && set.size === 0) players.delete(socket.session.playerId);
    socket.markClosed();
    if (players.size === 0 && sessionTimer !== null) {
      clearInterval(sessionTimer);
      sessionTimer = null;
    }
  }

  function end(socket: LiveSocket, code: number, reason: string): void {
    remove(socket);
    closeSocket(socket.ws, code, reason);
  }

  /** Sends `wallet` to the player's sockets that have not had this version or a newer one. */
  function push(playerId: number, wallet: WalletResponse): void {
    const message: WalletMessage = { type: 'WALLET_BALANCE', currency: wallet.currency, version: wallet.version, balanceMap: wallet.balanceMap };
    const text = JSON.stringify(message);
    for (const socket of players.get(playerId) ?? []) {
      if (wallet.version <= socket.sentVersion || socket.ws.readyState !== 1) continue;
      socket.sentVersion = wallet.version;
      socket.ws.send(text);
    }
  }

  /**
   * One read per player at a time: a notification during a read asks for one more read after it
   * (so a burst of postings costs two reads, and the last read sees the last posting).
   */
  function refresh(playerId: number): Promise<void> {
    const running = refreshing.get(playerId);
    if (running) {
      running.again = true;
      return running.done;
    }
    const state = { again: true, done: Promise.resolve() };
    refreshing.set(playerId, state);
    state.done = (async () => {
      try {
        while (state.again && players.has(playerId) && !closing) {
          state.again = false;
          const wallet = await readWallet(db, playerId);
          // No wallet yet: nothing to show; the app's poll answers 404 (behaviour.md §8).
          if (wallet) push(playerId, wallet);
        }
      } catch (error) {
        log(`wallet live: reading player ${String(playerId)}'s wallet failed`, error);
      } finally {
        refreshing.delete(playerId);
      }
    })();
    return state.done;
  }

  /** Closes the sockets among `sockets` whose session is over (sign-out, idle, lifetime). */
  async function checkSessions(sockets: readonly LiveSocket[]): Promise<void> {
    // By the app that admitted them (its clock and idle limit), a bounded list of ids per query.
    const groups = new Map<AuthServices, LiveSocket[]>();
    for (const socket of sockets) {
      const group = groups.get(socket.auth);
      if (group) group.push(socket);
      else groups.set(socket.auth, [socket]);
    }
    for (const [auth, group] of groups) {
      for (let start = 0; start < group.length; start += SESSION_CHECK_BATCH) {
        const batch = group.slice(start, start + SESSION_CHECK_BATCH);
        try {
          const ids = batch.map((socket) => socket.session.sessionId);
          const live = await liveSessionPlayers(db, ids, auth.clock(), auth.policy.idleLimitMs, SESSION_ABSOLUTE_LIFETIME_MS);
          for (const socket of batch) {
            if (live.get(socket.session.sessionId) !== socket.session.playerId) end(socket, CLOSE.policy, 'session ended');
          }
        } catch (error) {
          log('wallet live: checking the sessions failed', error);
        }
      }
    }
  }

  function onWalletChanged(payload: string): void {
    if (!PLAYER_ID_PAYLOAD.test(payload)) return;
    const playerId = Number(payload);
    if (players.has(playerId)) void refresh(playerId);
  }

  /** Issue 23: the player's KYC changed (an upload, a review, a request): their pages refetch. */
  function onAttributesChanged(payload: string): void {
    if (!PLAYER_ID_PAYLOAD.test(payload)) return;
    const playerId = Number(payload);
    if (!players.has(playerId)) return;
    void readAttributes(db, playerId)
      .then((attributes) => {
        if (attributes === null) return;
        const text = JSON.stringify({ type: 'PLAYER_ATTRIBUTE_CHANGE', attributes } satisfies WalletMessage);
        for (const socket of players.get(playerId) ?? []) if (socket.ws.readyState === 1) socket.ws.send(text);
      })
      .catch((error: unknown) => log(`wallet live: reading player ${String(playerId)}'s attributes failed`, error));
  }

  function onSessionEnded(payload: string): void {
    if (!PLAYER_ID_PAYLOAD.test(payload)) return;
    const sockets = players.get(Number(payload));
    if (sockets) void checkSessions([...sockets]);
  }

  /** After a (re)connection of the listening connection: what changed meanwhile was not notified. */
  function resync(): void {
    for (const playerId of players.keys()) void refresh(playerId);
    void checkSessions(allSockets());
  }

  function open(ws: WSContext, admission: Extract<WalletLiveAdmission, { ok: true }>): LiveSocket | null {
    if (closing) {
      closeSocket(ws, CLOSE.goingAway, 'server restarting');
      return null;
    }
    const { session, auth } = admission;
    const set = players.get(session.playerId) ?? new Set<LiveSocket>();
    if (set.size >= socketsPerPlayer) {
      closeSocket(ws, CLOSE.policy, 'too many connections');
      return null;
    }
    let markClosed: () => void = () => undefined;
    const closed = new Promise<void>((resolve) => {
      markClosed = resolve;
    });
    const socket: LiveSocket = {
      ws,
      session,
      auth,
      sentVersion: -1,
      idleTimer: setTimeout(() => end(socket, CLOSE.goingAway, 'idle'), idleTimeoutMs),
      windowStartedAt: Date.now(),
      messagesInWindow: 0,
      closed,
      markClosed,
    };
    socket.idleTimer.unref();
    set.add(socket);
    players.set(session.playerId, set);
    if (sessionTimer === null) {
      sessionTimer = setInterval(() => void checkSessions(allSockets()), sessionCheckMs);
      sessionTimer.unref();
    }
    // Registered first, read second: a posting committed meanwhile asks for another read.
    void refresh(session.playerId);
    return socket;
  }

  function receive(socket: LiveSocket, data: unknown): void {
    const now = Date.now();
    if (now - socket.windowStartedAt >= MINUTE_MS) {
      socket.windowStartedAt = now;
      socket.messagesInWindow = 0;
    }
    socket.messagesInWindow += 1;
    if (socket.messagesInWindow > messagesPerMinute) {
      end(socket, CLOSE.policy, 'too many messages');
      return;
    }
    if (typeof data !== 'string') {
      end(socket, CLOSE.unsupportedData, 'text only');
      return;
    }
    // Only the ping counts as a sign of life; any other text is ignored (behaviour.md §7).
    if (data !== WALLET_PING_TEXT) return;
    socket.idleTimer.refresh();
    if (socket.ws.readyState === 1) socket.ws.send(WALLET_PONG_TEXT);
  }

  return {
    wss,

    start: async () => {
      unlisteners.push(await listen(WALLET_CHANGED_CHANNEL, onWalletChanged, resync));
      unlisteners.push(await listen(SESSION_ENDED_CHANNEL, onSessionEnded));
      unlisteners.push(await listen(PLAYER_ATTRIBUTES_CHANNEL, onAttributesChanged));
    },

    admit: async (token, auth) => {
      if (token === undefined) return { ok: false, code: CLOSE.policy, reason: 'token required' };
      try {
        const check = await checkWalletLiveToken(auth, token);
        if (!check.ok) return { ok: false, code: CLOSE.policy, reason: check.reason === 'expired' ? 'token expired' : 'token invalid' };
        const { session } = check;
        const live = await liveSessionPlayers(db, [session.sessionId], auth.clock(), auth.policy.idleLimitMs, SESSION_ABSOLUTE_LIFETIME_MS);
        if (live.get(session.sessionId) !== session.playerId) return { ok: false, code: CLOSE.policy, reason: 'session ended' };
        return { ok: true, session, auth };
      } catch (error) {
        log('wallet live: admitting a socket failed', error);
        return { ok: false, code: CLOSE.internalError, reason: 'try again' };
      }
    },

    events: (admission) => {
      let socket: LiveSocket | null = null;
      return {
        onOpen: (_event, ws) => {
          if (!admission.ok) closeSocket(ws, admission.code, admission.reason);
          else socket = open(ws, admission);
        },
        onMessage: (event, ws) => {
          if (socket) receive(socket, event.data);
          else closeSocket(ws, CLOSE.policy, 'not admitted');
        },
        onClose: () => {
          if (socket) remove(socket);
        },
        onError: () => {
          // ws closes the socket itself (1009 too big, 1002 a protocol error); onClose follows.
        },
      };
    },

    refresh,

    socketCount: (playerId) => (playerId === undefined ? allSockets().length : (players.get(playerId)?.size ?? 0)),

    close: async () => {
      if (closing) return;
      closing = true;
      if (sessionTimer !== null) clearInterval(sessionTimer);
      sessionTimer = null;
      await Promise.all(unlisteners.splice(0).map((unlisten) => unlisten().catch(() => undefined)));
      const sockets = allSockets();
      for (const socket of sockets) closeSocket(socket.ws, CLOSE.goingAway, 'server restarting');
      // A client that does not answer the close frame in time is cut.
      let grace: NodeJS.Timeout | undefined;
      const timedOut = new Promise<void>((resolve) => {
        grace = setTimeout(resolve, WALLET_LIVE_CLOSE_GRACE_MS);
        grace.unref();
      });
      await Promise.race([Promise.all(sockets.map((socket) => socket.closed)), timedOut]);
      clearTimeout(grace);
      for (const socket of sockets) {
        (socket.ws.raw as { terminate?: () => void } | undefined)?.terminate?.();
        remove(socket);
      }
      await Promise.all([...refreshing.values()].map((state) => state.done));
      wss.close();
    },
  };
}
