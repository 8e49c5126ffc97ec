import { sql, type ColumnType, type Generated, type Kysely } from 'kysely';
import type { Database, JsonColumn, JsonValue } from '../db/schema';

// The SQL of the demo provider's state (migration 0011_demo_provider_state: demo_launches,
// demo_answers, demo_live_bets, demo_pending_wins); the rules are play.ts's. Every process of the
// platform reads and writes these rows, so a launch's fun money, its last spin, its answers, its
// live bets and its unconfirmed wins are the same whichever process a request reaches.
//
// The tables are the provider's own, declared here and added to the platform's Database type with
// Kysely's $extendTables (demoStore): the provider is a simulated third party, and nothing else of the
// platform reads them.

/** bigint cents: PGlite reads them as numbers, `pg` as strings; both are read through Number(). */
type Cents = ColumnType<number | string, number, number>;
type NullableTimestamp = ColumnType<Date | null, Date | null | undefined, Date | null>;

export interface DemoLaunchesTable {
  launch_id: string;
  /** The launch token's claims (launch-token.ts LaunchClaims), as verified when the row was made. */
  claims: JsonColumn;
  fun_cents: Cents;
  last_spin_at: NullableTimestamp;
  expires_at: Date;
}

export interface DemoAnswersTable {
  id: Generated<number | string>;
  launch_id: string;
  round_ref: string;
  answer: JsonColumn;
}

export type LiveBetState = 'placing' | 'placed' | 'settled';

export interface DemoLiveBetsTable {
  id: Generated<number | string>;
  launch_id: string;
  round: number;
  round_ref: string;
  bets: JsonColumn;
  total_cents: Cents;
  state: LiveBetState;
  placed_at: Date;
  claimed_until: NullableTimestamp;
  pocket: ColumnType<number | null, number | null | undefined, number | null>;
  win_cents: ColumnType<number | string | null, number | null | undefined, number | null>;
  settled_at: NullableTimestamp;
}

export interface DemoPendingWinsTable {
  transaction_id: string;
  launch_id: string;
  round_id: string;
  cents: Cents;
  created_at: Date;
  claimed_until: NullableTimestamp;
}

// A type, not an interface: $extendTables takes a record of tables, and only a type alias has the index signature that asks for.
export type DemoProviderTables = {
  demo_launches: DemoLaunchesTable;
  demo_answers: DemoAnswersTable;
  demo_live_bets: DemoLiveBetsTable;
  demo_pending_wins: DemoPendingWinsTable;
};

export type DemoStore = Kysely<Database & DemoProviderTables>;

/** The platform's database with the provider's tables. */
export function demoStore(db: Kysely<Database>): DemoStore {
  return db.$extendTables<DemoProviderTables>();
}

/** Runs `work` in one transaction (or in the one `store` already is). Never around a wallet call: PGlite has one connection. */
export function inStoreTransaction<T>(store: DemoStore, work: (trx: DemoStore) => Promise<T>): Promise<T> {
  return store.isTransaction ? work(store) : store.transaction().execute(work);
}

// ---- launches ------------------------------------------------------------------------------------------

/** Makes the launch's row when it has none; true when it was made now. */
export async function ensureLaunch(store: DemoStore, row: { launchId: string; claims: object; funCents: number; expiresAt: Date }): Promise<boolean> {
  const made = await store
    .insertInto('demo_launches')
    .values({ launch_id: row.launchId, claims: JSON.stringify(row.claims), fun_cents: row.funCents, expires_at: row.expiresAt })
    .onConflict((conflict) => conflict.column('launch_id').doNothing())
    .returning('launch_id')
    .executeTakeFirst();
  return made !== undefined;
}

/** A renewed launch lives on: its row goes no sooner than the renewed token expires. */
export async function extendLaunch(store: DemoStore, launchId: string, expiresAt: Date): Promise<void> {
  await store.updateTable('demo_launches').set({ expires_at: expiresAt }).where('launch_id', '=', launchId).where('expires_at', '<', expiresAt).execute();
}

/** The launch's fun money and last spin, its row locked until the transaction ends (a launch's demo rounds run one at a time). */
export async function lockLaunch(trx: DemoStore, launchId: string): Promise<{ funCents: number; lastSpinAt: Date | null } | undefined> {
  const row = await trx.selectFrom('demo_launches').select(['fun_cents', 'last_spin_at']).where('launch_id', '=', launchId).forUpdate().executeTakeFirst();
  return row && { funCents: Number(row.fun_cents), lastSpinAt: row.last_spin_at };
}

