import type { Kysely } from 'kysely';
import * as v from 'valibot';
import { joinMobilePhone } from '../../machines/lib/countries';
import { checkFirstLimit, firstLimitRule, limitCents, type FirstLimitCheck } from '../../machines/lib/payAndPlay';
import { LIMIT_DURATIONS, type LimitDuration } from '../../machines/lib/responsibleGambling';
import type { FieldError } from '../../src/api/errors';
import type { AuthorizeResponse, authorizeRequestSchema, updatePlayerRequestSchema, VerifyCodeResponse } from '../../src/api/payAndPlay';
import type { Database } from '../db/schema';
import { ERROR_CODES, HttpError } from '../http/errors';
import { FIELD_CODES, validationError } from '../http/validation';
import { accessDetailsFor, currentTermsVersion, liftEndedRestriction, loginRefusal } from './account-status';
import { lockWallet, postDeposit, toCents } from './ledger';
import {
  PAY_AND_PLAY_CODE_TTL_MS,
  PAY_AND_PLAY_SESSION_TTL_MS,
  countryOf,
  currencyOf,
  languageForCountry,
  parseDepositAmount,
} from '../domain/pay-and-play';
import { createPlayerStore, normalizeEmail, PlayerConflictError, type Player } from './players';
import { randomSecret, sha256Hex } from '../crypto/secrets';
import type { PlatformSettings, SettingsStore } from './settings';
import { checkPhoneWithProvider } from '../domain/vonage';
import type { PlatformProviders, SelfExclusionRegisterProvider } from '../providers/types';
import { registerSubjectOf, screenWithRegisters } from './self-exclusion-registers';
import {
  claimCode,
  findLiveSession,
  insertSession,
  lockLiveSession,
  markCancelled,
  markIdentified,
  markLoggedIn,
  markVerified,
  type PayAndPlaySession,
} from '../repositories/pay-and-play-sessions';
import { inTransaction } from '../repositories/transaction';
import { saveLimit } from '../repositories/limits';
import { depositLimitRule, limitError, rulesOf, type SelfLimitReached } from './limits';
import { walletNotFound } from './wallet';
import { recordOwedRefund, refundOwed } from './payment-refunds';

// Pay and play's rules (behaviour.md §4 "Pay and play", §7 "Pay and play"): a session for an amount,
// the bank's identification and its one-time code, the verification that finds or creates the
// player and pays the deposit (the limits' deposit rule, then the payment provider confirms and the
// ledger posts, once per session; issue 20: a deposit the limits refuse is refused at the bank step,
// and again at the verification if it gets there), the update that only fills what the player does not have yet, and the login.
// server/routes/pay-and-play.ts and the simulated bank page (server/providers/simulated-bankid.ts) map these to
// HTTP; the SQL is server/repositories/pay-and-play-sessions.ts and the player store.

export interface PayAndPlayDeps {
  db: Kysely<Database>;
  clock: () => Date;
  /** The market rules the deposit limits read (the player's market's required limits). */
  settings: Pick<SettingsStore, 'read'>;
}

export type AuthorizeInput = Omit<v.InferOutput<typeof authorizeRequestSchema>, 'amount'> & { amount: string };
export type UpdatePlayerInput = v.InferOutput<typeof updatePlayerRequestSchema>;
export type { PayAndPlaySession };

const codeInvalid = () => new HttpError(400, ERROR_CODES.payAndPlayCodeInvalid, 'The code is unknown, expired or already used.');
const sessionInvalid = (message = 'This pay-and-play session is unknown, expired or already finished.') =>
  new HttpError(400, ERROR_CODES.payAndPlaySessionInvalid, message);
const playerExists = () => new HttpError(409, ERROR_CODES.playerAlreadyExists, 'A player with this e-mail address is already registered.');

