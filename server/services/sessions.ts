import { createHash, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { IDLE_LIMIT_MS } from '../../machines/lib/constants';
import type { LoginResponse } from '../../src/api/auth';
import { DEFAULT_LOGIN_METHOD } from '../../machines/lib/identity';
import { SESSION_ABSOLUTE_LIFETIME_MS } from '../config';
import type { Database, SessionRow } from '../db/schema';
import type { Player, LoginLockPolicy } from './players';
import { findSessionByCookieHash, insertSession, lastLoginOf, recordLogin, revokePlayerSessionRows, revokeSessionRow } from '../repositories/sessions';

/** The bearer check's reads and writes of a session (server/http/auth.ts: the middleware imports no repository). */
export { findPlayerSession, liveSessionPlayers, touchSession, touchSessionForward } from '../repositories/sessions';
export { SESSION_ENDED_CHANNEL } from '../repositories/session-events';
import { signIdToken, type IdTokenClaims } from '../crypto/tokens';
import { loadTokenSecret } from './token-secret';

// Server-side sessions (issue 3 "Security", OWASP ASVS L2 V3): every login creates a new session
// (no fixation) and sets an HttpOnly, SameSite=Strict cookie; the app keeps the id token in memory
// only and, after a reload, asks for a new one with the cookie (POST /player/session/refresh).
// Sign-out revokes the session, so its tokens and its cookie stop working at once.
//
// The cookie carries its own 32-byte secret, stored only as a SHA-256 hash: the session id is a
// claim of the (script-readable) id token, so it must not be what the cookie holds.

export const SESSION_COOKIE = 'aurora_session';
/** The cookie is sent to the API only. */
export const SESSION_COOKIE_PATH = '/api';

/** How a session began (the id token's login_method claim). */
export const LOGIN_METHODS = {
  /** E-mail and password (POST /player/login). */
  password: DEFAULT_LOGIN_METHOD,
  /** The automatic login at the end of a registration. */
  registration: 'REGISTRATION',
  /** Pay-and-play: identified by the bank. */
  payAndPlay: 'PAYNPLAY',
} as const;

export interface AuthPolicy {
  /** The id token's lifetime (server/config.ts ID_TOKEN_LIFETIME_S). */
  tokenLifetimeS: number;
  /** GLI-19 2.5.4: a session unused this long is over (machines/lib/constants.ts IDLE_LIMIT_MS). */
  idleLimitMs: number;
  /** GLI-19 2.5.3: the account lock. */
  lock: LoginLockPolicy;
}

/** What the auth routes, the middleware and issueLogin share; one per app (server/app.ts). */
export interface AuthServices {
  db: Kysely<Database>;
  clock: () => Date;
  policy: AuthPolicy;
  /** The token signing secret (loaded, or generated and stored, on first use). */
  secret: () => Promise<Uint8Array>;
}

export interface AuthServicesOptions {
  db: Kysely<Database>;
  clock?: (() => Date) | undefined;
  policy: AuthPolicy;
  /** SESSION_SECRET; a generated one stored in platform_settings when absent. */
  sessionSecret?: string | undefined;
}

export function createAuthServices({ db, clock = () => new Date(), policy, sessionSecret }: AuthServicesOptions): AuthServices {
  let secret: Promise<Uint8Array> | undefined;
  return {
    db,
    clock,
    policy,
    secret: () => {
      secret ??= loadTokenSecret(db, sessionSecret).catch((error: unknown) => {
        secret = undefined; // a database hiccup must not poison every later login
        throw error;
      });
      return secret;
    },
  };
}

/** The session behind a checked bearer token (set by server/http/auth.ts requireAuth). */
export interface AuthenticatedSession {
  sessionId: string;
  playerId: number;
}

function sha256(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

function toSeconds(date: Date): number {
  return Math.floor(date.getTime() / 1000);
}

/** Signs an id token for a session of a player (a login and every refresh). */
export async function idTokenFor(services: AuthServices, player: Player, session: Pick<SessionRow, 'id' | 'login_method'>): Promise<string> {
  const iat = toSeconds(services.clock());
  const claims: IdTokenClaims = {
    country_code: player.country_code,
    language_code: player.language_code,
    player_id: player.id,
    player_access_id: session.id,
    email: player.email ?? '',
    iat,
    exp: iat + services.policy.tokenLifetimeS,
    login_method: session.login_method,
    registrationDate: player.registration_date.toISOString(),
    // product.md §3: a JSON string; this platform runs one brand, so never suspended.
    multibrand: JSON.stringify({ suspended: false }),
    province_code: player.province_code,
  };
  return signIdToken(claims, await services.secret());
}

/** The session a cookie value points at (revoked or not), if any. */
export async function sessionByCookieValue(db: Kysely<Database>, value: string): Promise<SessionRow | undefined> {
  return findSessionByCookieHash(db, sha256(value));
}

/**
 * Opens a new session for a player (never an existing one: no session fixation): the cookie value
 * to set and the login answer. The caller has already decided the player may log in.
 */
export async function openSession(
  services: AuthServices,
  db: Kysely<Database>,
  player: Player,
  loginMethod: string,
): Promise<{ cookieValue: string; response: LoginResponse }> {
  const now = services.clock();
  const lastAuth = await lastLoginOf(db, player.id);
  const cookieValue = randomBytes(32).toString('base64url');
  const session = await insertSession(db, {
    id: randomBytes(32).toString('base64url'),
    player_id: player.id,
    cookie_hash: sha256(cookieValue),
    login_method: loginMethod,
    created_at: now,
    last_seen_at: now,
    last_auth_at: lastAuth,
  });
  // firstLogin (product.md §3) stays true through the player's first session.
  await recordLogin(db, player.id, now, lastAuth === null);
  const idToken = await idTokenFor(services, player, session);
  return { cookieValue, response: { idToken, lastAuth: lastAuth?.toISOString() ?? null } };
}

/**
 * Is the session over at `now`: idle past the limit (GLI-19 2.5.4), or older than its absolute
 * lifetime (server/config.ts SESSION_ABSOLUTE_LIFETIME_MS) however busy it was?
 */
export function isIdle(
  session: Pick<SessionRow, 'last_seen_at'> & Partial<Pick<SessionRow, 'created_at'>>,
  now: Date,
  idleLimitMs: number = IDLE_LIMIT_MS,
  absoluteLimitMs: number = SESSION_ABSOLUTE_LIFETIME_MS,
): boolean {
  const idle = now.getTime() - session.last_seen_at.getTime() > idleLimitMs;
  const tooOld = session.created_at !== undefined && now.getTime() - session.created_at.getTime() > absoluteLimitMs;
  return idle || tooOld;
}

export async function revokeSession(db: Kysely<Database>, sessionId: string, now: Date): Promise<void> {
  // The wallet's live sockets of this session close (server/http/wallet-live.ts), in any process.
  await revokeSessionRow(db, sessionId, now);
}

/**
 * Ends a player's sessions (password reset or change, account closed), all of them or all but
 * the one that asked.
 */
export async function revokePlayerSessions(
  db: Kysely<Database>,
  playerId: number,
  now: Date,
  options: { except?: string } = {},
): Promise<void> {
  await revokePlayerSessionRows(db, playerId, now, options.except);
}