export async function launchFunCents(store: DemoStore, launchId: string): Promise<number | undefined> {
  const row = await store.selectFrom('demo_launches').select('fun_cents').where('launch_id', '=', launchId).executeTakeFirst();
  return row && Number(row.fun_cents);
}

/**
 * Takes the stake and adds the return in one statement, only while the fun money covers the stake:
 * the new balance, or undefined when it does not (nothing changed).
 */
export async function changeFun(store: DemoStore, launchId: string, move: { stake: number; returned: number }): Promise<number | undefined> {
  const row = await store
    .updateTable('demo_launches')
    .set({ fun_cents: sql<number>`fun_cents - ${move.stake} + ${move.returned}` })
    .where('launch_id', '=', launchId)
    .where('fun_cents', '>=', move.stake)
    .returning('fun_cents')
    .executeTakeFirst();
  return row && Number(row.fun_cents);
}

/**
 * Starts a slot spin at `at` when the previous one started at or before `notAfter` (null: at any
 * time), in one statement, so two processes cannot both start one inside the interval. When it
 * may not start yet: when the previous one started.
 */
export async function claimSpin(
  store: DemoStore,
  launchId: string,
  at: Date,
  notAfter: Date | null,
): Promise<{ started: true } | { started: false; lastSpinAt: Date | null }> {
  let query = store.updateTable('demo_launches').set({ last_spin_at: at }).where('launch_id', '=', launchId);
  if (notAfter !== null) query = query.where((eb) => eb.or([eb('last_spin_at', 'is', null), eb('last_spin_at', '<=', notAfter)]));
  if (await query.returning('launch_id').executeTakeFirst()) return { started: true };
  const row = await store.selectFrom('demo_launches').select('last_spin_at').where('launch_id', '=', launchId).executeTakeFirst();
  return { started: false, lastSpinAt: row?.last_spin_at ?? null };
}

/**
 * Deletes launches that expired before `before`, with their answers and settled bets, unless a live
 * bet or a win of theirs still waits; at most `limit` at a time, skipping rows another process holds.
 */
export async function purgeExpiredLaunches(store: DemoStore, before: Date, limit: number): Promise<number> {
  const expired = store
    .selectFrom('demo_launches as launch')
    .select('launch.launch_id')
    .where('launch.expires_at', '<', before)
    .where((eb) =>
      eb.not(
        eb.exists(
          eb.selectFrom('demo_live_bets as bet').select('bet.id').whereRef('bet.launch_id', '=', 'launch.launch_id').where('bet.state', '<>', 'settled'),
        ),
      ),
    )
    .where((eb) => eb.not(eb.exists(eb.selectFrom('demo_pending_wins as win').select('win.transaction_id').whereRef('win.launch_id', '=', 'launch.launch_id'))))
    .orderBy('launch.expires_at')
    .limit(limit)
    .forUpdate()
    .skipLocked();
  const result = await store.deleteFrom('demo_launches').where('launch_id', 'in', expired).executeTakeFirst();
  return Number(result.numDeletedRows);
}

// ---- answers -------------------------------------------------------------------------------------------

export async function findAnswer(store: DemoStore, launchId: string, roundRef: string): Promise<JsonValue | undefined> {
  const row = await store.selectFrom('demo_answers').select('answer').where('launch_id', '=', launchId).where('round_ref', '=', roundRef).executeTakeFirst();
  return row?.answer;
}

/** Keeps a round's answer (the first one stored stays), then only the launch's newest `keep`. */
export async function storeAnswer(store: DemoStore, launchId: string, roundRef: string, answer: object, keep: number): Promise<void> {
  await store
    .insertInto('demo_answers')
    .values({ launch_id: launchId, round_ref: roundRef, answer: JSON.stringify(answer) })
    .onConflict((conflict) => conflict.columns(['launch_id', 'round_ref']).doNothing())
    .execute();
  const kept = store.selectFrom('demo_answers').select('id').where('launch_id', '=', launchId).orderBy('id', 'desc').limit(keep);
  await store.deleteFrom('demo_answers').where('launch_id', '=', launchId).where('id', 'not in', kept).execute();
}

// ---- live bets -----------------------------------------------------------------------------------------

