import * as v from 'valibot';
import { FIELD_CODES } from '../../machines/lib/errorCodes';

// The seamless wallet's contract for game providers (issue 11; issue 20 "Money trust"), server to
// server, mounted at /api/provider/wallet (server/routes/provider-wallet.ts; the rules are
// server/services/game-wallet.ts). It is what the operator APIs of the aggregators ask of an
// operator's wallet, written for a provider's developer to follow.
//
//   POST /balance   { playerId, sessionToken }                                                       -> BalanceAnswer
//   POST /bet       { playerId, sessionToken, transactionId, roundId, gameId, vertical, amount, currency } -> OperationAnswer
//   POST /win       { playerId, transactionId, roundId, gameId, vertical, amount, currency, sessionToken? } -> OperationAnswer
//   POST /rollback  { playerId, transactionId, betTransactionId, roundId, sessionToken? }              -> OperationAnswer
//
// ## Keys and signatures
//
// Every provider has keys of its own (server/services/provider-keys.ts; the operator hands a key id
// and its secret to the provider, `npm run provider-keys -- rotate <provider>` makes one). A call is
// JSON with three headers:
//
//   X-Wallet-Key-Id:    the key's id
//   X-Wallet-Timestamp: the time the call is sent, in whole seconds since 1970 (UTC)
//   X-Wallet-Signature: sha256=<hex HMAC-SHA256 under the key's secret of "<timestamp>.<raw body>">
//
// The provider of a call is its key's: a `provider` field in a body is ignored. A call with an
// unknown or retired key, a wrong signature, or a timestamp more than WALLET_SIGNATURE_WINDOW_S
// from the platform's clock is 401 error.token.invalid and does nothing. Keys rotate without
// downtime: after a rotation both the new and the previous key are good until the previous one is
// retired, so a provider deploys the new key, then the operator retires the old one.
//
// Worked example (the secret is "0123456789abcdef0123456789abcdef", the key id "acme.k2026"):
//
//   body      = {"playerId":42,"sessionToken":"Q2hlY2tz...","transactionId":"t-1001","roundId":"r-77",
//                "gameId":"starburst","vertical":"CASINO","amount":"1.50","currency":"EUR"}
//   timestamp = 1795000000
//   signed    = "1795000000." + body   (the exact bytes sent, UTF-8)
//   header    = "sha256=" + hex(HMAC_SHA256(secret, signed))
//
//   node -e 'const c=require("crypto");const b=process.argv[1];const t=Math.floor(Date.now()/1000);
//     console.log(t, "sha256="+c.createHmac("sha256",process.env.SECRET).update(t+"."+b).digest("hex"))' "$BODY"
//
// tests/server/provider-wallet-keys.test.ts checks this example's arithmetic.
//
// ## Sessions
//
// A real-money launch hands the provider a game session token (the launch URL carries it; the
// demo provider keeps it in its launch token). It belongs to the player's login: a balance or a bet
// with a token whose login has ended (logout, 30 minutes idle, the session's lifetime, a break,
// account closure) is 401 error.session.expired, and the game tells the player to log in again. A
// win or a rollback may come after the login ended (a live table settles later) and is paid.
//
// ## Rounds
//
// A round (the provider's roundId) belongs to one player and game. Its first bet opens it (OPEN);
// more bets may join it while it is open. A win must name a round of the same player, game and
// vertical that had a bet (404 error.round.not_found otherwise: no win without a bet) and settles it
// (SETTLED; more wins of the round may follow). The round's wins together are at most its stake
// (its bets not voided) times the provider's maxWinMultiplier (PROVIDER_WIN_MULTIPLIERS; 409
// error.win.limit_exceeded, nothing paid). A rollback voids one bet of an open round: the stake
// goes back (BET_VOID) and when no bet of the round is left it is ROLLED_BACK. A rollback of a bet
// whose round has paid a win is refused (409 error.round.settled: this contract keeps the win and
// the stake; a provider that must cancel a paid round settles it with the operator), and a bet or a
// win on a rolled-back round, or a bet on a settled one, is 409 error.round.closed. A rollback may
// come before its bet (the provider gave up waiting for the BET's answer): it answers SUCCESS with
// nothing moved (referenceId null), and the bet, if it still arrives, is 409 error.round.closed and
// takes nothing.
//
// ## Answers
//
// Amounts are decimal strings in the player's account currency ("1.50"; JPY and CLP whole). A bet,
// win or rollback is idempotent by the provider's transactionId: the same id with the same body
// answers the stored answer and moves nothing; the same id with another body is 409
// error.idempotency.conflict. result: SUCCESS, NOT_ENOUGH_FUNDS (a bet above MAIN: nothing posted),
// RESTRICTED (a bet while the player may not play the vertical), SELF_SPEND_LIMIT_REACHED (issue
// 13: a bet that, lost, would take the player's loss of the period past their spend limit: nothing
// posted; the provider tells the player so). Wins and rollbacks are never refused for the player's
// account state. Other errors: 400 error.validation (errors [{ field, code }]), 404
// error.wallet.not_found (no such player or wallet), and the round and session errors above.