/** The fields of an update that would change what the player already has (the same value is no change). */
function lockedFieldsOf(player: Player, update: { email: string; phonePrefix: string; phoneBody: string }): FieldError[] {
  const locked: FieldError[] = [];
  if (player.email !== null && normalizeEmail(player.email) !== normalizeEmail(update.email)) {
    locked.push({ field: 'email', code: ERROR_CODES.payAndPlayUpdateFieldLocked });
  }
  const phone = player.phone_prefix !== null && player.phone_body !== null ? joinMobilePhone(player.phone_prefix, player.phone_body) : null;
  if (phone !== null && phone !== joinMobilePhone(update.phonePrefix, update.phoneBody)) {
    locked.push({ field: 'phoneBody', code: ERROR_CODES.payAndPlayUpdateFieldLocked });
  }
  return locked;
}

const fieldLocked = (fields: readonly FieldError[]) =>
  new HttpError(
    409,
    ERROR_CODES.payAndPlayUpdateFieldLocked,
    'This player already has an e-mail address or phone number; changing it needs a code (the account page).',
    fields,
  );

/** May this player log in and deposit through the bank? Throws the login codes of behaviour.md §8 otherwise. */
function checkMayDeposit(player: Player, now: Date): void {
  // A PRE_REGISTERED player here is a pay-and-play player who has not given an e-mail yet: fine.
  if (player.status !== 'PRE_REGISTERED') {
    const refusal = loginRefusal(player, now);
    if (refusal) throw refusal;
  }
  if (!accessDetailsFor(player).deposit) {
    throw new HttpError(403, ERROR_CODES.accessRestricted, 'Deposits are not available on this account.');
  }
}

/** The amount of GET /authorize (checked before the rest of the request): 400 error.paynplay.amount.invalid otherwise. */
export function depositAmountOf(raw: string | undefined): string {
  const amount = parseDepositAmount(raw);
  if (amount === null) throw new HttpError(400, ERROR_CODES.payAndPlayAmountInvalid, 'The amount is not a deposit this site takes.');
  return amount;
}

/** The refusal of a first limit the form's rule (checkFirstLimit) does not take: a 400 with its catalogue code. */
function firstLimitRefusal(check: Extract<FirstLimitCheck, { ok: false }>, duration: string): HttpError {
  switch (check.error) {
    case 'required':
      return validationError([{ field: 'limit', code: FIELD_CODES.required }]);
    case 'invalid':
    case 'fractionDigits':
      return validationError([{ field: 'limit', code: FIELD_CODES.amount }]);
    case 'period':
      return validationError([{ field: 'limitDuration', code: FIELD_CODES.invalid }]);
    case 'tooLow':
    case 'tooHigh':
      return limitError(check.error, LIMIT_DURATIONS.find((candidate) => candidate === duration));
  }
}

/**
 * Issue 21: the deposit limit a new player brings, where the market of the session's country
 * requires one before the first deposit (Sweden: any period; Germany: monthly, at most 1,000 EUR;
 * the operator's market rules apply): required there, checked by the form's rule, and the amount
 * may not exceed it. A limit given where none is required is not taken (the limits page sets it).
 */
function firstLimitOf(
  settings: Pick<PlatformSettings, 'marketRules'>,
  country: string,
  input: Pick<AuthorizeInput, 'amount' | 'limit' | 'limitDuration'>,
): { duration: LimitDuration; cents: number } | null {
  const rule = firstLimitRule(rulesOf(settings, { country_code: country }));
  if (rule === null) {
    if (input.limit !== undefined || input.limitDuration !== undefined) {
      throw validationError([{ field: input.limit !== undefined ? 'limit' : 'limitDuration', code: FIELD_CODES.invalid }]);
    }
    return null;
  }
  const duration = input.limitDuration?.trim() ?? '';
  const check = checkFirstLimit(input.limit ?? '', duration, rule);
  if (!check.ok) throw firstLimitRefusal(check, duration);
  if (toCents(input.amount) > BigInt(limitCents(check.limit))) {
    throw new HttpError(400, ERROR_CODES.payAndPlayAmountInvalid, 'The deposit is more than the deposit limit given with it.');
  }
  return { duration: check.duration, cents: limitCents(check.limit) };
}

