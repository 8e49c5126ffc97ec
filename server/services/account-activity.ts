import type { Kysely } from 'kysely';
import type { AccountActivityKind } from '../../machines/lib/account';
import type { LatestActivityResponse } from '../../src/api/account';
import type { Database } from '../db/schema';
import { insertActivity, latestActivityRow } from '../repositories/account-activity';

// The account's activity log (product.md §3 "Session": "latestActivityLog with a note"; behaviour.md
// §7 /player/latest-activity-log): each login (server/services/login-history.ts), password change
// (server/services/account.ts) and language change (server/services/profile-update.ts) is recorded
// with its note; the account tab shows the latest.

export async function recordActivity(db: Kysely<Database>, activity: { playerId: number; at: Date; kind: AccountActivityKind; note: string | null }): Promise<void> {
  await insertActivity(db, activity);
}

export async function latestActivityOf(db: Kysely<Database>, playerId: number): Promise<LatestActivityResponse> {
  const row = await latestActivityRow(db, playerId);
  return { latestActivityLog: row ? { activityDate: row.at.toISOString(), activity: row.kind as AccountActivityKind, note: row.note } : null };
}
