import { sql, type Insertable, type Kysely, type Selectable, type Updateable } from 'kysely';
import type {
  BonusAssignmentsTable,
  BonusCampaignsTable,
  BonusQueuedTable,
  Database,
} from '../db/schema';

// Every SQL statement of the bonus engine (migration 0025; server/services/bonuses.ts holds the
// rules). Each function runs in the Kysely it is given: the caller's transaction, or none.

export type CampaignRow = Selectable<BonusCampaignsTable>;
export type NewCampaignRow = Insertable<BonusCampaignsTable>;
export type AssignmentRow = Selectable<BonusAssignmentsTable>;
export type QueuedRow = Selectable<BonusQueuedTable>;

// ------------------------------------------------------------------------------ campaigns

/** Campaigns of status ACTIVE running at `now` (started, not ended). */
export async function runningCampaigns(db: Kysely<Database>, now: Date): Promise<CampaignRow[]> {
  return db
    .selectFrom('bonus_campaigns')
    .selectAll()
    .where('status', '=', 'ACTIVE')
    .where((eb) => eb.or([eb('starts_at', 'is', null), eb('starts_at', '<=', now)]))
    .where((eb) => eb.or([eb('ends_at', 'is', null), eb('ends_at', '>', now)]))
    .orderBy('id')
    .execute();
}

