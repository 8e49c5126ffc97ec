import { Hono } from 'hono';
import type { Kysely } from 'kysely';
import * as v from 'valibot';
import { joinMobilePhone } from '../../machines/lib/countries';
import {
  authorizeRequestSchema,
  loginRequestSchema,
  updatePlayerRequestSchema,
  verifyCodeRequestSchema,
  type AuthorizeResponse,
  type PayAndPlayLoginResponse,
  type VerifyCodeResponse,
} from '../../src/api/payAndPlay';
import type { FieldError } from '../../src/api/errors';
import type { Database } from '../db/schema';
import { ERROR_CODES, HttpError } from '../http/errors';
import type { SiteEnv } from '../http/site-context';
import { FIELD_CODES, fieldErrorsOf, flowBodyLimit, parseJsonBody, validationError } from '../http/validation';
import { accessDetailsFor, currentTermsVersion, liftEndedRestriction, loginRefusal } from '../platform/account-status';
import { postDeposit } from '../platform/ledger';
import {
  PAY_AND_PLAY_SESSION_TTL_MS,
  countryOf,
  currencyOf,
  languageForCountry,
  liveSession,
  parseDepositAmount,
} from '../platform/payAndPlay';
import { createPlayerStore, normalizeEmail, PlayerConflictError, type Player } from '../platform/players';
import { randomSecret, sha256Hex } from '../platform/secrets';
import { issueLogin, LOGIN_METHODS } from '../platform/sessions';
import { checkPhoneWithProvider } from '../platform/vonage';
import { providersOf } from '../providers';

// Pay and play (behaviour.md §4 "Pay and play", §7 "Pay and play"), mounted at /api/paynplay:
//   GET  /authorize?amount&currency&country&returnUrl → { sessionId, redirectUrl } (the bank page)
//   POST /player/code    { oneTimeCode, sessionId, ipAddress, blackbox } → { email, mobilePhone, playerId }
//        finds the player by the bank identity (or creates one, PRE_REGISTERED) and pays the
//        amount into their wallet: a real ledger deposit, once per session (idempotency key).
//   POST /player/update  { playerId, sessionId, email, phonePrefix, phoneBody } → { ok }
//   POST /player/login   { sessionId, metadata } → { idToken, lastAuth, refreshToken, accessToken }
// The bank page is the bank-identification provider's (server/providers; simulated: server/routes/bankid.ts).

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

