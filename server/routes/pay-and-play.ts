import { Hono } from 'hono';
import type { Kysely } from 'kysely';
import * as v from 'valibot';
import {
  authorizeRequestSchema,
  loginRequestSchema,
  updatePlayerRequestSchema,
  verifyCodeRequestSchema,
  type AuthorizeResponse,
  type PayAndPlayLoginResponse,
  type VerifyCodeResponse,
} from '../../src/api/payAndPlay';
import type { Database } from '../db/schema';
import type { SettingsStore } from '../services/settings';
import type { SiteEnv } from '../http/site-context';
import { fieldErrorsOf, flowBodyLimit, parseJsonBody, validationError } from '../http/validation';
import { LOGIN_METHODS } from '../services/sessions';
import { issueLogin } from '../http/session-cookie';
import { providersOf } from '../providers';
import { clientAddress } from '../http/client-address';
import type { CountrySources } from '../domain/access';
import { loginCountry, recordLogin } from '../services/login-history';
import {
  authorize,
  depositAmountOf,
  payAndPlayLogin,
  updatePayAndPlayPlayer,
  verifyPayAndPlayCode,
  type PayAndPlayDeps,
} from '../services/pay-and-play';

// Pay and play (behaviour.md §4 "Pay and play", §7 "Pay and play"), mounted at /api/paynplay:
//   GET  /authorize?amount&currency&country&returnUrl → { sessionId, redirectUrl } (the bank page)
//   POST /player/code    { oneTimeCode, sessionId, ipAddress, blackbox } → { email, mobilePhone, playerId }
//        finds the player by the bank identity (or creates one, PRE_REGISTERED) and pays the
//        amount into their wallet: the limits' deposit rule, then the payment provider confirms and
//        a real ledger deposit, once per session (the session's reference and idempotency key);
//        409 SELF_LIMIT_REACHED when the limits refuse it (nothing credited, the payment refunded).
//   POST /player/update  { playerId, sessionId, email, phonePrefix, phoneBody } → { ok }
//   POST /player/login   { sessionId, metadata } → { idToken, lastAuth, refreshToken, accessToken }
// The bank page is the bank-identification provider's (server/providers; simulated: server/providers/simulated-bankid.ts).

// The rules are server/services/pay-and-play.ts; this file parses with the contract and maps to HTTP.

export interface PayAndPlayRoutesOptions {
  db: Kysely<Database>;
  clock: () => Date;
  settings: Pick<SettingsStore, 'read'>;
  /** Where a login came from, for the login history (server/services/login-history.ts). */
  loginPlace?: { addressHeader?: string | undefined; countrySources: CountrySources } | undefined;
}

export function payAndPlayRoutes({ db, clock, settings, loginPlace = { countrySources: { testMode: false } } }: PayAndPlayRoutesOptions): Hono<SiteEnv> {
  const routes = new Hono<SiteEnv>();
  const deps: PayAndPlayDeps = { db, clock, settings };
  routes.use('*', flowBodyLimit);

  routes.get('/authorize', async (c) => {
    const query = c.req.query();
    // The amount first (error.paynplay.amount.invalid), then the contract's schema
    // (src/api/payAndPlay.ts): the return path comes out normalised.
    const amount = depositAmountOf(query.amount);
    const parsed = v.safeParse(authorizeRequestSchema, query, { abortEarly: false });
    if (!parsed.success) throw validationError(fieldErrorsOf(parsed.issues));
    return c.json<AuthorizeResponse>(await authorize(deps, providersOf(c), { ...parsed.output, amount }));
  });

  routes.post('/player/code', async (c) => {
    const body = await parseJsonBody(c, verifyCodeRequestSchema);
    return c.json<VerifyCodeResponse>(await verifyPayAndPlayCode(deps, providersOf(c), body));
  });

  routes.post('/player/update', async (c) => {
    await updatePayAndPlayPlayer(deps, await parseJsonBody(c, updatePlayerRequestSchema));
    return c.json({ ok: true as const });
  });

  routes.post('/player/login', async (c) => {
    const body = await parseJsonBody(c, loginRequestSchema);
    const { player, refreshToken, accessToken } = await payAndPlayLogin(deps, body.sessionId);
    const place = { address: clientAddress(c, loginPlace.addressHeader), country: loginCountry((name) => c.req.header(name), loginPlace.countrySources) };
    await recordLogin(db, { playerId: player.id, at: clock(), place, loginMethod: LOGIN_METHODS.payAndPlay });
    // After the commit: issueLogin may read the signing secret through the app's own connection.
    const login = await issueLogin(c, db, player, LOGIN_METHODS.payAndPlay);
    return c.json<PayAndPlayLoginResponse>({ ...login, refreshToken, accessToken });
  });

  return routes;
}
