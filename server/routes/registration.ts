import { Hono } from 'hono';
import type { Kysely } from 'kysely';
import * as v from 'valibot';
import {
  registrationCodeSchema,
  registrationPhoneSchema,
  registrationRefSchema,
  registrationRequestSchema,
  type CodeSent,
  type RegistrationResponse,
} from '../../src/api/player';
import type { Database } from '../db/schema';
import { ERROR_CODES } from '../http/errors';
import type { SiteEnv } from '../http/site-context';
import { fieldErrorsOf, flowBodyLimit, parseJsonBody, readJsonObject, validationError } from '../http/validation';
import { LOGIN_METHODS } from '../services/sessions';
import { issueLogin } from '../http/session-cookie';
import {
  changeRegistrationPhone,
  finishRegistration,
  register,
  requestRegistrationCode,
  verifyRegistrationCode,
  type RegistrationDeps,
} from '../services/registration';
import { senderOf, type ThrottlePolicy } from '../services/throttle';
import { checkCaptcha } from './captcha';
import { resolveCountry, type CountrySources } from '../domain/access';
import { providersOf } from '../providers/context';

// Registration (behaviour.md §4 "Sign-up", §5, §7 "/player/registration", §8 "Sign-up and reset";
// product.md §3 "Registration"), mounted at /api/player/registration:
//   POST /                    the form's details (header hcaptchaToken) → 201 { playerId, token, verification }
//   POST /sms_request         { playerId, token } → { sentTo }       (and /email_request)
//   POST /sms_verification    { playerId, token, code } → { ok }     (and /email_verification)
//   POST /phone               { playerId, token, phonePrefix, phoneBody } → { ok }   (another phone)
//   PUT  /                    { playerId, token } → the automatic login (cookie + { idToken, lastAuth })
// The player is PRE_REGISTERED until the completion, REGISTERED after it. `token` is a secret of
// this registration, stored hashed: the next calls present it, so a player id alone opens nothing.

// The rules are server/services/registration.ts; this file parses with the contract and maps to HTTP.

export interface RegistrationRoutesOptions {
  db: Kysely<Database>;
  clock: () => Date;
  throttle: ThrottlePolicy;
  /** Where the visitor's country comes from (issue 23: its self-exclusion register is asked too). */
  countrySources?: CountrySources | undefined;
}

export function registrationRoutes({ db, clock, throttle, countrySources = { testMode: false } }: RegistrationRoutesOptions): Hono<SiteEnv> {
  const routes = new Hono<SiteEnv>();
  const deps: RegistrationDeps = { db, clock, throttle };
  routes.use('*', flowBodyLimit);

  routes.post('/', async (c) => {
    await checkCaptcha(c);
    // behaviour.md §5: a 400 without validation errors is the unhandled sign-up error.
    const body = await readJsonObject(c, ERROR_CODES.signupUnhandled);
    const parsed = v.safeParse(registrationRequestSchema, body, { abortEarly: false });
    if (!parsed.success) throw validationError(fieldErrorsOf(parsed.issues));
    // Issue 23: the national self-exclusion registers of the player's country and of the visitor's.
    const screening = { registers: providersOf(c).selfExclusionRegisters, visitorCountry: resolveCountry((name) => c.req.header(name), countrySources, '') || null };
    return c.json<RegistrationResponse>(await register(deps, parsed.output, screening), 201);
  });

  routes.post('/sms_request', async (c) => {
    const ref = await parseJsonBody(c, registrationRefSchema);
    return c.json<CodeSent>(await requestRegistrationCode(deps, ref, 'SMS', senderOf(c, throttle)));
  });

  routes.post('/email_request', async (c) => {
    const ref = await parseJsonBody(c, registrationRefSchema);
    return c.json<CodeSent>(await requestRegistrationCode(deps, ref, 'EMAIL', senderOf(c, throttle)));
  });

  routes.post('/sms_verification', async (c) => {
    await verifyRegistrationCode(deps, await parseJsonBody(c, registrationCodeSchema), 'SMS');
    return c.json({ ok: true as const });
  });

  routes.post('/email_verification', async (c) => {
    await verifyRegistrationCode(deps, await parseJsonBody(c, registrationCodeSchema), 'EMAIL');
    return c.json({ ok: true as const });
  });

  routes.post('/phone', async (c) => {
    await changeRegistrationPhone(deps, await parseJsonBody(c, registrationPhoneSchema));
    return c.json({ ok: true as const });
  });

  routes.put('/', async (c) => {
    const player = await finishRegistration(deps, await parseJsonBody(c, registrationRefSchema));
    // After the commit: issueLogin may read the signing secret through the app's own connection.
    return c.json(await issueLogin(c, db, player, LOGIN_METHODS.registration));
  });

  return routes;
}
