import { upgradeWebSocket } from '@hono/node-server';
import { Hono, type Context } from 'hono';
import type * as v from 'valibot';
import { WALLET_LIVE_PATH, type walletTokenResponseSchema } from '../../src/api/wallet';
import { requireAuth, type AuthEnv } from '../http/auth';
import { ERROR_CODES, errorResponse } from '../http/errors';
import { redactError } from '../http/redact';
import { authServicesOf } from '../http/session-cookie';
import { issueWalletLiveToken, type WalletLive } from '../http/wallet-live';

// The wallet's live connection (behaviour.md §7; issue 11 "Live balance"), mounted at /api:
//   GET /player/wallet/token                      -> { token } (the player's id token required; 401 otherwise)
//   WS  /player/wallet/live?Authorization=<token>  -> WALLET_BALANCE now and after every posting; "ping" -> "pong"
// A bad, expired or foreign token, or a session that ended, is refused by closing the socket with
// 1008 (src/api/wallet.ts WALLET_LIVE_CLOSE_CODES); a plain GET of the socket's path is 426.
// The rules are server/http/wallet-live.ts. Mount this before any /api/player/wallet/* routes
// guarded by requireAuth as a whole: the socket carries its token in the query, not a header.

export const WALLET_TOKEN_PATH = '/player/wallet/token';

export interface WalletLiveRoutesOptions {
  /** The process's live connections (server/main.ts); without it the socket's path answers 426. */
  live: WalletLive | undefined;
}

/** A WebSocket handshake that @hono/node-server's upgrade handler passed in (it sets `wss`). */
function isUpgrade(c: Context): boolean {
  const env = c.env as { wss?: unknown; incoming?: unknown } | undefined;
  return c.req.header('upgrade')?.toLowerCase() === 'websocket' && env?.wss !== undefined && env.incoming !== undefined;
}

export function walletLiveRoutes({ live }: WalletLiveRoutesOptions): Hono<AuthEnv> {
  const routes = new Hono<AuthEnv>();

  routes.get(WALLET_TOKEN_PATH, requireAuth, async (c) => {
    const token = await issueWalletLiveToken(authServicesOf(c), c.get('authSession'));
    return c.json<v.InferOutput<typeof walletTokenResponseSchema>>({ token });
  });

  routes.get(WALLET_LIVE_PATH, async (c) => {
    if (!live || !isUpgrade(c)) {
      c.header('Upgrade', 'websocket');
      return errorResponse(c, 426, ERROR_CODES.requestInvalid, `Open ${WALLET_LIVE_PATH} as a WebSocket with a token from GET ${WALLET_TOKEN_PATH}.`);
    }
    // Exactly one token; several are as good as none.
    const tokens = c.req.queries('Authorization') ?? [];
    const admission = await live.admit(tokens.length === 1 ? tokens[0] : undefined, authServicesOf(c));
    return upgradeWebSocket(c, live.events(admission), { onError: (error) => console.error('wallet live: a socket handler failed', redactError(error)) });
  });

  return routes;
}
