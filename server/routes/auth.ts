import { Hono, type Context } from 'hono';
import type { Kysely } from 'kysely';
import * as v from 'valibot';
import { loginRequestSchema, unlockRequestSchema, unlockSchema, type LoginResponse } from '../../src/api/auth';
import {
  newPasswordSchema,
  passwordChangeSchema,
  termsAcceptSchema,
  type AccessDetails,
  type PlayerProfile,
  type TransactionSummary,
} from '../../src/api/player';
import type { Database } from '../db/schema';
import { checkBearer, requireAuth, type AuthEnv } from '../http/auth';
import { ERROR_CODES, HttpError } from '../http/errors';
import { clientAddress } from '../http/client-address';
import { fieldErrorsOf, flowBodyLimit, parseJsonBody, validationError } from '../http/validation';
import { checkOldPassword, logIn, requestUnlock, unlock, type LoginDeps } from '../services/login';
import type { ThrottlePolicy } from '../services/throttle';
import { accessDetailsFor, currentTermsVersion, liftEndedRestriction, loginRefusal } from '../platform/account-status';
import { createPlayerStore, type Player } from '../platform/players';
import {
  authServicesOf,
  clearSessionCookie,
  idTokenFor,
  isIdle,
  issueLogin,
  LOGIN_METHODS,
  revokePlayerSessions,
  revokeSession,
  sessionFromCookie,
} from '../platform/sessions';

// Login, session and the player's own account, mounted at /api/player (behaviour.md §4 "Session",
// §7 "Player and account", §8 "Login"; issue 3 "Security"): login, session refresh from the
// HttpOnly cookie, sign-out, profile, access details, transaction summary, terms acceptance and
// password change.

const sessionExpired = () => new HttpError(401, ERROR_CODES.sessionExpired, 'Your session has ended. Please log in again.');

async function firstDepositDate(db: Kysely<Database>, playerId: number): Promise<string | null> {
  const row = await db
    .selectFrom('ledger_transactions')
    .select((eb) => eb.fn.min('created_at').as('first'))
    .where('player_id', '=', playerId)
    .where('kind', '=', 'DEPOSIT')
    .executeTakeFirst();
  const first = row?.first as Date | string | null | undefined;
  return first ? new Date(first).toISOString() : null;
}

