import { Hono, type Context } from 'hono';
import { getCookie, setCookie } from 'hono/cookie';
import type { LoginResponse } from '../../src/api/auth';
import { challengeTokenSchema, passkeyRegisterSchema, secondFactorProofSchema, totpConfirmSchema, type SecondFactorStatus } from '../../src/api/secondFactor';
import { requireAuth, type AuthEnv } from '../http/auth';
import { clientAddress } from '../http/client-address';
import { authServicesOf, issueLogin } from '../http/session-cookie';
import { flowBodyLimit, parseJsonBody } from '../http/validation';
import {
  confirmTotp,
  DEVICE_REMEMBER_MS,
  disableSecondFactor,
  enrolTotp,
  logInWithSecondFactor,
  openManageChallenge,
  passkeyAuthenticationOptions,
  passkeyRegistrationOptions,
  registerPasskey,
  renewRecoveryCodes,
  secondFactorStatus,
  verifyWithdrawalChallenge,
  type RelyingParty,
  type SecondFactorDeps,
} from '../services/second-factor';
import { LOGIN_METHODS } from '../services/sessions';
import { loginCountry, recordLogin } from '../services/login-history';
import type { CountrySources } from '../domain/access';
import type { ThrottlePolicy } from '../services/throttle';

// The account's second factor (issue 23; the contract and its list of calls: src/api/secondFactor.ts),
// mounted at /api/player/second_factor. The rules are server/services/second-factor.ts's; this file
// knows the wire: the relying party of the request and the HttpOnly device cookie.

/** The remembered-browser cookie: HttpOnly, only ever sent to the player API. */
export const DEVICE_COOKIE = 'aurora_device';
const DEVICE_COOKIE_PATH = '/api/player';

export interface SecondFactorRoutesOptions {
  throttle: ThrottlePolicy;
  /** SITE_URL: the site's origin, whose host is the passkeys' RP ID; the request's Origin when unset. */
  siteUrl?: string | undefined;
  /** Where the login history reads a login's country from (server/services/login-history.ts). */
  countrySources?: CountrySources | undefined;
}

function isHttps(c: Context): boolean {
  return new URL(c.req.url).protocol === 'https:' || c.req.header('x-forwarded-proto')?.split(',')[0]?.trim() === 'https';
}

/**
 * The relying party: SITE_URL when configured, else the browser's Origin header (the dev server and
 * the tests serve the app from another port than the platform), else the request's own origin.
 */
export function relyingPartyOf(c: Context, siteUrl: string | undefined): RelyingParty {
  const candidates = [siteUrl, c.req.header('origin'), new URL(c.req.url).origin];
  for (const candidate of candidates) {
    if (!candidate) continue;
    try {
      const url = new URL(candidate);
      if (url.protocol === 'https:' || url.protocol === 'http:') return { origin: url.origin, rpID: url.hostname };
    } catch {
      // not an origin: the next candidate
    }
  }
  const url = new URL(c.req.url);
  return { origin: url.origin, rpID: url.hostname };
}

/** The device token of the request's cookie, if any. */
export function deviceTokenOf(c: Context): string | undefined {
  return getCookie(c, DEVICE_COOKIE);
}

/** Remembers this browser for the player (after a right second factor or the e-mailed unlock link). */
export function setDeviceCookie(c: Context, token: string): void {
  setCookie(c, DEVICE_COOKIE, token, {
    httpOnly: true,
    sameSite: 'Strict',
    path: DEVICE_COOKIE_PATH,
    secure: isHttps(c),
    maxAge: DEVICE_REMEMBER_MS / 1000,
  });
}

export function secondFactorRoutes({ throttle, siteUrl, countrySources = { testMode: false } }: SecondFactorRoutesOptions): Hono<AuthEnv> {
  const routes = new Hono<AuthEnv>();
  const deps = (c: Context<AuthEnv>): SecondFactorDeps => {
    const { db, clock, policy } = authServicesOf(c);
    return { db, clock, throttle, lock: policy.lock };
  };
  const playerOf = (c: Context<AuthEnv>): number => c.get('authSession').playerId;
  const addressOf = (c: Context<AuthEnv>): string | null => clientAddress(c, throttle.addressHeader);
  const rp = (c: Context<AuthEnv>): RelyingParty => relyingPartyOf(c, siteUrl);

  routes.get('/', requireAuth, async (c) => c.json<SecondFactorStatus>(await secondFactorStatus(deps(c), playerOf(c))));

  routes.post('/totp/enrol', requireAuth, async (c) => c.json(await enrolTotp(deps(c), playerOf(c))));

  routes.post('/totp/confirm', flowBodyLimit, requireAuth, async (c) => {
    const { code } = await parseJsonBody(c, totpConfirmSchema);
    return c.json({ recoveryCodes: await confirmTotp(deps(c), playerOf(c), code, addressOf(c)) });
  });

  routes.post('/passkey/options', requireAuth, async (c) => c.json({ options: await passkeyRegistrationOptions(deps(c), playerOf(c), rp(c)) }));

  routes.post('/passkey/register', flowBodyLimit, requireAuth, async (c) => {
    const { response } = await parseJsonBody(c, passkeyRegisterSchema);
    return c.json({ recoveryCodes: await registerPasskey(deps(c), playerOf(c), response, rp(c)) });
  });

  routes.post('/challenge', requireAuth, async (c) => c.json(await openManageChallenge(deps(c), playerOf(c))));

  routes.post('/challenge/passkey', flowBodyLimit, async (c) => {
    const { challengeToken } = await parseJsonBody(c, challengeTokenSchema);
    return c.json({ options: await passkeyAuthenticationOptions(deps(c), challengeToken, rp(c)) });
  });

  routes.post('/login', flowBodyLimit, async (c) => {
    const proof = await parseJsonBody(c, secondFactorProofSchema);
    const d = deps(c);
    const { player, deviceToken } = await logInWithSecondFactor(d, proof, rp(c), addressOf(c));
    setDeviceCookie(c, deviceToken);
    // The login history lists the login now that its second factor let it through.
    const place = { address: addressOf(c), country: loginCountry((name) => c.req.header(name), countrySources) };
    await recordLogin(d.db, { playerId: player.id, at: d.clock(), place, loginMethod: LOGIN_METHODS.password });
    return c.json<LoginResponse>(await issueLogin(c, d.db, player, LOGIN_METHODS.password));
  });

  routes.post('/verify', flowBodyLimit, requireAuth, async (c) => {
    const proof = await parseJsonBody(c, secondFactorProofSchema);
    await verifyWithdrawalChallenge(deps(c), playerOf(c), proof, rp(c), addressOf(c));
    return c.json({ ok: true as const });
  });

  routes.post('/disable', flowBodyLimit, requireAuth, async (c) => {
    const proof = await parseJsonBody(c, secondFactorProofSchema);
    await disableSecondFactor(deps(c), playerOf(c), proof, rp(c), addressOf(c));
    return c.json({ ok: true as const });
  });

  routes.post('/recovery_codes', flowBodyLimit, requireAuth, async (c) => {
    const proof = await parseJsonBody(c, secondFactorProofSchema);
    return c.json({ recoveryCodes: await renewRecoveryCodes(deps(c), playerOf(c), proof, rp(c), addressOf(c)) });
  });

  return routes;
}
