import { Hono } from 'hono';
import type { Kysely, Selectable } from 'kysely';
import * as v from 'valibot';
import { COUNTRIES, isCountryCode } from '../../machines/lib/countries';
import { LANGUAGES } from '../../machines/lib/markets';
import type { FieldError } from '../../src/api/errors';
import {
  registrationCodeSchema,
  registrationPhoneSchema,
  registrationRefSchema,
  registrationRequestSchema,
  type CodeSent,
  type RegistrationResponse,
} from '../../src/api/player';
import type { Database, RegistrationsTable } from '../db/schema';
import { ERROR_CODES, HttpError } from '../http/errors';
import type { SiteEnv } from '../http/site-context';
import { FIELD_CODES, fieldErrorsOf, flowBodyLimit, parseJsonBody, readJsonObject, validationError } from '../http/validation';
import { codeTarget, requestCode, restartCodes, verifyCode } from '../platform/codes';
import { maskEmail, maskPhone } from '../platform/messages';
import { createPlayerStore, PlayerConflictError, type Player } from '../platform/players';
import { randomSecret, sameHash, sha256Hex } from '../platform/secrets';
import { issueLogin, LOGIN_METHODS } from '../platform/sessions';
import { verificationFor } from '../platform/verification';
import { checkPhoneWithProvider } from '../platform/vonage';
import { currentTermsVersion } from '../platform/account-status';
import { senderOf, type ThrottlePolicy } from '../services/throttle';
import { checkCaptcha } from './captcha';

// Registration (behaviour.md §4 "Sign-up", §5, §7 "/player/registration", §8 "Sign-up and reset";
// product.md §3 "Registration"), mounted at /api/player/registration:
//   POST /                    the form's details (header hcaptchaToken) → 201 { playerId, token, verification }
//   POST /sms_request         { playerId, token } → { sentTo }       (and /email_request)
//   POST /sms_verification    { playerId, token, code } → { ok }     (and /email_verification)
//   POST /phone               { playerId, token, phonePrefix, phoneBody } → { ok }   (another phone)
//   PUT  /                    { playerId, token } → the automatic login (cookie + { idToken, lastAuth })
// The player is PRE_REGISTERED until the completion, REGISTERED after it. `token` is a secret of
// this registration, stored hashed: the next calls present it, so a player id alone opens nothing.

export interface RegistrationRoutesOptions {
  db: Kysely<Database>;
  clock: () => Date;
  captchaSecret: string;
  throttle: ThrottlePolicy;
}


function tokenInvalid(): HttpError {
  return new HttpError(400, ERROR_CODES.registrationTokenInvalid, 'This registration is unknown, already completed or the token is wrong.');
}

type Registration = Selectable<RegistrationsTable> & { player: Player };

