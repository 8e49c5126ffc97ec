import { sql, type Kysely } from 'kysely';

// The players' cookie consent (behaviour.md §7 "/player/cookies/consent: GET and PATCH with the
// version"; product.md §3 "Account details": essentials, performanceFunctional, marketing; issue 23).
// server/repositories/cookie-consent.ts holds the SQL, server/services/cookie-consent.ts the rules
// (machines/lib/cookieConsent.ts).
//
// `player_cookie_consents`: at most one row per player, their latest answer: the three choices
// (essentials cannot be refused), the cookie-policy version answered and when the platform stored it.
// The players' `cookie_policy_accepted` (migration 0003) stays the sign-up's checkbox.
//
// `player_activity.kind` (migrations 0022, 0023) takes one more kind: COOKIE_CONSENT_CHANGED. The
// kinds are written out here: a migration that has shipped never changes.

const KINDS_BEFORE = ['LOGIN', 'PASSWORD_CHANGED', 'LANGUAGE_CHANGED', 'ADDRESS_CHANGED', 'PROVINCE_CHANGED'];
const KINDS = [...KINDS_BEFORE, 'COOKIE_CONSENT_CHANGED'];
const kindCheck = (kinds: readonly string[]) => sql`kind in (${sql.join(kinds.map((kind) => sql.lit(kind)))})`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('player_cookie_consents')
    .addColumn('player_id', 'integer', (col) => col.primaryKey().references('players.id').onDelete('cascade'))
    .addColumn('essentials', 'boolean', (col) => col.notNull().check(sql`essentials`))
    .addColumn('performance_functional', 'boolean', (col) => col.notNull())
    .addColumn('marketing', 'boolean', (col) => col.notNull())
    .addColumn('policy_version', 'integer', (col) => col.notNull().check(sql`policy_version > 0`))
    .addColumn('answered_at', 'timestamptz', (col) => col.notNull())
    .execute();
  await db.schema.alterTable('player_activity').dropConstraint('player_activity_kind_check').execute();
  await db.schema.alterTable('player_activity').addCheckConstraint('player_activity_kind_check', kindCheck(KINDS)).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.deleteFrom('player_activity' as never).where(sql<boolean>`kind = 'COOKIE_CONSENT_CHANGED'`).execute();
  await db.schema.alterTable('player_activity').dropConstraint('player_activity_kind_check').execute();
  await db.schema.alterTable('player_activity').addCheckConstraint('player_activity_kind_check', kindCheck(KINDS_BEFORE)).execute();
  await db.schema.dropTable('player_cookie_consents').execute();
}
