import type { Kysely } from 'kysely';
import * as v from 'valibot';
import { newPasswordSchema, type PlayerProfile, type TransactionSummary } from '../../src/api/player';
import type { Database } from '../db/schema';
import { ERROR_CODES, HttpError } from '../http/errors';
import { fieldErrorsOf, validationError } from '../http/validation';
import { accessDetailsFor, currentTermsVersion, liftEndedRestriction } from './account-status';
import { createPlayerStore, type Player } from './players';
import { revokePlayerSessions } from './sessions';
import { depositCount, firstDepositDate } from '../repositories/deposits';
import { checkOldPassword, type LoginDeps } from './login';
import { recordActivity } from './account-activity';
import { kycOfPlayer } from './kyc-level';

// The logged-in player's own account (behaviour.md §7 "Player and account"): profile, transaction
// summary, terms acceptance and password change.

export interface AccountDeps {
  db: Kysely<Database>;
  clock: () => Date;
}

const sessionExpired = () => new HttpError(401, ERROR_CODES.sessionExpired, 'Your session has ended. Please log in again.');

/** The session's player, with an ended time-out or exclusion lifted; 401 when the player is gone. */
export async function currentPlayer(deps: AccountDeps, playerId: number): Promise<Player> {
  const found = await createPlayerStore(deps.db, deps.clock).findById(playerId);
  if (!found) throw sessionExpired();
  return liftEndedRestriction(deps.db, found, deps.clock());
}

export async function profileOf(db: Kysely<Database>, player: Player): Promise<PlayerProfile> {
  const kyc = await kycOfPlayer(db, player);
  return {
    playerId: player.id,
    email: player.email,
    firstName: player.first_name,
    lastName: player.last_name,
    phonePrefix: player.phone_prefix,
    phoneBody: player.phone_body,
    languageCode: player.language_code,
    currencyCode: player.currency_code,
    countryCode: player.country_code,
    provinceCode: player.province_code,
    personid: player.personid,
    // Issue 23: from the documents, the operator's requests and the EDD (server/services/kyc-level.ts).
    kycStatus: kyc.kycStatus,
    requestDocumentTypeStatus: kyc.requestDocumentTypeStatus,
    firstLogin: player.first_login,
    firstDepositDate: await firstDepositDate(db, player.id),
    termsAndConditionsAcceptedVersion: player.terms_accepted_version,
    loyaltyLevel: null,
    limitLevel: null,
    status: player.status,
    access: accessDetailsFor(player),
  };
}

export async function transactionSummary(deps: AccountDeps, playerId: number): Promise<TransactionSummary> {
  return { totalDepositsCount: await depositCount(deps.db, playerId) };
}

/** behaviour.md §5: the accepted version comes from the current terms; no other can be accepted. */
export async function acceptTerms(deps: AccountDeps, playerId: number, version: number): Promise<void> {
  const current = currentTermsVersion();
  if (version !== current) {
    throw new HttpError(400, ERROR_CODES.termsVersionInvalid, `Only the current terms (version ${String(current)}) can be accepted.`);
  }
  await createPlayerStore(deps.db, deps.clock).update(playerId, { terms_accepted_version: version });
}

/**
 * The old password is compared first, counted like login attempts (issue 9), then the new one is
 * judged by the contract's rule; OWASP ASVS 3.3.3: the player's other sessions end, this one goes on.
 */
export async function changePassword(
  deps: LoginDeps,
  request: { playerId: number; sessionId: string; oldPassword: string; newPassword: string; address: string | null },
): Promise<void> {
  const player = await currentPlayer(deps, request.playerId);
  await checkOldPassword(deps, player, request.oldPassword, request.address);
  const rule = v.safeParse(newPasswordSchema, { newPassword: request.newPassword }, { abortEarly: false });
  if (!rule.success) throw validationError(fieldErrorsOf(rule.issues));
  await createPlayerStore(deps.db, deps.clock).setPassword(player.id, request.newPassword);
  await recordActivity(deps.db, { playerId: player.id, at: deps.clock(), kind: 'PASSWORD_CHANGED', note: null });
  await revokePlayerSessions(deps.db, player.id, deps.clock(), { except: request.sessionId });
}
