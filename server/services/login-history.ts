import type { Kysely } from 'kysely';
import { LOGIN_HISTORY_LIMIT } from '../../machines/lib/account';
import type { LoginHistoryEntry } from '../../src/api/account';
import type { Database } from '../db/schema';
import { resolveCountry, type CountrySources } from '../domain/access';
import { insertLogin, latestLogins } from '../repositories/login-history';
import { recordActivity } from './account-activity';

// The players' login history (product.md §3 "Account details": loginDate, loginIp, loginCountry;
// behaviour.md §7 "Login history: GET"). Every login the platform lets through is recorded by the
// login that issues it, when its session is issued (a password login, server/routes/auth.ts, or
// after its second factor, server/routes/second-factor.ts; a pay-and-play login,
// server/routes/pay-and-play.ts); a refused login, or one still waiting for its second factor, is
// not a login and is not listed (the throttle counts the refused).

/** Where a login came from: the client's address and the visitor's country, each when known. */
export interface LoginPlace {
  address: string | null;
  country: string | null;
}

/**
 * The visitor's country as the access check reads it (a trusted proxy's header; the test header in
 * test mode), or null when nothing says it: the history never guesses a country.
 */
export function loginCountry(header: (name: string) => string | undefined, sources: CountrySources): string | null {
  try {
    const country = resolveCountry(header, sources, '');
    return country === '' ? null : country;
  } catch {
    // A malformed test header does not refuse a login: the country is then unknown.
    return null;
  }
}

export async function recordLogin(db: Kysely<Database>, login: { playerId: number; at: Date; place: LoginPlace; loginMethod: string }): Promise<void> {
  await insertLogin(db, {
    playerId: login.playerId,
    at: login.at,
    ipAddress: login.place.address,
    countryCode: login.place.country,
    loginMethod: login.loginMethod,
  });
  await recordActivity(db, { playerId: login.playerId, at: login.at, kind: 'LOGIN', note: login.place.address });
}

/** The player's latest logins, newest first (machines/lib/account.ts LOGIN_HISTORY_LIMIT). */
export async function loginHistoryOf(db: Kysely<Database>, playerId: number): Promise<LoginHistoryEntry[]> {
  const rows = await latestLogins(db, playerId, LOGIN_HISTORY_LIMIT);
  return rows.map((row) => ({ loginDate: row.logged_in_at.toISOString(), loginIp: row.ip_address, loginCountry: row.country_code }));
}
