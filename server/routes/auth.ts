import { Hono, type Context } from 'hono';
import { loginRequestSchema, unlockRequestSchema, unlockSchema, type LoginResponse } from '../../src/api/auth';
import {
  passwordChangeSchema,
  termsAcceptSchema,
  type AccessDetails,
  type PlayerProfile,
  type TransactionSummary,
} from '../../src/api/player';
import { checkBearer, requireAuth, type AuthEnv } from '../http/auth';
import { clientAddress } from '../http/client-address';
import { flowBodyLimit, parseJsonBody } from '../http/validation';
import { acceptTerms, changePassword, currentPlayer, profileOf, transactionSummary, type AccountDeps } from '../services/account';
import { touchSession } from '../services/sessions';
import { logIn, requestUnlock, unlock, type LoginDeps } from '../services/login';
import { rememberDevice, requireLoginSecondFactor } from '../services/second-factor';
import { deviceTokenOf, setDeviceCookie } from './second-factor';
import type { ThrottlePolicy } from '../services/throttle';
import type { CountrySources } from '../domain/access';
import { loginCountry, recordLogin } from '../services/login-history';
import { accessDetailsFor, liftEndedRestriction, loginRefusal } from '../services/account-status';
import { createPlayerStore, type Player } from '../services/players';
import { idTokenFor, isIdle, LOGIN_METHODS, revokeSession } from '../services/sessions';
import { authServicesOf, clearSessionCookie, issueLogin, sessionFromCookie } from '../http/session-cookie';
import { providersOf } from '../providers/context';

// Login, session and the player's own account, mounted at /api/player (behaviour.md §4 "Session",
// §7 "Player and account", §8 "Login"; issue 3 "Security"): login, session refresh from the
// HttpOnly cookie, sign-out, profile, access details, transaction summary, terms acceptance and
// password change. The rules are server/services/login.ts and server/services/account.ts; a visitor
// without a session gets 204 from the refresh (a normal answer, not an error).

/** The profile as the app reads it (server/services/account.ts; kept here for the routes that import it). */
export { profileOf } from '../services/account';

export interface AuthRoutesOptions {
  throttle: ThrottlePolicy;
  /** SITE_URL: the origin of the e-mailed unlock link; the request's own when unset. */
  siteUrl?: string | undefined;
  /** Where the visitor's country comes from, for the login history (server/services/login-history.ts). */
  countrySources?: CountrySources | undefined;
}

