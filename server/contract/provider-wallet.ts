import * as v from 'valibot';
import { FIELD_CODES } from '../../machines/lib/errorCodes';

// The seamless wallet's contract for game providers (issue 11: "a seamless-wallet bet/win/rollback
// API for game providers"; the lobby issue's demo games call it), server to server, mounted at
// /api/provider/wallet (server/routes/provider-wallet.ts):
//
//   POST /balance   { provider, playerId }                                                    -> BalanceAnswer
//   POST /bet       { provider, playerId, transactionId, roundId, gameId, vertical, amount, currency } -> OperationAnswer
//   POST /win       { the same fields as a bet }                                              -> OperationAnswer
//   POST /rollback  { provider, playerId, transactionId, betTransactionId }                   -> OperationAnswer
//
// Every call is JSON signed with the platform's game-wallet secret (GAME_WALLET_SECRET, or generated
// and kept in platform_settings): header `X-Wallet-Signature: sha256=<hex HMAC-SHA256 of the raw
// body>`; a missing or wrong signature is 401 error.token.invalid. Amounts are decimal strings in the
// player's account currency ("1.50"; JPY and CLP whole). A bet, win or rollback is idempotent by the
// provider's transactionId (per provider): the same id answers the stored answer; the same id with
// other parameters is 409 error.idempotency.conflict. result: SUCCESS, NOT_ENOUGH_FUNDS (a bet above
// MAIN: nothing posted), RESTRICTED (a bet while the player may not play the vertical),
// SELF_SPEND_LIMIT_REACHED (issue 13: a bet that, lost, would take the player's loss of the period
// past their spend limit: nothing posted; the provider tells the player so). Wins and rollbacks are
// never refused.
// Other errors: 400 error.validation (errors [{ field, code }]), 404 error.wallet.not_found (no such
// player or wallet), 404 error.not_found (a rollback of an unknown bet).

/** The header of the body's HMAC. */
export const WALLET_SIGNATURE_HEADER = 'X-Wallet-Signature';

/** The verticals a game provider plays in; each is the history's category of its bets and wins. */
export const GAME_VERTICALS = ['CASINO', 'LIVE_CASINO', 'SPORTS', 'VIRTUAL_SPORTS'] as const;
export type GameVertical = (typeof GAME_VERTICALS)[number];

const slug = v.pipe(v.string(FIELD_CODES.invalid), v.regex(/^[a-z0-9][a-z0-9-]{0,39}$/, FIELD_CODES.invalid));
/** A provider's id of a transaction, round or game. */
const externalId = v.pipe(v.string(FIELD_CODES.invalid), v.regex(/^[A-Za-z0-9][A-Za-z0-9_.:-]{0,99}$/, FIELD_CODES.invalid));
const playerId = v.pipe(v.number(FIELD_CODES.invalid), v.integer(FIELD_CODES.invalid), v.minValue(1, FIELD_CODES.invalid), v.maxValue(2_147_483_647, FIELD_CODES.invalid));
const amount = v.pipe(v.string(FIELD_CODES.amount), v.regex(/^\d{1,12}(\.\d{1,2})?$/, FIELD_CODES.amount));
const currency = v.pipe(v.string(FIELD_CODES.currency), v.regex(/^[A-Z]{3}$/, FIELD_CODES.currency));

export const balanceRequestSchema = v.object({ provider: slug, playerId });

export const gameOperationRequestSchema = v.object({
  provider: slug,
  playerId,
  transactionId: externalId,
  roundId: externalId,
  gameId: externalId,
  vertical: v.picklist(GAME_VERTICALS, FIELD_CODES.invalid),
  amount,
  currency,
});
export type GameOperationRequest = v.InferOutput<typeof gameOperationRequestSchema>;

export const rollbackRequestSchema = v.object({ provider: slug, playerId, transactionId: externalId, betTransactionId: externalId });
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