async function depositCount(db: Kysely<Database>, playerId: number): Promise<number> {
  const row = await db
    .selectFrom('ledger_transactions')
    .select((eb) => eb.fn.countAll<string | number>().as('count'))
    .where('player_id', '=', playerId)
    .where('kind', '=', 'DEPOSIT')
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export async function profileOf(db: Kysely<Database>, player: Player): Promise<PlayerProfile> {
  return {
    playerId: player.id,
    email: player.email,
    firstName: player.first_name,
    lastName: player.last_name,
    phonePrefix: player.phone_prefix,
    phoneBody: player.phone_body,
    languageCode: player.language_code,
    currencyCode: player.currency_code,
    countryCode: player.country_code,
    provinceCode: player.province_code,
    personid: player.personid,
    kycStatus: player.kyc_status,
    // No document has been requested yet (the verification issue fills this).
    requestDocumentTypeStatus: '',
    firstLogin: player.first_login,
    firstDepositDate: await firstDepositDate(db, player.id),
    termsAndConditionsAcceptedVersion: player.terms_accepted_version,
    loyaltyLevel: null,
    limitLevel: null,
    status: player.status,
    access: accessDetailsFor(player),
  };
}

export interface AuthRoutesOptions {
  throttle: ThrottlePolicy;
  /** SITE_URL: the origin of the e-mailed unlock link; the request's own when unset. */
  siteUrl?: string | undefined;
}

export function authRoutes({ throttle, siteUrl }: AuthRoutesOptions): Hono<AuthEnv> {
  const routes = new Hono<AuthEnv>();
  const loginDeps = (c: Context<AuthEnv>): LoginDeps => {
    const { db, clock, policy } = authServicesOf(c);
    return { db, clock, throttle, lock: policy.lock };
  };

  routes.post('/login', flowBodyLimit, async (c) => {
    const { email, password } = await parseJsonBody(c, loginRequestSchema);
    const deps = loginDeps(c);
    const player = await logIn(deps, { email, password, address: clientAddress(c, throttle.addressHeader) });
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
    await unlock(loginDeps(c), key);
    return c.json({ ok: true as const });
  });

  routes.post('/session/refresh', async (c) => {
    const services = authServicesOf(c);
    const { db, clock, policy } = services;
    const now = clock();
    const session = await sessionFromCookie(c, db);
    const refuse = async (): Promise<never> => {
      if (session && session.revoked_at === null) await revokeSession(db, session.id, now);
      clearSessionCookie(c);
      throw sessionExpired();
    };
    if (!session || session.revoked_at !== null || isIdle(session, now, policy.idleLimitMs)) return refuse();
    const found = await createPlayerStore(db, clock).findById(session.player_id);
    if (!found) return refuse();
    const player = await liftEndedRestriction(db, found, now);
    // A player closed, blacklisted or on a break since the login keeps no session.
    if (loginRefusal(player, now)) return refuse();
    await db.updateTable('sessions').set({ last_seen_at: now }).where('id', '=', session.id).execute();
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

  const currentPlayer = async (c: Context<AuthEnv>): Promise<Player> => {
    const { db, clock } = authServicesOf(c);
    const found = await createPlayerStore(db, clock).findById(c.get('authSession').playerId);
    if (!found) throw sessionExpired();
    return liftEndedRestriction(db, found, clock());
  };

  routes.get('/profile', requireAuth, async (c) => {
    const player = await currentPlayer(c);
    return c.json<PlayerProfile>(await profileOf(authServicesOf(c).db, player));
  });

  routes.get('/access/details', requireAuth, async (c) => c.json<AccessDetails>(accessDetailsFor(await currentPlayer(c))));

  routes.get('/transaction-summary', requireAuth, async (c) =>
    c.json<TransactionSummary>({ totalDepositsCount: await depositCount(authServicesOf(c).db, c.get('authSession').playerId) }),
  );

  routes.post('/update_term_and_condition_version', flowBodyLimit, requireAuth, async (c) => {
    const { version } = await parseJsonBody(c, termsAcceptSchema);
    const current = currentTermsVersion();
    // behaviour.md §5: the accepted version comes from the current terms; no other can be accepted.
    if (version !== current) {
      throw new HttpError(400, ERROR_CODES.termsVersionInvalid, `Only the current terms (version ${String(current)}) can be accepted.`);
    }
    const { db, clock } = authServicesOf(c);
    await createPlayerStore(db, clock).update(c.get('authSession').playerId, { terms_accepted_version: version });
    return c.json({ ok: true as const });
  });

  routes.post('/password', flowBodyLimit, requireAuth, async (c) => {
    const { oldPassword, newPassword } = await parseJsonBody(c, passwordChangeSchema);
    const { db, clock } = authServicesOf(c);
    const players = createPlayerStore(db, clock);
    const player = await currentPlayer(c);
    // Counted like login attempts (issue 9): the old password cannot be guessed without limit.
    await checkOldPassword(loginDeps(c), player, oldPassword, clientAddress(c, throttle.addressHeader));
    const rule = v.safeParse(newPasswordSchema, { newPassword }, { abortEarly: false });
    if (!rule.success) throw validationError(fieldErrorsOf(rule.issues));
    await players.setPassword(player.id, newPassword);
    // OWASP ASVS 3.3.3: a new password ends the player's other sessions; this one goes on.
    await revokePlayerSessions(db, player.id, clock(), { except: c.get('authSession').sessionId });
    return c.json({ ok: true as const });
  });

  return routes;
}