export function authRoutes({ throttle, siteUrl, countrySources = { testMode: false } }: AuthRoutesOptions): Hono<AuthEnv> {
  const routes = new Hono<AuthEnv>();
  const loginDeps = (c: Context<AuthEnv>): LoginDeps => {
    const { db, clock, policy } = authServicesOf(c);
    return { db, clock, throttle, lock: policy.lock, registers: providersOf(c).selfExclusionRegisters };
  };

  routes.post('/login', flowBodyLimit, async (c) => {
    const { email, password } = await parseJsonBody(c, loginRequestSchema);
    const deps = loginDeps(c);
    const place = { address: clientAddress(c, throttle.addressHeader), country: loginCountry((name) => c.req.header(name), countrySources) };
    const player = await logIn(deps, { email, password, address: place.address });
    // Issue 23: with the second factor on, a browser not remembered gets 428 and a challenge, no session.
    await requireLoginSecondFactor(deps, player, deviceTokenOf(c));
    // product.md §3 "Account details": the login history lists every login let through, when its session is issued.
    await recordLogin(deps.db, { playerId: player.id, at: deps.clock(), place, loginMethod: LOGIN_METHODS.password });
    return c.json<LoginResponse>(await issueLogin(c, deps.db, player, LOGIN_METHODS.password));
  });

  // The player's own unlock (issue 9): a link to the e-mail; the link's page sends its key back.
  routes.post('/login/unlock_request', flowBodyLimit, async (c) => {
    const { email, langmarket } = await parseJsonBody(c, unlockRequestSchema);
    await requestUnlock(loginDeps(c), {
      email,
      langmarket,
      siteOrigin: siteUrl ?? new URL(c.req.url).origin,
      address: clientAddress(c, throttle.addressHeader),
    });
    return c.json({ ok: true as const });
  });

  routes.post('/login/unlock', flowBodyLimit, async (c) => {
    const { key } = await parseJsonBody(c, unlockSchema);
    const deps = loginDeps(c);
    const playerId = await unlock(deps, key);
    // Issue 23's lost-device path: the browser that opens the e-mailed link is remembered (no second factor asked there).
    setDeviceCookie(c, await rememberDevice(deps, playerId));
    return c.json({ ok: true as const });
  });

  // "No session" is a normal answer, not an error (issue 8 "A quiet console"): every visitor's
  // page load asks, so a missing, unknown, ended or idle session answers 204 No Content (and clears
  // the cookie) rather than a 401 that each browser would log as a failed request.
  routes.post('/session/refresh', async (c) => {
    const services = authServicesOf(c);
    const { db, clock, policy } = services;
    const now = clock();
    const session = await sessionFromCookie(c, db);
    const refuse = async (): Promise<Response> => {
      if (session && session.revoked_at === null) await revokeSession(db, session.id, now);
      clearSessionCookie(c);
      return c.body(null, 204);
    };
    if (!session || session.revoked_at !== null || isIdle(session, now, policy.idleLimitMs)) return refuse();
    const found = await createPlayerStore(db, clock).findById(session.player_id);
    if (!found) return refuse();
    const player = await liftEndedRestriction(db, found, now);
    // A player closed, blacklisted or on a break since the login keeps no session.
    if (loginRefusal(player, now)) return refuse();
    await touchSession(db, session.id, now);
    return c.json<LoginResponse>({
      idToken: await idTokenFor(services, player, session),
      lastAuth: session.last_auth_at?.toISOString() ?? null,
    });
  });

  routes.post('/sign_out', async (c) => {
    const services = authServicesOf(c);
    const now = services.clock();
    const check = await checkBearer(c, services);
    // An expired token still names its session: sign-out ends it all the same.
    if (check && 'claims' in check) await revokeSession(services.db, check.claims.player_access_id, now);
    const session = await sessionFromCookie(c, services.db);
    if (session) await revokeSession(services.db, session.id, now);
    clearSessionCookie(c);
    return c.json({ ok: true as const });
  });

  // ------------------------------------------------------------ the player's own account

  const accountDeps = (c: Context<AuthEnv>): AccountDeps => {
    const { db, clock } = authServicesOf(c);
    return { db, clock };
  };
  const currentPlayerOf = (c: Context<AuthEnv>): Promise<Player> => currentPlayer(accountDeps(c), c.get('authSession').playerId);

  routes.get('/profile', requireAuth, async (c) => c.json<PlayerProfile>(await profileOf(authServicesOf(c).db, await currentPlayerOf(c))));

  routes.get('/access/details', requireAuth, async (c) => c.json<AccessDetails>(accessDetailsFor(await currentPlayerOf(c))));

  routes.get('/transaction-summary', requireAuth, async (c) =>
    c.json<TransactionSummary>(await transactionSummary(accountDeps(c), c.get('authSession').playerId)),
  );

  routes.post('/update_term_and_condition_version', flowBodyLimit, requireAuth, async (c) => {
    const { version } = await parseJsonBody(c, termsAcceptSchema);
    await acceptTerms(accountDeps(c), c.get('authSession').playerId, version);
    return c.json({ ok: true as const });
  });

  routes.post('/password', flowBodyLimit, requireAuth, async (c) => {
    const { oldPassword, newPassword } = await parseJsonBody(c, passwordChangeSchema);
    const { playerId, sessionId } = c.get('authSession');
    await changePassword(loginDeps(c), { playerId, sessionId, oldPassword, newPassword, address: clientAddress(c, throttle.addressHeader) });
    return c.json({ ok: true as const });
  });

  return routes;
}