export function registrationRoutes({ db, clock, captchaSecret, throttle }: RegistrationRoutesOptions): Hono<SiteEnv> {
  const routes = new Hono<SiteEnv>();
  const players = createPlayerStore(db, clock);
  routes.use('*', flowBodyLimit);

  /** The open registration the body names, with its player; 400 error.registration.token.invalid otherwise. */
  async function openRegistration(ref: { playerId: number; token: string }): Promise<Registration> {
    const row = await db.selectFrom('registrations').selectAll().where('player_id', '=', ref.playerId).executeTakeFirst();
    if (!row || row.completed_at !== null || !sameHash(sha256Hex(ref.token), row.token_hash)) throw tokenInvalid();
    const player = await players.findById(row.player_id);
    if (!player) throw tokenInvalid();
    return { ...row, player };
  }

  routes.post('/', async (c) => {
    checkCaptcha(c, captchaSecret);
    // behaviour.md §5: a 400 without validation errors is the unhandled sign-up error.
    const body = await readJsonObject(c, ERROR_CODES.signupUnhandled);
    const parsed = v.safeParse(registrationRequestSchema, body, { abortEarly: false });
    if (!parsed.success) throw validationError(fieldErrorsOf(parsed.issues));
    const input = parsed.output;

    const countryCode = input.countryCode;
    if (!isCountryCode(countryCode)) {
      throw new HttpError(403, ERROR_CODES.countryBlocked, 'Registration is not available in this country.');
    }
    const errors: FieldError[] = [];
    const mobilePhone = `${input.phonePrefix}${input.phoneBody}`;
    if (input.mobilePhone !== mobilePhone) errors.push({ field: 'mobilePhone', code: FIELD_CODES.phone });
    // behaviour.md §5: the accepted version comes from the current terms.
    if (input.termsAndConditionsAcceptedVersion !== currentTermsVersion()) {
      errors.push({ field: 'termsAndConditionsAcceptedVersion', code: FIELD_CODES.termsVersion });
    }
    const cpf = input.cpf === undefined || input.cpf === '' ? null : input.cpf;
    if (countryCode === 'BR' && cpf === null) errors.push({ field: 'cpf', code: FIELD_CODES.required });
    if (errors.length > 0) throw validationError(errors);

    checkPhoneWithProvider(input.phoneBody);

    if (await players.findByEmail(input.email)) throw playerExists();
    await checkSameCustomer(db, input);
    if (cpf !== null && (await players.findByCpf(cpf))) throw cpfTaken();

    const token = randomSecret(32);
    const verification = verificationFor(countryCode);
    const affiliate = input.affiliate ? dropEmpty(input.affiliate) : null;
    const player = await db
      .transaction()
      .execute(async (trx) => {
        const created = await createPlayerStore(trx, clock).create({
          email: input.email,
          password: input.password,
          first_name: input.firstName,
          last_name: input.lastName,
          phone_prefix: input.phonePrefix,
          phone_body: input.phoneBody,
          country_code: countryCode,
          // behaviour.md §5: caf is sent (and kept) as fr.
          language_code: LANGUAGES[input.languageCode].apiLanguage,
          currency_code: COUNTRIES[countryCode].currency,
          cpf,
          status: 'PRE_REGISTERED',
          terms_accepted_version: input.termsAndConditionsAcceptedVersion,
          marketing_opt_in: input.marketingOptIn,
          cookie_policy_accepted: input.cookiePolicyAccepted,
          bonus_code: input.bonusCode === undefined || input.bonusCode === '' ? null : input.bonusCode,
          affiliate: affiliate && Object.keys(affiliate).length > 0 ? affiliate : null,
        });
        await trx
          .insertInto('registrations')
          .values({ player_id: created.id, token_hash: sha256Hex(token), verification, created_at: clock() })
          .execute();
        return created;
      })
      .catch((error: unknown) => {
        // Two registrations at once with the same e-mail or CPF: the unique index decides.
        if (error instanceof PlayerConflictError) throw error.field === 'cpf' ? cpfTaken() : playerExists();
        throw error;
      });
    const answer: RegistrationResponse = { playerId: player.id, token, verification };
    return c.json(answer, 201);
  });

  routes.post('/sms_request', async (c) => {
    const ref = await parseJsonBody(c, registrationRefSchema);
    const { player } = await openRegistration(ref);
    if (player.phone_prefix === null || player.phone_body === null) throw tokenInvalid();
    const now = clock();
    await requestCode(db, {
      purpose: 'registration_sms',
      target: codeTarget('player', player.id),
      playerId: player.id,
      delivery: { channel: 'SMS', destination: `${player.phone_prefix}${player.phone_body}`, language: player.language_code },
      now,
      sender: senderOf(c, throttle),
    });
    const answer: CodeSent = { sentTo: maskPhone(player.phone_prefix, player.phone_body) };
    return c.json(answer);
  });

  routes.post('/email_request', async (c) => {
    const ref = await parseJsonBody(c, registrationRefSchema);
    const { player } = await openRegistration(ref);
    if (player.email === null) throw tokenInvalid();
    await requestCode(db, {
      purpose: 'registration_email',
      target: codeTarget('player', player.id),
      playerId: player.id,
      delivery: { channel: 'EMAIL', destination: player.email, language: player.language_code },
      now: clock(),
      sender: senderOf(c, throttle),
    });
    const answer: CodeSent = { sentTo: maskEmail(player.email) };
    return c.json(answer);
  });

  routes.post('/sms_verification', async (c) => {
    const body = await parseJsonBody(c, registrationCodeSchema);
    const { player } = await openRegistration(body);
    const now = clock();
    await verifyCode(db, {
      purpose: 'registration_sms',
      locator: { target: codeTarget('player', player.id) },
      playerId: player.id,
      code: body.code,
      now,
    });
    await db.updateTable('registrations').set({ sms_verified_at: now }).where('player_id', '=', player.id).execute();
    return c.json({ ok: true as const });
  });

  routes.post('/email_verification', async (c) => {
    const body = await parseJsonBody(c, registrationCodeSchema);
    const { player } = await openRegistration(body);
    const now = clock();
    await verifyCode(db, {
      purpose: 'registration_email',
      locator: { target: codeTarget('player', player.id) },
      playerId: player.id,
      code: body.code,
      now,
    });
    await db.updateTable('registrations').set({ email_verified_at: now }).where('player_id', '=', player.id).execute();
    return c.json({ ok: true as const });
  });

  // Another phone for a registration not completed yet (behaviour.md §4 "Sign-up": a phone change
  // after an earlier phone entry resets the SMS-sent and max-attempts flags). The player stays the
  // same (a second registration with the e-mail would be a duplicate); the codes sent to the old
  // number stop verifying, the SMS counts start afresh (within MAX_CODE_CONVERSATIONS), and an SMS
  // verification of the old number no longer counts. The same phone again changes nothing.
  routes.post('/phone', async (c) => {
    const body = await parseJsonBody(c, registrationPhoneSchema);
    const { player } = await openRegistration(body);
    if (player.phone_prefix === body.phonePrefix && player.phone_body === body.phoneBody) return c.json({ ok: true as const });
    checkPhoneWithProvider(body.phoneBody);
    const firstName = player.first_name ?? '';
    const lastName = player.last_name ?? '';
    await checkSameCustomer(db, { firstName, lastName, phonePrefix: body.phonePrefix, phoneBody: body.phoneBody }, player.id);
    const now = clock();
    await db.transaction().execute(async (trx) => {
      await restartCodes(trx, { purpose: 'registration_sms', target: codeTarget('player', player.id), now });
      // Only while the registration is open: a completion in between leaves the phone as it was.
      const changed = await trx
        .updateTable('registrations')
        .set({ sms_verified_at: null })
        .where('player_id', '=', player.id)
        .where('completed_at', 'is', null)
        .returning('player_id')
        .executeTakeFirst();
      if (!changed) throw tokenInvalid();
      await trx
        .updateTable('players')
        .set({ phone_prefix: body.phonePrefix, phone_body: body.phoneBody, updated_at: now })
        .where('id', '=', player.id)
        .where('status', '=', 'PRE_REGISTERED')
        .execute();
    });
    return c.json({ ok: true as const });
  });

  // Completion: the verification the country asks for must be done; then the automatic login
  // (behaviour.md §4 "Sign-up": "registration finishes with a login").
  routes.put('/', async (c) => {
    const ref = await parseJsonBody(c, registrationRefSchema);
    const registration = await openRegistration(ref);
    const verified =
      registration.verification === 'NONE' ||
      (registration.verification === 'SMS' && registration.sms_verified_at !== null) ||
      (registration.verification === 'EMAIL' && registration.email_verified_at !== null);
    if (!verified) {
      throw new HttpError(400, ERROR_CODES.registrationIncomplete, `Verify the registration by ${registration.verification} first.`);
    }
    const now = clock();
    const player = await db.transaction().execute(async (trx) => {
      // Only one completion wins (a double click, two tabs).
      const completed = await trx
        .updateTable('registrations')
        .set({ completed_at: now })
        .where('player_id', '=', registration.player_id)
        .where('completed_at', 'is', null)
        .returning('player_id')
        .executeTakeFirst();
      if (!completed) throw tokenInvalid();
      const registered = await trx
        .updateTable('players')
        .set({ status: 'REGISTERED', updated_at: now })
        .where('id', '=', registration.player_id)
        .where('status', '=', 'PRE_REGISTERED')
        .returningAll()
        .executeTakeFirst();
      // Thrown inside the transaction: the completion is rolled back with it.
      if (!registered) throw tokenInvalid();
      return registered;
    });
    // After the commit: issueLogin may read the signing secret through the app's own connection.
    return c.json(await issueLogin(c, db, player, LOGIN_METHODS.registration));
  });

  return routes;
}

