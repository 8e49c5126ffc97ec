import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema';

// The SQL of the throttle counters (migration 0005 `throttle_events`): one row per counted event,
// counted in a sliding window. The rules (which bucket, which limit) are server/services/throttle.ts.

export type ThrottleBucket =
  /** A code sent to a phone number or an e-mail address (key: the normalised destination). */
  | 'code.destination'
  /** A code sent on a client address's request (key: the address). */
  | 'code.address'
  /** A failed login or old-password check of an e-mail from one client address (key: `<e-mail> <address>`). */
  | 'login.pair'
  /** The GLI-19 lock of an e-mail for one client address (key as login.pair). */
  | 'login.lock'
  /** A failed login of an e-mail, from any address (key: the e-mail). */
  | 'login.account'
  /** A failed login from a client address, any e-mail (key: the address). */
  | 'login.address'
  /** A document upload a player started (key: the player id; issue 23). */
  | 'document.upload';

/** Serialises the counting of one bucket and key until the transaction ends (two requests at once count one by one). */
export async function lockThrottleKey(trx: Kysely<Database>, bucket: ThrottleBucket, key: string): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtext(${`throttle:${bucket}:${key}`}))`.execute(trx);
}

export async function recordThrottleEvent(db: Kysely<Database>, bucket: ThrottleBucket, key: string, at: Date): Promise<void> {
  await db.insertInto('throttle_events').values({ bucket, key, at }).execute();
}

/** The events of a bucket and key after `since` (the sliding window). */
function eventsSince(db: Kysely<Database>, bucket: ThrottleBucket, key: string, since: Date) {
  return db.selectFrom('throttle_events').where('bucket', '=', bucket).where('key', '=', key).where('at', '>', since);
}

/** Events of a bucket and key after `since`: how many, and the latest one's time. */
export async function throttleEventsSince(
  db: Kysely<Database>,
  bucket: ThrottleBucket,
  key: string,
  since: Date,
): Promise<{ count: number; latest: Date | null }> {
  const row = await eventsSince(db, bucket, key, since)
    .select((eb) => [eb.fn.countAll<string | number>().as('count'), eb.fn.max('at').as('latest')])
    .executeTakeFirstOrThrow();
  const latest = row.latest as Date | string | null;
  return { count: Number(row.count), latest: latest === null ? null : new Date(latest) };
}

/** The times of the latest `limit` events of a bucket and key after `since`, newest first. */
export async function latestThrottleEventTimes(
  db: Kysely<Database>,
  bucket: ThrottleBucket,
  key: string,
  since: Date,
  limit: number,
): Promise<Date[]> {
  const rows = await eventsSince(db, bucket, key, since).select('at').orderBy('at', 'desc').limit(limit).execute();
  return rows.map((row) => new Date(row.at));
}

export async function clearThrottleEvents(db: Kysely<Database>, bucket: ThrottleBucket, key: string): Promise<void> {
  await db.deleteFrom('throttle_events').where('bucket', '=', bucket).where('key', '=', key).execute();
}

/** Every event of these buckets whose key starts with `prefix` (an e-mail's pairs from every address). */
export async function clearThrottleEventsByPrefix(db: Kysely<Database>, bucket: ThrottleBucket, prefix: string): Promise<void> {
  await db
    .deleteFrom('throttle_events')
    .where('bucket', '=', bucket)
    .where(sql<boolean>`left(key, ${prefix.length}) = ${prefix}`)
    .execute();
}

/** Test mode: every counter of these buckets. */
export async function clearThrottleBuckets(db: Kysely<Database>, buckets: readonly ThrottleBucket[]): Promise<void> {
  if (buckets.length === 0) return;
  await db.deleteFrom('throttle_events').where('bucket', 'in', [...buckets]).execute();
}