/** GET /authorize: a session for the amount, and where the bank identifies the player. */
export async function authorize(deps: PayAndPlayDeps, providers: Pick<PlatformProviders, 'bankIdentification'>, input: AuthorizeInput): Promise<AuthorizeResponse> {
  const country = countryOf(input.country);
  if (country === null) throw new HttpError(403, ERROR_CODES.countryBlocked, 'Pay and play is not available in this country.');
  if (input.currency !== currencyOf(country)) throw validationError([{ field: 'currency', code: FIELD_CODES.currency }]);
  const firstLimit = firstLimitOf(await deps.settings.read(), country, input);
  const now = deps.clock();
  const sessionId = randomSecret(18);
  await insertSession(deps.db, {
    id: sessionId,
    amount: input.amount,
    currency: currencyOf(country),
    country,
    returnUrl: input.returnUrl,
    language: input.language ?? null,
    firstLimit,
    now,
    expiresAt: new Date(now.getTime() + PAY_AND_PLAY_SESSION_TTL_MS),
  });
  return { sessionId, redirectUrl: providers.bankIdentification.authorizeUrl(sessionId) };
}

/** The bank page's session: live, by an id of a sane length; undefined otherwise. */
export async function bankSession(deps: PayAndPlayDeps, id: string): Promise<PayAndPlaySession | undefined> {
  return id.length > 0 && id.length <= 200 ? findLiveSession(deps.db, id, deps.clock()) : undefined;
}

/** Identified or cancelled already: the bank page is finished with it. */
export function bankSessionFinished(session: PayAndPlaySession): boolean {
  return session.identified_at !== null || session.cancelled_at !== null;
}

/** The bank page's Cancel. */
export async function cancelAtBank(deps: PayAndPlayDeps, session: PayAndPlaySession): Promise<void> {
  await markCancelled(deps.db, session.id, deps.clock());
}

/** What the bank step ends with: a one-time code for the site, or the limits' refusal of the deposit. */
export type BankIdentification =
  | { kind: 'identified'; code: string }
  | { kind: 'refused'; refusal: SelfLimitReached }
  /** Issue 23: a self-exclusion register lists the person, or could not be asked: the refusal's code and text. */
  | { kind: 'excluded'; code: string; message: string }
  | { kind: 'finished' };

/** 409 SELF_LIMIT_REACHED with what the limit has left and when it resets (issue 20). */
export function selfLimitReached(refusal: SelfLimitReached): HttpError {
  return new HttpError(409, ERROR_CODES.selfLimitReached, 'Your limits do not allow this deposit; nothing was credited and the payment goes back to your bank account.', undefined, {
    limitLeft: refusal.limitLeft,
    limitType: refusal.limitType,
    resetOn: refusal.resetOn,
  });
}

/**
 * The deposit rule of the limits (server/services/limits.ts depositLimitRule) for a pay-and-play
 * deposit of `session` by `player`, in `trx`, under the player's wallet lock taken here. A new
 * person (no player yet) has no limits of their own; the market of the session's country may still
 * require one before a first deposit (Germany, the Netherlands, Sweden): the limit the person gave
 * with the amount (issue 21, checked at authorize, the amount within it) meets it, for they will
 * have it from the code check on. A session without one is refused.
 */
