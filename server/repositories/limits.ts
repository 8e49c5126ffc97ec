import { sql, type Kysely, type Selectable } from 'kysely';
import type { LimitDuration, LimitKind } from '../../machines/lib/responsibleGambling';
import type { Database, PlayerLimitsTable } from '../db/schema';
import { toCents } from '../platform/decimal';

// SQL over the players' deposit and spend limits (migration 0012 `player_limits`) and the sums a
// limit's `used` is made of: the deposits and the bets and wins of a period, all read from the
// wallet's history (wallet_transactions), whatever path wrote them. The rules are server/services/limits.ts's.

export type PlayerLimitRow = Selectable<PlayerLimitsTable>;

/** What a limit of one period holds besides its key. */
export interface LimitValues {
  valueCents: number | null;
  startedAt: Date | null;
  updatedAt: Date | null;
  pendingValueCents: number | null;
  pendingDelete: boolean;
  pendingDate: Date | null;
}

/**
 * Applies the player's pending changes whose date has come (an increase takes its value, a removal
 * leaves no value and no period). Each takes effect at its own date, which becomes its
 * `updated_at`: readers that race write the same row.
 */
export async function applyDueLimitChanges(db: Kysely<Database>, playerId: number, now: Date): Promise<void> {
  await db
    .updateTable('player_limits')
    .set((eb) => ({
      value_cents: eb.ref('pending_value_cents'),
      updated_at: eb.ref('pending_date'),
      pending_value_cents: null,
      pending_date: null,
    }))
    .where('player_id', '=', playerId)
    .where('pending_date', '<=', now)
    .where('pending_delete', '=', false)
    .execute();
  await db
    .updateTable('player_limits')
    .set((eb) => ({ value_cents: null, started_at: null, updated_at: eb.ref('pending_date'), pending_delete: false, pending_date: null }))
    .where('player_id', '=', playerId)
    .where('pending_date', '<=', now)
    .where('pending_delete', '=', true)
    .execute();
}

/** The player's limits of one kind (or both), as stored. */
export async function playerLimitRows(db: Kysely<Database>, playerId: number, kind?: LimitKind): Promise<PlayerLimitRow[]> {
  let query = db.selectFrom('player_limits').selectAll().where('player_id', '=', playerId);
  if (kind !== undefined) query = query.where('kind', '=', kind);
  return query.execute();
}

/** Writes one limit (made on its first change). */
export async function saveLimit(db: Kysely<Database>, key: { playerId: number; kind: LimitKind; duration: LimitDuration }, values: LimitValues): Promise<void> {
  const columns = {
    value_cents: values.valueCents,
    started_at: values.startedAt,
    updated_at: values.updatedAt,
    pending_value_cents: values.pendingValueCents,
    pending_delete: values.pendingDelete,
    pending_date: values.pendingDate,
  };
  await db
    .insertInto('player_limits')
    .values({ player_id: key.playerId, kind: key.kind, duration: key.duration, ...columns })
    .onConflict((oc) => oc.columns(['player_id', 'kind', 'duration']).doUpdateSet(columns))
    .execute();
}

/**
 * The history category of the player's own deposits (every path: the cashier, pay and play, and any
 * later one), as the ledger books them (kind DEPOSIT). An operator's credit is ADJUSTMENT: not a
 * deposit the player made, so no limit counts it.
 */
export const LIMIT_DEPOSIT_CATEGORY = 'PAYMENT';

/**
 * The deposits the player made in [from, to) that are waiting for the provider or paid, in cents:
 * the wallet's history rows of type DEPOSIT (issue 20: every path writes one, so a pay-and-play
 * deposit counts as a cashier one does; a cashier deposit holds its share while PENDING, and a
 * declined one, FAILED, frees it again).
 */
export async function depositedBetween(db: Kysely<Database>, playerId: number, from: Date, to: Date): Promise<bigint> {
  const row = await db
    .selectFrom('wallet_transactions')
    .select(sql<string>`coalesce(sum(amount), 0)::text`.as('sum'))
    .where('player_id', '=', playerId)
    .where('type', '=', 'DEPOSIT')
    .where('category', '=', LIMIT_DEPOSIT_CATEGORY)
    .where('status', 'in', ['PENDING', 'SUCCESS'])
    .where('created_at', '>=', from)
    .where('created_at', '<', to)
    .executeTakeFirstOrThrow();
  return toCents(row.sum);
}

/**
 * Wins minus stakes of the player's game rounds in [from, to), in cents (negative: a loss). A bet
 * voided by its provider is REVERTED and counts no more (its BET_VOID only gives the stake back).
 */
export async function gameResultBetween(db: Kysely<Database>, playerId: number, from: Date, to: Date): Promise<bigint> {
  const row = await db
    .selectFrom('wallet_transactions')
    .select(sql<string>`coalesce(sum(amount), 0)::text`.as('sum'))
    .where('player_id', '=', playerId)
    .where('type', 'in', ['BET', 'WIN'])
    .where('status', '=', 'SUCCESS')
    .where('created_at', '>=', from)
    .where('created_at', '<', to)
    .executeTakeFirstOrThrow();
  return toCents(row.sum);
}

/** Every gambling limit of a player goes (the seeded players start without limits). */
export async function deletePlayerLimits(db: Kysely<Database>, playerId: number): Promise<void> {
  await db.deleteFrom('player_limits').where('player_id', '=', playerId).execute();
}