export function payAndPlayRoutes({ db, clock }: { db: Kysely<Database>; clock: () => Date }): Hono<SiteEnv> {
  const routes = new Hono<SiteEnv>();
  routes.use('*', flowBodyLimit);

  routes.get('/authorize', async (c) => {
    const query = c.req.query();
    const amount = parseDepositAmount(query.amount);
    if (amount === null) throw new HttpError(400, ERROR_CODES.payAndPlayAmountInvalid, 'The amount is not a deposit this site takes.');
    // The contract's schema (src/api/payAndPlay.ts): the return path comes out normalised.
    const parsed = v.safeParse(authorizeRequestSchema, query, { abortEarly: false });
    const errors: FieldError[] = parsed.success ? [] : fieldErrorsOf(parsed.issues);
    if (!parsed.success) throw validationError(errors);
    const { returnUrl, language } = parsed.output;
    const country = countryOf(parsed.output.country);
    if (country === null) throw new HttpError(403, ERROR_CODES.countryBlocked, 'Pay and play is not available in this country.');
    if (parsed.output.currency !== currencyOf(country)) throw validationError([{ field: 'currency', code: FIELD_CODES.currency }]);

    const now = clock();
    const sessionId = randomSecret(18);
    await db
      .insertInto('paynplay_sessions')
      .values({
        id: sessionId,
        amount,
        currency: currencyOf(country),
        country,
        return_url: returnUrl,
        language: language ?? null,
        created_at: now,
        expires_at: new Date(now.getTime() + PAY_AND_PLAY_SESSION_TTL_MS),
      })
      .execute();
    const answer: AuthorizeResponse = { sessionId, redirectUrl: providersOf(c).bankIdentification.authorizeUrl(sessionId) };
    return c.json(answer);
  });

  routes.post('/player/code', async (c) => {
    const body = await parseJsonBody(c, verifyCodeRequestSchema);
    const now = clock();
    const verify = () =>
      db.transaction().execute(async (trx) => {
        // Single use: only the first call with the code takes it (two concurrent calls: one wins).
        const session = await trx
          .updateTable('paynplay_sessions')
          .set({ code_used_at: now })
          .where('id', '=', body.sessionId)
          .where('one_time_code_hash', '=', sha256Hex(body.oneTimeCode))
          .where('code_used_at', 'is', null)
          .where('code_expires_at', '>', now)
          .where('cancelled_at', 'is', null)
          .returningAll()
          .executeTakeFirst();
        if (!session?.personid) throw codeInvalid();
        const store = createPlayerStore(trx, clock);
        let player =
          (await store.findByPersonId(session.personid)) ??
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
        await trx
          .updateTable('paynplay_sessions')
          .set({ player_id: player.id, verified_at: now, expires_at: new Date(now.getTime() + PAY_AND_PLAY_SESSION_TTL_MS) })
          .where('id', '=', session.id)
          .execute();
        // The bank has paid: a real first deposit, once per session whatever is replayed.
        await postDeposit(trx, {
          playerId: player.id,
          amount: session.amount,
          currency: session.currency,
          idempotencyKey: `paynplay:${session.id}`,
          reference: `paynplay:${session.id}`,
        });
        return player;
      });
    let player: Player;
    try {
      player = await verify();
    } catch (error) {
      // The same bank identity verified in two sessions at once: the other created the player.
      if (!(error instanceof PlayerConflictError)) throw error;
      player = await verify();
    }
    const answer: VerifyCodeResponse = {
      email: player.email,
      mobilePhone: player.phone_prefix && player.phone_body ? joinMobilePhone(player.phone_prefix, player.phone_body) : null,
      playerId: player.id,
    };
    return c.json(answer);
  });

  routes.post('/player/update', async (c) => {
    const body = await parseJsonBody(c, updatePlayerRequestSchema);
    const now = clock();
    const session = await liveSession(db, body.sessionId, now);
    if (!session || session.verified_at === null || session.logged_in_at !== null || session.player_id !== body.playerId) {
      throw sessionInvalid();
    }
    checkPhoneWithProvider(body.phoneBody);
    try {
      await db.transaction().execute(async (trx) => {
        const store = createPlayerStore(trx, clock);
        // Locked for the check and the write: two updates at once cannot both fill a field.
        const player = await trx.selectFrom('players').selectAll().where('id', '=', body.playerId).forUpdate().executeTakeFirst();
        if (!player) throw sessionInvalid();
        // issue 9: the bank's identification proves who the person is, not that an e-mail or a
        // phone is theirs: update only fills what the player does not have yet. Changing an
        // existing one is the verified change on the account page (a code to the new address).
        const locked = lockedFieldsOf(player, body);
        if (locked.length > 0) throw fieldLocked(locked);
        const owner = await store.findByEmail(body.email);
        if (owner && owner.id !== body.playerId) throw playerExists();
        await store.update(body.playerId, {
          ...(player.email === null ? { email: body.email } : {}),
          ...(player.phone_prefix === null || player.phone_body === null ? { phone_prefix: body.phonePrefix, phone_body: body.phoneBody } : {}),
          // Identified by the bank, with an e-mail and a phone: an account now.
          ...(player.status === 'PRE_REGISTERED' ? { status: 'REGISTERED' as const } : {}),
        });
      });
    } catch (error) {
      if (error instanceof PlayerConflictError) throw playerExists();
      throw error;
    }
    return c.json({ ok: true as const });
  });

  routes.post('/player/login', async (c) => {
    const body = await parseJsonBody(c, loginRequestSchema);
    const now = clock();
    const refreshToken = randomSecret(32);
    const accessToken = randomSecret(32);
    const player = await db.transaction().execute(async (trx) => {
      const session = await trx
        .selectFrom('paynplay_sessions')
        .selectAll()
        .where('id', '=', body.sessionId)
        .where('expires_at', '>', now)
        .forUpdate()
        .executeTakeFirst();
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
      // One login per session; the tokens are recorded hashed only.
      await trx
        .updateTable('paynplay_sessions')
        .set({ logged_in_at: now, refresh_token_hash: sha256Hex(refreshToken), access_token_hash: sha256Hex(accessToken) })
        .where('id', '=', session.id)
        .execute();
      return current;
    });
    // After the commit: issueLogin may read the signing secret through the app's own connection.
    const login = await issueLogin(c, db, player, LOGIN_METHODS.payAndPlay);
    const answer: PayAndPlayLoginResponse = { ...login, refreshToken, accessToken };
    return c.json(answer);
  });

  return routes;
}