async function payAndPlayLimitRefusal(
  trx: Kysely<Database>,
  settings: Pick<PlatformSettings, 'marketRules'>,
  session: PayAndPlaySession,
  player: Player | undefined,
  now: Date,
): Promise<SelfLimitReached | null> {
  if (!player) {
    return rulesOf(settings, { country_code: session.country }).requiredDepositLimit === null || firstLimitOfSession(session) !== null
      ? null
      : { result: 'SELF_LIMIT_REACHED', limitLeft: null, limitType: 'deposit', resetOn: null, limitWarning: false };
  }
  const wallet = await lockWallet(trx, player.id);
  if (!wallet) throw walletNotFound();
  // Another currency is refused by the code check (the session's own message), not here.
  if (wallet.currency !== session.currency) return null;
  return depositLimitRule(trx, wallet, player, toCents(session.amount), now, settings);
}

/**
 * The bank identified the person (issue 20: where both the person and the amount are known, before
 * the bank takes the payment): a deposit the player's limits do not allow is refused here, and the
 * session ends (nothing is paid, no code is handed out). Otherwise the one-time code the player
 * brings back to the site (stored hashed). `finished`: another call identified or cancelled the
 * session first.
 */
export async function identifyAtBank(
  deps: PayAndPlayDeps,
  session: PayAndPlaySession,
  personid: string,
  registers: SelfExclusionRegisterProvider,
): Promise<BankIdentification> {
  const now = deps.clock();
  // Issue 23: the self-exclusion register of the bank's country (and of a known player's), before
  // the bank takes any payment; a refusal ends the session (no code, nothing paid, no one created).
  const known = await createPlayerStore(deps.db, deps.clock).findByPersonId(personid);
  const subject = known ? registerSubjectOf(known) : { playerId: null, email: null, personid, firstName: null, lastName: null, countryCode: session.country };
  try {
    await screenWithRegisters({ db: deps.db, clock: deps.clock, registers }, 'PAY_AND_PLAY', { ...subject, personid }, [session.country, subject.countryCode]);
  } catch (error) {
    if (!(error instanceof HttpError)) throw error;
    await markCancelled(deps.db, session.id, now);
    return { kind: 'excluded', code: error.code, message: error.message };
  }
  // Read before the transaction: on PGlite (one connection) a read outside it would wait for it.
  const settings = await deps.settings.read();
  const refusal = await inTransaction(deps.db, async (trx) => {
    const player = await createPlayerStore(trx, deps.clock).findByPersonId(personid);
    return payAndPlayLimitRefusal(trx, settings, session, player, now);
  });
  if (refusal !== null) {
    await markCancelled(deps.db, session.id, now);
    return { kind: 'refused', refusal };
  }
  const code = randomSecret(24);
  const identified = await markIdentified(deps.db, session.id, {
    personid,
    codeHash: sha256Hex(code),
    now,
    codeExpiresAt: new Date(now.getTime() + PAY_AND_PLAY_CODE_TTL_MS),
  });
  return identified ? { kind: 'identified', code } : { kind: 'finished' };
}

/** The first deposit limit the session carries (migration 0015), or null. */
function firstLimitOfSession(session: PayAndPlaySession): { duration: LimitDuration; cents: number } | null {
  const duration = LIMIT_DURATIONS.find((candidate) => candidate === session.limit_duration);
  return duration === undefined || session.limit_cents === null ? null : { duration, cents: session.limit_cents };
}

/** The limits refused a deposit the bank has paid: the transaction that found it rolls back. */
class DepositRefused extends Error {
  constructor(readonly refusal: SelfLimitReached) {
    super('The limits refuse this pay-and-play deposit.');
    this.name = 'DepositRefused';
  }
}

/**
 * POST /player/code: takes the code (single use), finds the player by the bank identity or creates
 * one (PRE_REGISTERED), and pays the amount in: the deposit rule of the limits (issue 20, under the
 * wallet lock, as every deposit path), then the payment provider confirms the bank's payment and
 * the ledger posts the deposit, both keyed by the session so that nothing is paid twice. A deposit
 * the limits refuse (it passed the bank step, and another deposit used the limit since) credits
 * nothing and creates no one: the code is taken and the refund recorded as owed, the provider returns
 * the payment (now, or the refund sweep later if it fails now), and the answer is 409 SELF_LIMIT_REACHED.
 */
