import type { Context, MiddlewareHandler } from 'hono';
import { findPlayerSession, isIdle, revokeSession, touchSessionForward, type AuthServices } from '../services/sessions';
import { authServicesOf, type AuthVariables } from './session-cookie';
import { verifyIdToken, type TokenCheck } from '../crypto/tokens';
import { SESSION_TOUCH_INTERVAL_MS } from '../config';
import { ERROR_CODES, HttpError } from './errors';
import type { SiteEnv } from './site-context';

// The guard of the player's own calls (behaviour.md §7: "Requests carry an authorization header
// with the id token"): `Authorization: Bearer <idToken>` with a good signature, not expired, whose
// session is neither revoked nor idle past the limit (GLI-19 2.5.4) nor older than its absolute
// lifetime (server/config.ts SESSION_ABSOLUTE_LIFETIME_MS). Each call counts as activity.
// 401 error.token.invalid for a token that is not ours; 401 error.session.expired for one whose
// time or session is over (the app logs out on either, behaviour.md §8 "General").

export interface AuthEnv {
  Variables: SiteEnv['Variables'] & AuthVariables;
}

const BEARER = /^Bearer[ ]+([^\s]+)$/i;

export function bearerToken(c: Context): string | undefined {
  return BEARER.exec(c.req.header('Authorization')?.trim() ?? '')?.[1];
}

/** Checks the request's bearer token; undefined when there is none. */
export async function checkBearer(c: Context, services: AuthServices): Promise<TokenCheck | undefined> {
  const token = bearerToken(c);
  if (token === undefined) return undefined;
  return verifyIdToken(token, await services.secret(), Math.floor(services.clock().getTime() / 1000));
}

const invalidToken = () => new HttpError(401, ERROR_CODES.tokenInvalid, 'Log in again: the id token is missing or not valid.');
const sessionExpired = () => new HttpError(401, ERROR_CODES.sessionExpired, 'Your session has ended. Please log in again.');

export const requireAuth: MiddlewareHandler<AuthEnv> = async (c, next) => {
  const services = authServicesOf(c);
  const check = await checkBearer(c, services);
  if (check === undefined) throw invalidToken();
  if (!check.ok) throw check.reason === 'expired' ? sessionExpired() : invalidToken();
  const { player_access_id: sessionId, player_id: playerId } = check.claims;
  const { db, clock, policy } = services;
  const now = clock();
  const session = await findPlayerSession(db, sessionId, playerId);
  if (session?.revoked_at !== null) throw sessionExpired();
  if (isIdle(session, now, policy.idleLimitMs)) {
    // Idle past the limit or past its lifetime: over for good, even if a later call comes back in time.
    await revokeSession(db, sessionId, now);
    throw sessionExpired();
  }
  // The activity, recorded at most every SESSION_TOUCH_INTERVAL_MS (a read otherwise); never backwards.
  if (now.getTime() - session.last_seen_at.getTime() >= SESSION_TOUCH_INTERVAL_MS) {
    await touchSessionForward(db, sessionId, now);
  }
  c.set('authSession', { sessionId, playerId });
  await next();
};
