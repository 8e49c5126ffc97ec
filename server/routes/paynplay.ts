import { Hono } from 'hono';
import type { Kysely } from 'kysely';
import * as v from 'valibot';
import { joinMobilePhone } from '../../machines/lib/countries';
import type { PaynplayAuthorize, PaynplayLogin, PaynplayVerification } from '../../src/api/paynplay';
import type { Database } from '../db/schema';
import { ERROR_CODES, HttpError } from '../http/errors';
import type { SiteEnv } from '../http/site-context';
import {
  FIELD_CODES,
  emailField,
  flowBodyLimit,
  parseJsonBody,
  phoneBodyField,
  phonePrefixField,
  playerIdField,
  text,
  validationError,
} from '../http/validation';
import { accessDetailsFor, liftEndedRestriction, loginRefusal } from '../platform/account-status';
import { postDeposit } from '../platform/ledger';
import {
  PAYNPLAY_SESSION_TTL_MS,
  countryOf,
  currencyOf,
  isSameSitePath,
  languageForCountry,
  liveSession,
  parseDepositAmount,
} from '../platform/paynplay';
import { createPlayerStore, PlayerConflictError, type Player } from '../platform/players';
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

const secretField = text(200);
/** The client may not know its public address (a browser never does): empty is allowed; the platform reads the connection. */
const ipAddressField = v.pipe(v.string(FIELD_CODES.invalid), v.maxLength(64, FIELD_CODES.tooLong));
const codeSchema = v.object({
  oneTimeCode: secretField,
  sessionId: secretField,
  ipAddress: ipAddressField,
  blackbox: v.pipe(v.string(FIELD_CODES.invalid), v.maxLength(4096, FIELD_CODES.tooLong)),
});
const updateSchema = v.object({
  playerId: playerIdField,
  sessionId: secretField,
  email: emailField,
  phonePrefix: phonePrefixField,
  phoneBody: phoneBodyField,
});
const loginSchema = v.object({
  sessionId: secretField,
  metadata: v.object({
    blackbox: v.pipe(v.string(FIELD_CODES.invalid), v.maxLength(4096, FIELD_CODES.tooLong)),
    ipAddress: ipAddressField,
    country: v.pipe(v.string(FIELD_CODES.invalid), v.maxLength(2, FIELD_CODES.tooLong)),
  }),
});

const codeInvalid = () => new HttpError(400, ERROR_CODES.paynplayCodeInvalid, 'The code is unknown, expired or already used.');
const sessionInvalid = (message = 'This pay-and-play session is unknown, expired or already finished.') =>
  new HttpError(400, ERROR_CODES.paynplaySessionInvalid, message);
const playerExists = () => new HttpError(409, ERROR_CODES.playerAlreadyExists, 'A player with this e-mail address is already registered.');

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

export function paynplayRoutes({ db, clock }: { db: Kysely<Database>; clock: () => Date }): Hono<SiteEnv> {
  const routes = new Hono<SiteEnv>();
  routes.use('*', flowBodyLimit);

  routes.get('/authorize', async (c) => {
    const query = c.req.query();
    const amount = parseDepositAmount(query.amount);
    if (amount === null) throw new HttpError(400, ERROR_CODES.paynplayAmountInvalid, 'The amount is not a deposit this site takes.');
    const rawCountry = (query.country ?? '').trim().toUpperCase();
    if (!/^[A-Z]{2}$/.test(rawCountry)) throw validationError([{ field: 'country', code: FIELD_CODES.country }]);
    const country = countryOf(rawCountry);
    if (country === null) throw new HttpError(403, ERROR_CODES.countryBlocked, 'Pay and play is not available in this country.');
    const errors = [];
    if ((query.currency ?? '').trim().toUpperCase() !== currencyOf(country)) errors.push({ field: 'currency', code: FIELD_CODES.currency });
    const returnUrl = query.returnUrl ?? '';
    if (!isSameSitePath(returnUrl)) errors.push({ field: 'returnUrl', code: FIELD_CODES.returnUrl });
    if (errors.length > 0) throw validationError(errors);

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
        created_at: now,
        expires_at: new Date(now.getTime() + PAYNPLAY_SESSION_TTL_MS),
      })
      .execute();
    const answer: PaynplayAuthorize = { sessionId, redirectUrl: providersOf(c).bankIdentification.authorizeUrl(sessionId) };
    return c.json(answer);
  });

  routes.post('/player/code', async (c) => {
    const body = await parseJsonBody(c, codeSchema);
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
            country_code: session.country,
            language_code: languageForCountry(session.country),
            currency_code: session.currency,
            status: 'PRE_REGISTERED',
          }));
        player = await liftEndedRestriction(trx, player, now);
        checkMayDeposit(player, now);
        if (player.currency_code !== session.currency) {
          throw sessionInvalid(`This account holds ${player.currency_code}; the payment was in ${session.currency}.`);
        }
        await trx
          .updateTable('paynplay_sessions')
          .set({ player_id: player.id, verified_at: now, expires_at: new Date(now.getTime() + PAYNPLAY_SESSION_TTL_MS) })
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
    const answer: PaynplayVerification = {
      email: player.email,
      mobilePhone: player.phone_prefix && player.phone_body ? joinMobilePhone(player.phone_prefix, player.phone_body) : null,
      playerId: player.id,
    };
    return c.json(answer);
  });

  routes.post('/player/update', async (c) => {
    const body = await parseJsonBody(c, updateSchema);
    const now = clock();
    const session = await liveSession(db, body.sessionId, now);
    if (!session || session.verified_at === null || session.logged_in_at !== null || session.player_id !== body.playerId) {
      throw sessionInvalid();
    }
    checkPhoneWithProvider(body.phoneBody);
    const store = createPlayerStore(db, clock);
    const owner = await store.findByEmail(body.email);
    if (owner && owner.id !== body.playerId) throw playerExists();
    const player = await store.findById(body.playerId);
    if (!player) throw sessionInvalid();
    try {
      await store.update(body.playerId, {
        email: body.email,
        phone_prefix: body.phonePrefix,
        phone_body: body.phoneBody,
        // Identified by the bank, with an e-mail and a phone: an account now.
        ...(player.status === 'PRE_REGISTERED' ? { status: 'REGISTERED' as const } : {}),
      });
    } catch (error) {
      if (error instanceof PlayerConflictError) throw playerExists();
      throw error;
    }
    return c.json({ ok: true as const });
  });

  routes.post('/player/login', async (c) => {
    const body = await parseJsonBody(c, loginSchema);
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
    const login = await issueLogin(c, db, player, LOGIN_METHODS.paynplay);
    const answer: PaynplayLogin = { ...login, refreshToken, accessToken };
    return c.json(answer);
  });

  return routes;
}