export async function findCampaign(db: Kysely<Database>, id: string): Promise<CampaignRow | undefined> {
  return db.selectFrom('bonus_campaigns').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The campaign of a bonus code (stored in upper case). */
export async function findCampaignByCode(db: Kysely<Database>, code: string): Promise<CampaignRow | undefined> {
  return db.selectFrom('bonus_campaigns').selectAll().where('bonus_code', '=', code).executeTakeFirst();
}

export async function findCampaigns(db: Kysely<Database>, ids: readonly string[]): Promise<CampaignRow[]> {
  if (ids.length === 0) return [];
  return db.selectFrom('bonus_campaigns').selectAll().where('id', 'in', ids).execute();
}

/** The seed's write: a campaign by its id, unless it exists (an operator's edits of a seeded one stay). */
export async function insertCampaignIfMissing(db: Kysely<Database>, row: NewCampaignRow): Promise<void> {
  await db
    .insertInto('bonus_campaigns')
    .values(row)
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
}

/** An operator's edit of a campaign (server/services/bonuses.ts editCampaign): the row after it, or undefined when there is none. */
export async function updateCampaign(db: Kysely<Database>, id: string, values: Updateable<BonusCampaignsTable>): Promise<CampaignRow | undefined> {
  return db.updateTable('bonus_campaigns').set(values).where('id', '=', id).returningAll().executeTakeFirst();
}

export async function campaignCount(db: Kysely<Database>): Promise<number> {
  const row = await db.selectFrom('bonus_campaigns').select((eb) => eb.fn.countAll<string | number>().as('count')).executeTakeFirstOrThrow();
  return Number(row.count);
}

// ------------------------------------------------------------------------------ assignments

/** The player's assignments: the query the reads below narrow. */
function assignmentsOf(db: Kysely<Database>, playerId: number) {
  return db.selectFrom('bonus_assignments').selectAll().where('player_id', '=', playerId);
}

export async function insertAssignment(trx: Kysely<Database>, row: Insertable<BonusAssignmentsTable>): Promise<AssignmentRow> {
  return trx.insertInto('bonus_assignments').values(row).returningAll().executeTakeFirstOrThrow();
}

export async function findAssignmentByKey(db: Kysely<Database>, creditKey: string): Promise<AssignmentRow | undefined> {
  return db.selectFrom('bonus_assignments').selectAll().where('credit_key', '=', creditKey).executeTakeFirst();
}

/** The player's assignment by id, locked for the transaction when `lock`. */
export async function findPlayerAssignment(db: Kysely<Database>, playerId: number, id: number, options: { lock?: boolean } = {}): Promise<AssignmentRow | undefined> {
  let query = assignmentsOf(db, playerId).where('id', '=', id);
  if (options.lock === true) query = query.forUpdate();
  return query.executeTakeFirst();
}

/** The player's ACTIVATED assignment in a wallet vertical (at most one: the unique partial index). */
export async function activeAssignment(db: Kysely<Database>, playerId: number, walletVertical: string): Promise<AssignmentRow | undefined> {
  return assignmentsOf(db, playerId).where('wallet_vertical', '=', walletVertical).where('state', '=', 'ACTIVATED').executeTakeFirst();
}

export async function activeAssignments(db: Kysely<Database>, playerId: number): Promise<AssignmentRow[]> {
  return assignmentsOf(db, playerId).where('state', '=', 'ACTIVATED').orderBy('id').execute();
}

/** The player's assignments of one campaign, newest first. */
export async function playerCampaignAssignments(db: Kysely<Database>, playerId: number, campaignId: string): Promise<AssignmentRow[]> {
  return assignmentsOf(db, playerId).where('campaign_id', '=', campaignId).orderBy('id', 'desc').execute();
}

/** Campaign ids the player was ever given (an assignment or a queued bonus): a campaign is claimed once. */
export async function claimedCampaignIds(db: Kysely<Database>, playerId: number): Promise<Set<string>> {
  const assigned = await db.selectFrom('bonus_assignments').select('campaign_id').where('player_id', '=', playerId).execute();
  const queued = await db.selectFrom('bonus_queued').select('campaign_id').where('player_id', '=', playerId).execute();
  return new Set([...assigned, ...queued].map((row) => row.campaign_id));
}

export async function endAssignment(
  trx: Kysely<Database>,
  id: number,
  end: { state: 'FORFEITED' | 'COMPLETED'; endReason: string; at: Date },
): Promise<AssignmentRow | undefined> {
  return trx
    .updateTable('bonus_assignments')
    .set({ state: end.state, end_reason: end.endReason, ended_at: end.at })
    .where('id', '=', id)
    .where('state', '=', 'ACTIVATED')
    .returningAll()
    .executeTakeFirst();
}

/** Active assignments past their expiry (of one player, or of all). */
export async function expiredAssignments(db: Kysely<Database>, now: Date, playerId?: number): Promise<AssignmentRow[]> {
  let query = db.selectFrom('bonus_assignments').selectAll().where('state', '=', 'ACTIVATED').where('expires_at', '<=', now);
  if (playerId !== undefined) query = query.where('player_id', '=', playerId);
  return query.orderBy('id').execute();
}

/** When the player last claimed a bonus code by hand (credit keys `code:...`), or null. */
export async function lastManualClaimAt(db: Kysely<Database>, playerId: number): Promise<Date | null> {
  const assigned = await db
    .selectFrom('bonus_assignments')
    .select((eb) => eb.fn.max('started_at').as('at'))
    .where('player_id', '=', playerId)
    .where('credit_key', 'like', 'code:%')
    .executeTakeFirst();
  const queued = await db
    .selectFrom('bonus_queued')
    .select((eb) => eb.fn.max('created_at').as('at'))
    .where('player_id', '=', playerId)
    .where('credit_key', 'like', 'code:%')
    .executeTakeFirst();
  const dates = [assigned?.at, queued?.at].flatMap((at) => (at ? [new Date(at as Date | string)] : []));
  return dates.length === 0 ? null : new Date(Math.max(...dates.map((at) => at.getTime())));
}

// ------------------------------------------------------------------------------ queued bonuses

/** The player's queued bonuses: the query the reads below narrow. */
function queuedOf(db: Kysely<Database>, playerId: number) {
  return db.selectFrom('bonus_queued').selectAll().where('player_id', '=', playerId);
}

export async function insertQueued(trx: Kysely<Database>, row: Insertable<BonusQueuedTable>): Promise<QueuedRow> {
  return trx.insertInto('bonus_queued').values(row).returningAll().executeTakeFirstOrThrow();
}

export async function findQueuedByKey(db: Kysely<Database>, creditKey: string): Promise<QueuedRow | undefined> {
  return db.selectFrom('bonus_queued').selectAll().where('credit_key', '=', creditKey).executeTakeFirst();
}

export async function findPlayerQueued(db: Kysely<Database>, playerId: number, id: number): Promise<QueuedRow | undefined> {
  return queuedOf(db, playerId).where('id', '=', id).executeTakeFirst();
}

/** The player's oldest waiting bonus of a wallet vertical. */
export async function nextQueued(trx: Kysely<Database>, playerId: number, walletVertical: string): Promise<QueuedRow | undefined> {
  return queuedOf(trx, playerId).where('wallet_vertical', '=', walletVertical).where('is_credited', '=', false).orderBy('id').executeTakeFirst();
}

export async function markQueuedCredited(trx: Kysely<Database>, id: number, assignmentId: number, at: Date): Promise<QueuedRow | undefined> {
  return trx
    .updateTable('bonus_queued')
    .set({ is_credited: true, assignment_id: assignmentId, credited_at: at })
    .where('id', '=', id)
    .where('is_credited', '=', false)
    .returningAll()
    .executeTakeFirst();
}

export async function playerQueued(db: Kysely<Database>, playerId: number): Promise<QueuedRow[]> {
  return queuedOf(db, playerId).orderBy('id').execute();
}

// ------------------------------------------------------------------------------ agreements, activations

export async function upsertAgreement(db: Kysely<Database>, row: { playerId: number; campaignId: string; agreed: boolean; bonusCode: string; at: Date }): Promise<void> {
  await db
    .insertInto('bonus_agreements')
    .values({ player_id: row.playerId, campaign_id: row.campaignId, agreed: row.agreed, bonus_code: row.bonusCode, answered_at: row.at })
    .onConflict((oc) => oc.columns(['player_id', 'campaign_id']).doUpdateSet({ agreed: row.agreed, bonus_code: row.bonusCode, answered_at: row.at }))
    .execute();
}

export async function agreementsOf(db: Kysely<Database>, playerId: number): Promise<Map<string, { agreed: boolean; answeredAt: Date }>> {
  const rows = await db.selectFrom('bonus_agreements').selectAll().where('player_id', '=', playerId).execute();
  return new Map(rows.map((row) => [row.campaign_id, { agreed: row.agreed, answeredAt: new Date(row.answered_at) }]));
}

export type ActivationKind = 'CASHBACK' | 'OPT_IN';

export async function setActivation(db: Kysely<Database>, row: { playerId: number; campaignId: string; kind: ActivationKind; active: boolean; at: Date }): Promise<void> {
  await db
    .insertInto('bonus_activations')
    .values({ player_id: row.playerId, campaign_id: row.campaignId, kind: row.kind, active: row.active, activated_at: row.at, updated_at: row.at })
    .onConflict((oc) =>
      oc.columns(['player_id', 'campaign_id', 'kind']).doUpdateSet({
        active: row.active,
        updated_at: row.at,
        // A new activation starts counting again; a deactivation keeps when the last one began.
        activated_at: row.active ? sql<Date>`case when bonus_activations.active then bonus_activations.activated_at else excluded.activated_at end` : sql<Date>`bonus_activations.activated_at`,
      }),
    )
    .execute();
}

export async function activationsOf(db: Kysely<Database>, playerId: number): Promise<{ campaignId: string; kind: ActivationKind; active: boolean; activatedAt: Date }[]> {
  const rows = await db.selectFrom('bonus_activations').selectAll().where('player_id', '=', playerId).execute();
  return rows.map((row) => ({ campaignId: row.campaign_id, kind: row.kind as ActivationKind, active: row.active, activatedAt: new Date(row.activated_at) }));
}

/** Players with an active cashback on a campaign, with when it began. */
export async function activeCashbackPlayers(db: Kysely<Database>, campaignId: string, playerId?: number): Promise<{ playerId: number; activatedAt: Date }[]> {
  let query = db.selectFrom('bonus_activations').select(['player_id', 'activated_at']).where('campaign_id', '=', campaignId).where('kind', '=', 'CASHBACK').where('active', '=', true);
  if (playerId !== undefined) query = query.where('player_id', '=', playerId);
  const rows = await query.orderBy('player_id').execute();
  return rows.map((row) => ({ playerId: row.player_id, activatedAt: new Date(row.activated_at) }));
}

/** Records a settled cashback period once; false when it was settled already. */
export async function insertCashbackRun(
  trx: Kysely<Database>,
  row: { playerId: number; campaignId: string; periodStart: Date; periodEnd: Date; loss: string; amount: string; at: Date },
): Promise<boolean> {
  const inserted = await trx
    .insertInto('bonus_cashback_runs')
    .values({
      player_id: row.playerId,
      campaign_id: row.campaignId,
      period_start: row.periodStart,
      period_end: row.periodEnd,
      loss: row.loss,
      amount: row.amount,
      settled_at: row.at,
    })
    .onConflict((oc) => oc.columns(['player_id', 'campaign_id', 'period_start']).doNothing())
    .returning('player_id')
    .executeTakeFirst();
  return inserted !== undefined;
}

// ------------------------------------------------------------------------------ free spins

export async function insertFreeSpins(trx: Kysely<Database>, assignmentId: number, games: readonly { gameId: string; rounds: number }[]): Promise<void> {
  if (games.length === 0) return;
  await trx
    .insertInto('bonus_free_spins')
    .values(games.map((game) => ({ assignment_id: assignmentId, game_id: game.gameId, rounds: game.rounds })))
    .onConflict((oc) => oc.columns(['assignment_id', 'game_id']).doNothing())
    .execute();
}

export async function freeSpinsOf(db: Kysely<Database>, assignmentIds: readonly number[]): Promise<{ assignmentId: number; gameId: string; rounds: number; roundsPlayed: number }[]> {
  if (assignmentIds.length === 0) return [];
  const rows = await db.selectFrom('bonus_free_spins').selectAll().where('assignment_id', 'in', assignmentIds).orderBy('game_id').execute();
  return rows.map((row) => ({ assignmentId: row.assignment_id, gameId: row.game_id, rounds: row.rounds, roundsPlayed: row.rounds_played }));
}

// ------------------------------------------------------------------------------ deposits, permissions

export async function insertDepositSelection(trx: Kysely<Database>, row: { depositId: string; playerId: number; campaignId: string; at: Date }): Promise<void> {
  await trx
    .insertInto('bonus_deposit_selections')
    .values({ deposit_id: row.depositId, player_id: row.playerId, campaign_id: row.campaignId, created_at: row.at })
    .onConflict((oc) => oc.column('deposit_id').doNothing())
    .execute();
}

export async function depositSelection(db: Kysely<Database>, depositId: string): Promise<string | null> {
  const row = await db.selectFrom('bonus_deposit_selections').select('campaign_id').where('deposit_id', '=', depositId).executeTakeFirst();
  return row?.campaign_id ?? null;
}

/** The operator's manual-claim permission for a player; undefined: the market's default. */
export async function manualClaimSetting(db: Kysely<Database>, playerId: number): Promise<boolean | undefined> {
  const row = await db.selectFrom('bonus_player_settings').select('manual_claim_allowed').where('player_id', '=', playerId).executeTakeFirst();
  return row?.manual_claim_allowed;
}

export async function setManualClaimSetting(db: Kysely<Database>, playerId: number, allowed: boolean, at: Date): Promise<void> {
  await db
    .insertInto('bonus_player_settings')
    .values({ player_id: playerId, manual_claim_allowed: allowed, updated_at: at })
    .onConflict((oc) => oc.column('player_id').doUpdateSet({ manual_claim_allowed: allowed, updated_at: at }))
    .execute();
}

/** The ledger's sum of the BONUS postings of one kind for a player (the tests' and the books' check). */
export async function ledgerKindTotal(db: Kysely<Database>, kind: string): Promise<string> {
  const row = await db
    .selectFrom('ledger_transactions')
    .select(sql<string>`coalesce(sum(amount), 0)::text`.as('sum'))
    .where('kind', '=', kind)
    .executeTakeFirstOrThrow();
  return row.sum;
}