export interface LiveBetRow {
  id: string;
  launchId: string;
  round: number;
  roundRef: string;
  bets: JsonValue;
  totalCents: number;
  state: LiveBetState;
  placedAt: Date;
}

/** A waiting bet with its launch's claims: what a sweep needs to settle it without the launch's page. */
export interface ClaimedLiveBet extends LiveBetRow {
  claims: JsonValue;
}

const liveBetColumns = ['id', 'launch_id', 'round', 'round_ref', 'bets', 'total_cents', 'state', 'placed_at'] as const;

function liveBetOf(row: {
  id: number | string;
  launch_id: string;
  round: number;
  round_ref: string;
  bets: JsonValue;
  total_cents: number | string;
  state: LiveBetState;
  placed_at: Date;
}): LiveBetRow {
  return {
    id: String(row.id),
    launchId: row.launch_id,
    round: row.round,
    roundRef: row.round_ref,
    bets: row.bets,
    totalCents: Number(row.total_cents),
    state: row.state,
    placedAt: row.placed_at,
  };
}

/** Takes the launch's only submission of the round; false when it has one already. */
export async function insertLiveBet(
  store: DemoStore,
  row: { launchId: string; round: number; roundRef: string; bets: object; totalCents: number; state: 'placing' | 'placed'; placedAt: Date },
): Promise<string | undefined> {
  const made = await store
    .insertInto('demo_live_bets')
    .values({
      launch_id: row.launchId,
      round: row.round,
      round_ref: row.roundRef,
      bets: JSON.stringify(row.bets),
      total_cents: row.totalCents,
      state: row.state,
      placed_at: row.placedAt,
    })
    .onConflict((conflict) => conflict.columns(['launch_id', 'round']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return made && String(made.id);
}

export async function findLiveBet(store: DemoStore, launchId: string, round: number): Promise<LiveBetRow | undefined> {
  const row = await store.selectFrom('demo_live_bets').select(liveBetColumns).where('launch_id', '=', launchId).where('round', '=', round).executeTakeFirst();
  return row && liveBetOf(row);
}

/** The wallet took the BET: the bet waits for its round's end. */
export async function markLiveBetPlaced(store: DemoStore, id: string): Promise<void> {
  await store.updateTable('demo_live_bets').set({ state: 'placed' }).where('id', '=', id).where('state', '=', 'placing').execute();
}

export async function deleteLiveBet(store: DemoStore, id: string): Promise<void> {
  await store.deleteFrom('demo_live_bets').where('id', '=', id).where('state', '<>', 'settled').execute();
}

/**
 * Marks a placed bet settled with its outcome; false when it is not placed any more (another
 * sweep settled it first), so whoever calls this in the transaction that credits the return credits it once.
 */
export async function markLiveBetSettled(store: DemoStore, id: string, outcome: { pocket: number; winCents: number; at: Date }): Promise<boolean> {
  const row = await store
    .updateTable('demo_live_bets')
    .set({ state: 'settled', pocket: outcome.pocket, win_cents: outcome.winCents, settled_at: outcome.at, claimed_until: null })
    .where('id', '=', id)
    .where('state', '=', 'placed')
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Leases (until `leaseUntil`) up to `limit` bets in `state` of rounds before `beforeRound` (and
 * placed before `placedBefore`, when given) that nobody holds: rows another process is leasing at
 * this moment are skipped (FOR UPDATE SKIP LOCKED), and rows leased earlier are skipped until their
 * lease runs out. Only one launch's bets when `launchId` is given.
 */
export async function claimLiveBets(
  store: DemoStore,
  options: { state: 'placing' | 'placed'; beforeRound: number; placedBefore?: Date; launchId?: string | undefined; now: Date; leaseUntil: Date; limit: number },
): Promise<ClaimedLiveBet[]> {
  let waiting = store
    .selectFrom('demo_live_bets')
    .select('id')
    .where('state', '=', options.state)
    .where('round', '<', options.beforeRound)
    .where((eb) => eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<=', options.now)]));
  if (options.placedBefore !== undefined) waiting = waiting.where('placed_at', '<', options.placedBefore);
  if (options.launchId !== undefined) waiting = waiting.where('launch_id', '=', options.launchId);
  const rows = await store
    .updateTable('demo_live_bets as bet')
    .set({ claimed_until: options.leaseUntil })
    .where('bet.id', 'in', waiting.orderBy('round').orderBy('id').limit(options.limit).forUpdate().skipLocked())
    .returning([
      'bet.id',
      'bet.launch_id',
      'bet.round',
      'bet.round_ref',
      'bet.bets',
      'bet.total_cents',
      'bet.state',
      'bet.placed_at',
      (eb) => eb.selectFrom('demo_launches as launch').select('launch.claims').whereRef('launch.launch_id', '=', 'bet.launch_id').as('claims'),
    ])
    .execute();
  return rows.map((row) => ({ ...liveBetOf(row), claims: row.claims ?? null }));
}

/** The launch's settled rounds, newest first. */
export async function settledLiveBets(
  store: DemoStore,
  launchId: string,
  limit: number,
): Promise<{ round: number; pocket: number; totalCents: number; winCents: number }[]> {
  const rows = await store
    .selectFrom('demo_live_bets')
    .select(['round', 'pocket', 'total_cents', 'win_cents'])
    .where('launch_id', '=', launchId)
    .where('state', '=', 'settled')
    .orderBy('round', 'desc')
    .limit(limit)
    .execute();
  return rows.map((row) => ({ round: row.round, pocket: row.pocket ?? 0, totalCents: Number(row.total_cents), winCents: Number(row.win_cents ?? 0) }));
}

// ---- pending wins --------------------------------------------------------------------------------------

export interface PendingWinRow {
  transactionId: string;
  launchId: string;
  roundId: string;
  cents: number;
  claims: JsonValue;
}

/** Queues a WIN the wallet did not confirm (once per transaction id), to be tried again from `retryAt` on. */
export async function insertPendingWin(
  store: DemoStore,
  row: { transactionId: string; launchId: string; roundId: string; cents: number; at: Date; retryAt: Date },
): Promise<void> {
  await store
    .insertInto('demo_pending_wins')
    .values({
      transaction_id: row.transactionId,
      launch_id: row.launchId,
      round_id: row.roundId,
      cents: row.cents,
      created_at: row.at,
      claimed_until: row.retryAt,
    })
    .onConflict((conflict) => conflict.column('transaction_id').doNothing())
    .execute();
}

/** Leases queued wins nobody holds (of one launch when `launchId` is given), as claimLiveBets does bets. */
export async function claimPendingWins(
  store: DemoStore,
  options: { launchId?: string | undefined; now: Date; leaseUntil: Date; limit: number },
): Promise<PendingWinRow[]> {
  let waiting = store
    .selectFrom('demo_pending_wins')
    .select('transaction_id')
    .where((eb) => eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<=', options.now)]));
  if (options.launchId !== undefined) waiting = waiting.where('launch_id', '=', options.launchId);
  const rows = await store
    .updateTable('demo_pending_wins as win')
    .set({ claimed_until: options.leaseUntil })
    .where('win.transaction_id', 'in', waiting.orderBy('created_at').limit(options.limit).forUpdate().skipLocked())
    .returning([
      'win.transaction_id',
      'win.launch_id',
      'win.round_id',
      'win.cents',
      (eb) => eb.selectFrom('demo_launches as launch').select('launch.claims').whereRef('launch.launch_id', '=', 'win.launch_id').as('claims'),
    ])
    .execute();
  return rows.map((row) => ({
    transactionId: row.transaction_id,
    launchId: row.launch_id,
    roundId: row.round_id,
    cents: Number(row.cents),
    claims: row.claims ?? null,
  }));
}

export async function deletePendingWin(store: DemoStore, transactionId: string): Promise<void> {
  await store.deleteFrom('demo_pending_wins').where('transaction_id', '=', transactionId).execute();
}

/** A win the wallet still did not confirm waits until `until` before it is tried again. */
export async function deferPendingWin(store: DemoStore, transactionId: string, until: Date): Promise<void> {
  await store.updateTable('demo_pending_wins').set({ claimed_until: until }).where('transaction_id', '=', transactionId).execute();
}

/** Does any live bet or win still wait (the sweep goes on while one does)? */
export async function hasWaitingWork(store: DemoStore): Promise<boolean> {
  const waiting = sql<{
    waiting: boolean;
  }>`select exists (select 1 from demo_live_bets where state <> 'settled') or exists (select 1 from demo_pending_wins) as waiting`;
  const { rows } = await waiting.execute(store);
  return rows[0]?.waiting === true;
}
