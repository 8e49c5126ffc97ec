import type { Kysely } from 'kysely';
import * as v from 'valibot';
import { COUNTRIES, isCountryCode } from '../../machines/lib/countries';
import { LANGUAGES } from '../../machines/lib/markets';
import type { FieldError } from '../../src/api/errors';
import type { CodeSent, RegistrationResponse, registrationRequestSchema } from '../../src/api/player';
import type { Database } from '../db/schema';
import { ERROR_CODES, HttpError } from '../http/errors';
import { FIELD_CODES, validationError } from '../http/validation';
import { currentTermsVersion } from './account-status';
import { codeTarget, requestCode, restartCodes, verifyCode } from './codes';
import { maskEmail, maskPhone } from './messages';
import { createPlayerStore, PlayerConflictError, type Player } from './players';
import { randomSecret, sameHash, sha256Hex } from '../crypto/secrets';
import { verificationFor } from '../domain/verification';
import { checkPhoneWithProvider } from '../domain/vonage';
import {
  completeRegistration,
  existsSameCustomer,
  findRegistration,
  insertRegistration,
  markVerified,
  registerPendingPlayer,
  replaceRegistrationToken,
  resetSmsVerification,
  setPendingPlayerPhone,
  type RegistrationRow,
} from '../repositories/registrations';
import { inTransaction } from '../repositories/transaction';
import type { ThrottlePolicy } from './throttle';
import type { SelfExclusionRegisterProvider } from '../providers/types';
import { screenWithRegisters } from './self-exclusion-registers';
import { onRegistered } from './bonuses';

// Registration's rules (behaviour.md §4 "Sign-up", §5, §8 "Sign-up and reset"; product.md §3
// "Registration"): a PRE_REGISTERED player with a registration secret, its SMS / e-mail codes, another
// phone while it is open, and the completion. server/routes/registration.ts maps these to HTTP; the SQL
// is server/repositories/registrations.ts and the player store.

export interface RegistrationDeps {
  db: Kysely<Database>;
  clock: () => Date;
  throttle: ThrottlePolicy;
}

export type RegistrationInput = v.InferOutput<typeof registrationRequestSchema>;
export interface RegistrationRef {
  playerId: number;
  token: string;
}
/**
 * Issue 23: the self-exclusion registers a sign-up is checked against: the register of the player's
 * country and of the country the request comes from (null when the platform does not know it).
 */
export interface RegistrationScreening {
  registers: SelfExclusionRegisterProvider;
  visitorCountry: string | null;
}
/** Who asks for a code (the per-address limits). */
export type Sender = { policy: ThrottlePolicy; address: string | null };

function tokenInvalid(): HttpError {
  return new HttpError(400, ERROR_CODES.registrationTokenInvalid, 'This registration is unknown, already completed or the token is wrong.');
}

function playerExists(): HttpError {
  return new HttpError(409, ERROR_CODES.playerAlreadyExists, 'A player with this e-mail address is already registered.');
}

function cpfTaken(): HttpError {
  return new HttpError(409, ERROR_CODES.cpfDuplicate, 'A player with this CPF is already registered.', [
    { field: 'cpf', code: ERROR_CODES.cpfDuplicate },
  ]);
}

/** behaviour.md §8: error.same.customer.info.detected, another player with the same name and phone. */
async function checkSameCustomer(
  db: Kysely<Database>,
  who: { firstName: string; lastName: string; phonePrefix: string; phoneBody: string },
  exceptPlayerId?: number,
): Promise<void> {
  if (await existsSameCustomer(db, who, exceptPlayerId)) {
    throw new HttpError(409, ERROR_CODES.sameCustomerInfo, 'A player with the same name and phone number is already registered.');
  }
}

function dropEmpty(affiliate: { aff_id?: string | undefined; appsflyer_token?: string | undefined }): Record<string, string> {
  const kept: Record<string, string> = {};
  if (affiliate.aff_id) kept.aff_id = affiliate.aff_id;
  if (affiliate.appsflyer_token) kept.appsflyer_token = affiliate.appsflyer_token;
  return kept;
}

/** The open registration a ref names, with its player; 400 error.registration.token.invalid otherwise. */
async function openRegistration(deps: RegistrationDeps, ref: RegistrationRef): Promise<RegistrationRow & { player: Player }> {
  const row = await findRegistration(deps.db, ref.playerId);
  if (!row || row.completed_at !== null || !sameHash(sha256Hex(ref.token), row.token_hash)) throw tokenInvalid();
  const player = await createPlayerStore(deps.db, deps.clock).findById(row.player_id);
  if (!player) throw tokenInvalid();
  return { ...row, player };
}

