import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';

/** Runs `work` in a transaction (or in the one `db` already is): services open their transactions with it. */
export function inTransaction<T>(db: Kysely<Database>, work: (trx: Kysely<Database>) => Promise<T>): Promise<T> {
  return db.isTransaction ? work(db) : db.transaction().execute(work);
}