export async function verifyPayAndPlayCode(
  deps: PayAndPlayDeps,
  providers: Pick<PlatformProviders, 'payments'>,
  input: { sessionId: string; oneTimeCode: string },
): Promise<VerifyCodeResponse> {
  const { db, clock } = deps;
  const now = clock();
  const codeHash = sha256Hex(input.oneTimeCode);
  const reference = `paynplay:${input.sessionId}`;
  // Read before the transaction: on PGlite (one connection) a read outside it would wait for it.
  const settings = await deps.settings.read();
  const verify = () =>
    inTransaction(db, async (trx) => {
      // Single use: only the first call with the code takes it (two concurrent calls: one wins).
      const session = await claimCode(trx, input.sessionId, codeHash, now);
      if (!session?.personid) throw codeInvalid();
      const store = createPlayerStore(trx, clock);
      const known = await store.findByPersonId(session.personid);
      let player =
        known ??
        (await store.create({
          email: null,
          personid: session.personid,
          // issue 8: the bank identified the person in the session's country (the route's
          // market when it serves one); the language is the route's.
          country_code: session.country,
          language_code: session.language ?? languageForCountry(session.country),
          currency_code: session.currency,
          status: 'PRE_REGISTERED',
          // The amount page says that continuing accepts the terms (behaviour.md §5: the
          // accepted version comes from the current terms).
          terms_accepted_version: currentTermsVersion(),
        }));
      player = await liftEndedRestriction(trx, player, now);
      checkMayDeposit(player, now);
      if (player.currency_code !== session.currency) {
        throw sessionInvalid(`This account holds ${player.currency_code}; the payment was in ${session.currency}.`);
      }
      // Issue 21: a new player's first deposit limit, given with the amount, applies at once (a
      // first limit always does) and before the deposit rule reads it. A player who existed keeps
      // their own limits: theirs change on the limits page, with its waiting periods.
      const firstLimit = firstLimitOfSession(session);
      if (known === undefined && firstLimit !== null) {
        await saveLimit(
          trx,
          { playerId: player.id, kind: 'deposit', duration: firstLimit.duration },
          { valueCents: firstLimit.cents, startedAt: now, updatedAt: now, pendingValueCents: null, pendingDelete: false, pendingDate: null },
        );
      }
      // Issue 20: the one deposit rule of the limits, under the wallet lock (the cashier runs the same).
      const refusal = await payAndPlayLimitRefusal(trx, settings, session, player, now);
      if (refusal !== null) throw new DepositRefused(refusal);
      await markVerified(trx, session.id, { playerId: player.id, now, expiresAt: new Date(now.getTime() + PAY_AND_PLAY_SESSION_TTL_MS) });
      // The bank has paid: the provider confirms the payment, then a real first deposit. Both once
      // per session: the code above is taken once, the provider gets the session's reference and
      // the ledger its idempotency key, so a replay confirms and credits nothing more.
      await providers.payments.confirmDeposit({ reference, amount: session.amount, currency: session.currency });
      await postDeposit(trx, {
        playerId: player.id,
        amount: session.amount,
        currency: session.currency,
        idempotencyKey: reference,
        reference,
        at: now,
      });
      return player;
    });
  const verified = async (): Promise<Player> => {
    try {
      return await verify();
    } catch (error) {
      // The same bank identity verified in two sessions at once: the other created the player.
      if (!(error instanceof PlayerConflictError)) throw error;
      return verify();
    }
  };
  let player: Player;
  try {
    player = await verified();
  } catch (error) {
    if (!(error instanceof DepositRefused)) throw error;
    // Nothing of the refused deposit stays (no player, no posting); the code is taken all the same,
    // so the refusal and the refund happen once: a second call with it is error.paynplay.code.invalid.
    // The refund is recorded as owed in the transaction that takes the code, then asked of the
    // provider after the commit: one the provider does not take stays owed for the sweep
    // (server/services/payment-refunds.ts), and the answer is the refusal all the same.
    const session = await inTransaction(db, async (trx) => {
      const claimed = await claimCode(trx, input.sessionId, codeHash, now);
      if (claimed) await recordOwedRefund(trx, { reference, amount: claimed.amount, currency: claimed.currency }, now);
      return claimed;
    });
    if (!session) throw codeInvalid();
    await refundOwed(deps, providers.payments, { reference, amount: session.amount, currency: session.currency });
    throw selfLimitReached(error.refusal);
  }
  return {
    email: player.email,
    mobilePhone: player.phone_prefix && player.phone_body ? joinMobilePhone(player.phone_prefix, player.phone_body) : null,
    playerId: player.id,
  };
}