/** POST /player/registration: a PRE_REGISTERED player and the registration's secret. */
export async function register(deps: RegistrationDeps, input: RegistrationInput, screening: RegistrationScreening): Promise<RegistrationResponse> {
  const { db, clock } = deps;
  const countryCode = input.countryCode;
  if (!isCountryCode(countryCode)) throw new HttpError(403, ERROR_CODES.countryBlocked, 'Registration is not available in this country.');
  const errors: FieldError[] = [];
  if (input.mobilePhone !== `${input.phonePrefix}${input.phoneBody}`) errors.push({ field: 'mobilePhone', code: FIELD_CODES.phone });
  // behaviour.md §5: the accepted version comes from the current terms.
  if (input.termsAndConditionsAcceptedVersion !== currentTermsVersion()) {
    errors.push({ field: 'termsAndConditionsAcceptedVersion', code: FIELD_CODES.termsVersion });
  }
  const cpf = input.cpf === undefined || input.cpf === '' ? null : input.cpf;
  if (countryCode === 'BR' && cpf === null) errors.push({ field: 'cpf', code: FIELD_CODES.required });
  if (errors.length > 0) throw validationError(errors);

  checkPhoneWithProvider(input.phoneBody);
  const players = createPlayerStore(db, clock);
  const existing = await players.findByEmail(input.email);
  if (existing) {
    const replayed = await replayedRegistration(deps, existing, input);
    if (replayed) return replayed;
    throw playerExists();
  }
  await checkSameCustomer(db, input);
  if (cpf !== null && (await players.findByCpf(cpf))) throw cpfTaken();
  // Issue 23: a person a national self-exclusion register lists gets no account; nothing is created.
  const subject = { playerId: null, email: input.email, personid: null, firstName: input.firstName, lastName: input.lastName, countryCode };
  await screenWithRegisters({ db, clock, registers: screening.registers }, 'SIGNUP', subject, [countryCode, screening.visitorCountry]);

  const token = randomSecret(32);
  const verification = verificationFor(countryCode);
  const affiliate = input.affiliate ? dropEmpty(input.affiliate) : null;
  const player = await inTransaction(db, async (trx) => {
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
    await insertRegistration(trx, { playerId: created.id, tokenHash: sha256Hex(token), verification, now: clock() });
    return created;
  }).catch((error: unknown) => {
    // Two registrations at once with the same e-mail or CPF: the unique index decides.
    if (error instanceof PlayerConflictError) throw error.field === 'cpf' ? cpfTaken() : playerExists();
    throw error;
  });
  return { playerId: player.id, token, verification };
}

/**
 * The same registration sent again (issue 21: the app retries a registration whose answer did not
 * come in time, and the first request may have been saved): while that registration is open (the
 * player PRE_REGISTERED, not completed) and the replay carries the same details and the same
 * password, it is answered as the first was, with a new secret (the first answer's secret was lost
 * with it and is stored hashed), so the player goes on to verification instead of the Duplicated
 * step. Anything else is a duplicate (docs/SPEC-READINGS.md "A registration sent again").
 */
async function replayedRegistration(deps: RegistrationDeps, player: Player, input: RegistrationInput): Promise<RegistrationResponse | null> {
  if (player.status !== 'PRE_REGISTERED') return null;
  const row = await findRegistration(deps.db, player.id);
  if (!row || row.completed_at !== null) return null;
  const same =
    player.first_name === input.firstName &&
    player.last_name === input.lastName &&
    player.phone_prefix === input.phonePrefix &&
    player.phone_body === input.phoneBody &&
    player.country_code === input.countryCode;
  if (!same || !(await createPlayerStore(deps.db, deps.clock).verifyPassword(player, input.password))) return null;
  const token = randomSecret(32);
  if (!(await replaceRegistrationToken(deps.db, player.id, sha256Hex(token)))) return null;
  return { playerId: player.id, token, verification: row.verification };
}