/** behaviour.md §8: error.same.customer.info.detected, another player with the same name and phone. */
async function checkSameCustomer(
  db: Kysely<Database>,
  who: { firstName: string; lastName: string; phonePrefix: string; phoneBody: string },
  exceptPlayerId?: number,
): Promise<void> {
  let query = db
    .selectFrom('players')
    .select('id')
    .where((eb) => eb(eb.fn('lower', [eb.ref('first_name')]), '=', who.firstName.toLowerCase()))
    .where((eb) => eb(eb.fn('lower', [eb.ref('last_name')]), '=', who.lastName.toLowerCase()))
    .where('phone_prefix', '=', who.phonePrefix)
    .where('phone_body', '=', who.phoneBody);
  if (exceptPlayerId !== undefined) query = query.where('id', '!=', exceptPlayerId);
  if (await query.executeTakeFirst()) {
    throw new HttpError(409, ERROR_CODES.sameCustomerInfo, 'A player with the same name and phone number is already registered.');
  }
}

function playerExists(): HttpError {
  return new HttpError(409, ERROR_CODES.playerAlreadyExists, 'A player with this e-mail address is already registered.');
}

function cpfTaken(): HttpError {
  return new HttpError(409, ERROR_CODES.cpfDuplicate, 'A player with this CPF is already registered.', [
    { field: 'cpf', code: ERROR_CODES.cpfDuplicate },
  ]);
}

function dropEmpty(affiliate: { aff_id?: string | undefined; appsflyer_token?: string | undefined }): Record<string, string> {
  const kept: Record<string, string> = {};
  if (affiliate.aff_id) kept.aff_id = affiliate.aff_id;
  if (affiliate.appsflyer_token) kept.appsflyer_token = affiliate.appsflyer_token;
  return kept;
}
