import type { Kysely } from 'kysely';
import { COOKIE_POLICY_VERSION } from '../../machines/lib/constants';
import { isCurrentCookiePolicy, sameConsentOptions, type CookieConsentOptions } from '../../machines/lib/cookieConsent';
import type { CookieConsentPatch, StoredCookieConsentBody } from '../../src/api/cookieConsent';
import type { Database } from '../db/schema';
import { ERROR_CODES, HttpError } from '../http/errors';
import { cookieConsentRow, saveCookieConsentRow, type CookieConsentRow } from '../repositories/cookie-consent';
import { inTransaction } from '../repositories/transaction';
import { recordActivity } from './account-activity';
import { currentPlayer } from './account';

// The player's cookie consent (behaviour.md §7 "/player/cookies/consent: GET and PATCH with the
// version"; product.md §3 "Account details"; the contract is src/api/cookieConsent.ts, the shared
// rules machines/lib/cookieConsent.ts):
//
// - nothing is stored until the player's first answer (GET answers null);
// - an answer is to the cookie policy in force only (COOKIE_POLICY_VERSION): another version is 400
//   error.cookie_consent.version.invalid and stores nothing; essentials cannot be refused (the
//   contract's schema);
// - a save replaces the stored answer and stamps it with the platform's time; a save that changes
//   an answer the player had given (a choice, or the version) is recorded in the account's activity
//   log (COOKIE_CONSENT_CHANGED, no note); the first answer, often a visitor's choice uploaded at
//   login, is not an account change.

export interface CookieConsentDeps {
  db: Kysely<Database>;
  clock: () => Date;
}

function optionsOf(row: CookieConsentRow): CookieConsentOptions {
  return { essentials: row.essentials, performanceFunctional: row.performance_functional, marketing: row.marketing };
}

function bodyOf(row: CookieConsentRow): StoredCookieConsentBody {
  return { ...optionsOf(row), version: row.policy_version, answeredAt: row.answered_at.toISOString() };
}

/** The player's stored answer; null before the first. */
export async function cookieConsentOfPlayer(deps: CookieConsentDeps, playerId: number): Promise<StoredCookieConsentBody | null> {
  const player = await currentPlayer(deps, playerId);
  const row = await cookieConsentRow(deps.db, player.id);
  return row ? bodyOf(row) : null;
}

/** Stores the player's answer to the policy in force and answers what is stored. */
export async function saveCookieConsent(deps: CookieConsentDeps, playerId: number, answer: CookieConsentPatch): Promise<StoredCookieConsentBody> {
  if (!isCurrentCookiePolicy(answer.version)) {
    throw new HttpError(400, ERROR_CODES.cookieConsentVersionInvalid, `Only the cookie policy in force (version ${String(COOKIE_POLICY_VERSION)}) can be answered.`);
  }
  const player = await currentPlayer(deps, playerId);
  const now = deps.clock();
  const row: CookieConsentRow = {
    essentials: answer.essentials,
    performance_functional: answer.performanceFunctional,
    marketing: answer.marketing,
    policy_version: answer.version,
    answered_at: now,
  };
  return inTransaction(deps.db, async (db) => {
    const before = await cookieConsentRow(db, player.id);
    await saveCookieConsentRow(db, player.id, row);
    if (before && (before.policy_version !== row.policy_version || !sameConsentOptions(optionsOf(before), optionsOf(row)))) {
      await recordActivity(db, { playerId: player.id, at: now, kind: 'COOKIE_CONSENT_CHANGED', note: null });
    }
    return bodyOf(row);
  });
}