/** POST /sms_request and /email_request: a code to the registration's phone or e-mail. */
export async function requestRegistrationCode(deps: RegistrationDeps, ref: RegistrationRef, channel: 'SMS' | 'EMAIL', sender: Sender): Promise<CodeSent> {
  const { player } = await openRegistration(deps, ref);
  const target = codeTarget('player', player.id);
  if (channel === 'SMS') {
    if (player.phone_prefix === null || player.phone_body === null) throw tokenInvalid();
    await requestCode(deps.db, {
      purpose: 'registration_sms',
      target,
      playerId: player.id,
      delivery: { channel: 'SMS', destination: `${player.phone_prefix}${player.phone_body}`, language: player.language_code },
      now: deps.clock(),
      sender,
    });
    return { sentTo: maskPhone(player.phone_prefix, player.phone_body) };
  }
  if (player.email === null) throw tokenInvalid();
  await requestCode(deps.db, {
    purpose: 'registration_email',
    target,
    playerId: player.id,
    delivery: { channel: 'EMAIL', destination: player.email, language: player.language_code },
    now: deps.clock(),
    sender,
  });
  return { sentTo: maskEmail(player.email) };
}

/** POST /sms_verification and /email_verification: the code checked and the channel marked verified. */
export async function verifyRegistrationCode(deps: RegistrationDeps, ref: RegistrationRef & { code: string }, channel: 'SMS' | 'EMAIL'): Promise<void> {
  const { player } = await openRegistration(deps, ref);
  const now = deps.clock();
  await verifyCode(deps.db, {
    purpose: channel === 'SMS' ? 'registration_sms' : 'registration_email',
    locator: { target: codeTarget('player', player.id) },
    playerId: player.id,
    code: ref.code,
    now,
  });
  await markVerified(deps.db, player.id, channel === 'SMS' ? 'sms' : 'email', now);
}

/**
 * POST /phone: another phone for a registration not completed yet (behaviour.md §4 "Sign-up": a phone
 * change after an earlier phone entry resets the SMS-sent and max-attempts flags). The player stays
 * the same; the codes sent to the old number stop verifying, the SMS counts start afresh (within
 * MAX_CODE_CONVERSATIONS), and an SMS verification of the old number no longer counts. The same phone
 * again changes nothing.
 */
export async function changeRegistrationPhone(deps: RegistrationDeps, ref: RegistrationRef & { phonePrefix: string; phoneBody: string }): Promise<void> {
  const { player } = await openRegistration(deps, ref);
  if (player.phone_prefix === ref.phonePrefix && player.phone_body === ref.phoneBody) return;
  checkPhoneWithProvider(ref.phoneBody);
  const who = { firstName: player.first_name ?? '', lastName: player.last_name ?? '', phonePrefix: ref.phonePrefix, phoneBody: ref.phoneBody };
  await checkSameCustomer(deps.db, who, player.id);
  const now = deps.clock();
  await inTransaction(deps.db, async (trx) => {
    await restartCodes(trx, { purpose: 'registration_sms', target: codeTarget('player', player.id), now });
    // Only while the registration is open: a completion in between leaves the phone as it was.
    if (!(await resetSmsVerification(trx, player.id))) throw tokenInvalid();
    await setPendingPlayerPhone(trx, player.id, { prefix: ref.phonePrefix, body: ref.phoneBody }, now);
  });
}

/**
 * PUT /: the verification the country asks for must be done; then the player is REGISTERED (the
 * route logs them in: behaviour.md §4 "Sign-up": "registration finishes with a login").
 */
export async function finishRegistration(deps: RegistrationDeps, ref: RegistrationRef): Promise<Player> {
  const registration = await openRegistration(deps, ref);
  const verified =
    registration.verification === 'NONE' ||
    (registration.verification === 'SMS' && registration.sms_verified_at !== null) ||
    (registration.verification === 'EMAIL' && registration.email_verified_at !== null);
  if (!verified) {
    throw new HttpError(400, ERROR_CODES.registrationIncomplete, `Verify the registration by ${registration.verification} first.`);
  }
  const now = deps.clock();
  return inTransaction(deps.db, async (trx) => {
    // Only one completion wins (a double click, two tabs).
    if (!(await completeRegistration(trx, registration.player_id, now))) throw tokenInvalid();
    const registered = await registerPendingPlayer(trx, registration.player_id, now);
    // Thrown inside the transaction: the completion is rolled back with it.
    if (!registered) throw tokenInvalid();
    // Issue 24: the registration trigger (a bonus code given at sign-up), in the same transaction.
    await onRegistered(trx, registered, now);
    return registered;
  });
}