/** The header naming the key that signed a call. */
export const WALLET_KEY_ID_HEADER = 'X-Wallet-Key-Id';
/** The header with the time the call was signed, in whole seconds since 1970. */
export const WALLET_TIMESTAMP_HEADER = 'X-Wallet-Timestamp';
/** The header of the HMAC of "<timestamp>.<body>". */
export const WALLET_SIGNATURE_HEADER = 'X-Wallet-Signature';
/** How far a call's timestamp may be from the platform's clock, either way (clocks on NTP agree far closer). */
export const WALLET_SIGNATURE_WINDOW_S = 120;

/**
 * The bound each provider's contract sets on a round's wins: at most this many times the round's
 * stake. The demo provider's best possible round is its slot's five sevens on all ten lines
 * (2,500 times the stake: server/providers/demo-games/slot.ts); a provider without an entry gets
 * the common certification cap of 5,000 times.
 */
export const PROVIDER_WIN_MULTIPLIERS: Readonly<Record<string, number>> = { 'aurora-demo': 2_500 };
export const DEFAULT_WIN_MULTIPLIER = 5_000;

export function maxWinMultiplierOf(provider: string): number {
  return PROVIDER_WIN_MULTIPLIERS[provider] ?? DEFAULT_WIN_MULTIPLIER;
}

/** The verticals a game provider plays in; each is the history's category of its bets and wins. */
export const GAME_VERTICALS = ['CASINO', 'LIVE_CASINO', 'SPORTS', 'VIRTUAL_SPORTS'] as const;
export type GameVertical = (typeof GAME_VERTICALS)[number];

/** A provider's id of a transaction, round or game. */
const externalId = v.pipe(v.string(FIELD_CODES.invalid), v.regex(/^[A-Za-z0-9][A-Za-z0-9_.:-]{0,99}$/, FIELD_CODES.invalid));
const playerId = v.pipe(v.number(FIELD_CODES.invalid), v.integer(FIELD_CODES.invalid), v.minValue(1, FIELD_CODES.invalid), v.maxValue(2_147_483_647, FIELD_CODES.invalid));
const amount = v.pipe(v.string(FIELD_CODES.amount), v.regex(/^\d{1,12}(\.\d{1,2})?$/, FIELD_CODES.amount));
const currency = v.pipe(v.string(FIELD_CODES.currency), v.regex(/^[A-Z]{3}$/, FIELD_CODES.currency));
/** The game session token of a real-money launch (server/services/game-launch.ts). */
export const sessionTokenSchema = v.pipe(v.string(FIELD_CODES.invalid), v.regex(/^[A-Za-z0-9_-]{16,128}$/, FIELD_CODES.invalid));

/**
 * The balance of a live game session. With the game's `vertical` (issue 24) the answer is what the
 * game may play with: MAIN and the bonus of that vertical, as the answers to its bets say; without
 * it, MAIN alone.
 */
export const balanceRequestSchema = v.object({ playerId, sessionToken: sessionTokenSchema, vertical: v.optional(v.picklist(GAME_VERTICALS, FIELD_CODES.invalid)) });
export type BalanceRequest = v.InferOutput<typeof balanceRequestSchema>;

const operationEntries = {
  playerId,
  transactionId: externalId,
  roundId: externalId,
  gameId: externalId,
  vertical: v.picklist(GAME_VERTICALS, FIELD_CODES.invalid),
  amount,
  currency,
};
export const betRequestSchema = v.object({ ...operationEntries, sessionToken: sessionTokenSchema });
export const winRequestSchema = v.object({ ...operationEntries, sessionToken: v.optional(sessionTokenSchema) });
export type BetRequest = v.InferOutput<typeof betRequestSchema>;
export type WinRequest = v.InferOutput<typeof winRequestSchema>;
export type GameOperationRequest = BetRequest | WinRequest;

export const rollbackRequestSchema = v.object({
  playerId,
  transactionId: externalId,
  betTransactionId: externalId,
  roundId: externalId,
  sessionToken: v.optional(sessionTokenSchema),
});
export type RollbackRequest = v.InferOutput<typeof rollbackRequestSchema>;

export const balanceAnswerSchema = v.object({
  playerId: v.number(),
  currency: v.string(),
  /** MAIN. */
  balance: v.string(),
  version: v.number(),
});
export type BalanceAnswer = v.InferOutput<typeof balanceAnswerSchema>;

/** behaviour.md §4 names SELF_SPEND_LIMIT_REACHED among the operation results: the spend limit's refusal of a bet. */
export const GAME_OPERATION_RESULTS = ['SUCCESS', 'NOT_ENOUGH_FUNDS', 'RESTRICTED', 'SELF_SPEND_LIMIT_REACHED'] as const;
export type GameOperationResult = (typeof GAME_OPERATION_RESULTS)[number];

export const operationAnswerSchema = v.object({
  result: v.picklist(GAME_OPERATION_RESULTS),
  transactionId: v.string(),
  /** The history row of the operation (SUCCESS), else null. */
  referenceId: v.nullable(v.string()),
  currency: v.string(),
  /** MAIN after the operation. */
  balance: v.string(),
});
export type OperationAnswer = v.InferOutput<typeof operationAnswerSchema>;