/**
 * POST /player/update: the e-mail and phone of a verified session's player. The bank's
 * identification proves who the person is, not that an e-mail or a phone is theirs (issue 9): only
 * what the player does not have yet is filled; changing an existing one is the verified change on
 * the account page (a code to the new address).
 */
export async function updatePayAndPlayPlayer(deps: PayAndPlayDeps, input: UpdatePlayerInput): Promise<void> {
  const { db, clock } = deps;
  const session = await findLiveSession(db, input.sessionId, clock());
  if (!session || session.verified_at === null || session.logged_in_at !== null || session.player_id !== input.playerId) {
    throw sessionInvalid();
  }
  checkPhoneWithProvider(input.phoneBody);
  try {
    await inTransaction(db, async (trx) => {
      const store = createPlayerStore(trx, clock);
      // Locked for the check and the write: two updates at once cannot both fill a field.
      const player = await store.findByIdForUpdate(input.playerId);
      if (!player) throw sessionInvalid();
      const locked = lockedFieldsOf(player, input);
      if (locked.length > 0) throw fieldLocked(locked);
      const owner = await store.findByEmail(input.email);
      if (owner && owner.id !== input.playerId) throw playerExists();
      await store.update(input.playerId, {
        ...(player.email === null ? { email: input.email } : {}),
        ...(player.phone_prefix === null || player.phone_body === null ? { phone_prefix: input.phonePrefix, phone_body: input.phoneBody } : {}),
        // Identified by the bank, with an e-mail and a phone: an account now.
        ...(player.status === 'PRE_REGISTERED' ? { status: 'REGISTERED' as const } : {}),
      });
    });
  } catch (error) {
    if (error instanceof PlayerConflictError) throw playerExists();
    throw error;
  }
}

/**
 * POST /player/login: one login per verified session whose player has an e-mail and a phone. The
 * player and the session's tokens (recorded hashed); the route issues the login after the commit.
 */
export async function payAndPlayLogin(
  deps: PayAndPlayDeps,
  sessionId: string,
): Promise<{ player: Player; refreshToken: string; accessToken: string }> {
  const { db, clock } = deps;
  const now = clock();
  const refreshToken = randomSecret(32);
  const accessToken = randomSecret(32);
  const player = await inTransaction(db, async (trx) => {
    const session = await lockLiveSession(trx, sessionId, now);
    if (!session || session.verified_at === null || session.logged_in_at !== null || session.player_id === null) {
      throw sessionInvalid();
    }
    const found = await createPlayerStore(trx, clock).findById(session.player_id);
    if (!found) throw sessionInvalid();
    if (found.email === null || found.phone_prefix === null || found.phone_body === null) {
      throw sessionInvalid('Give an e-mail address and a phone number first (POST /paynplay/player/update).');
    }
    const current = await liftEndedRestriction(trx, found, now);
    const refusal = loginRefusal(current, now);
    if (refusal) throw refusal;
    await markLoggedIn(trx, session.id, { now, refreshTokenHash: sha256Hex(refreshToken), accessTokenHash: sha256Hex(accessToken) });
    return current;
  });
  return { player, refreshToken, accessToken };
}
