import type { Context, MiddlewareHandler } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import type { Kysely } from 'kysely';
import type { LoginResponse } from '../../src/api/auth';
import { SESSION_ABSOLUTE_LIFETIME_MS } from '../config';
import type { Database, SessionRow } from '../db/schema';
import type { Player } from '../services/players';
import { openSession, SESSION_COOKIE, SESSION_COOKIE_PATH, sessionByCookieValue, type AuthenticatedSession, type AuthServices } from '../services/sessions';

// The session on the wire: the auth services on the request's context, the HttpOnly session cookie,
// and a login that sets it. The session rules (tokens, idle limit, revocation) are
// server/services/sessions.ts's.

export interface AuthVariables {
  authServices: AuthServices;
  authSession: AuthenticatedSession;
}

/** Puts the auth services on every request's context (server/app.ts, under /api). */
export function provideAuth(services: AuthServices): MiddlewareHandler<{ Variables: AuthVariables }> {
  return async (c, next) => {
    c.set('authServices', services);
    await next();
  };
}

export function authServicesOf(c: Context): AuthServices {
  const services = (c as Context<{ Variables: Partial<AuthVariables> }>).get('authServices');
  if (!services) throw new Error('The provideAuth middleware is not installed on this route (server/app.ts).');
  return services;
}

function isHttps(c: Context): boolean {
  // Behind a TLS-terminating proxy the request is http; its X-Forwarded-Proto says what the browser used.
  return new URL(c.req.url).protocol === 'https:' || c.req.header('x-forwarded-proto')?.split(',')[0]?.trim() === 'https';
}

function setSessionCookie(c: Context, value: string): void {
  setCookie(c, SESSION_COOKIE, value, {
    httpOnly: true,
    sameSite: 'Strict',
    path: SESSION_COOKIE_PATH,
    secure: isHttps(c),
    // The session's absolute lifetime (server/config.ts), not a year: the cookie dies with it.
    maxAge: SESSION_ABSOLUTE_LIFETIME_MS / 1000,
  });
}

export function clearSessionCookie(c: Context): void {
  deleteCookie(c, SESSION_COOKIE, { path: SESSION_COOKIE_PATH, httpOnly: true, sameSite: 'Strict', secure: isHttps(c) });
}

/** The session the request's cookie points at (revoked or not), if any. */
export async function sessionFromCookie(c: Context, db: Kysely<Database>): Promise<SessionRow | undefined> {
  const value = getCookie(c, SESSION_COOKIE);
  if (value === undefined || value.length === 0 || value.length > 256) return undefined;
  return sessionByCookieValue(db, value);
}

/**
 * Logs a player in: a new session (services/sessions.ts openSession), the HttpOnly cookie, and the
 * answer's body. Used by POST /player/login, the automatic login after a registration and the
 * pay-and-play login. The caller has already decided the player may log in.
 */
export async function issueLogin(c: Context, db: Kysely<Database>, player: Player, loginMethod: string): Promise<LoginResponse> {
  const { cookieValue, response } = await openSession(authServicesOf(c), db, player, loginMethod);
  setSessionCookie(c, cookieValue);
  return response;
}
