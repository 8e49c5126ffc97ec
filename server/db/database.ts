import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { Kysely, PGliteDialect, PostgresDialect, type PGlite as PGliteLike } from 'kysely';
import pg from 'pg';
import type { Database } from './schema';

// One Kysely over either engine: PGlite (embedded PostgreSQL in WASM) by default, a real
// PostgreSQL through `pg` when a URL is given. The queries and migrations are the same on both.

/** The subset of a PGlite instance Kysely's dialect needs (a `clone()` of one qualifies too). */
export type { PGliteLike };

export interface DatabaseOptions {
  /** A PostgreSQL connection string; when set, PGlite is not used. */
  url?: string | undefined;
  /** PostgreSQL only: the schema to work in (set as the connections' search_path). */
  schema?: string | undefined;
  /** PGlite data directory (created when missing). Ignored when `url` or `inMemory` is set. */
  dataDir?: string | undefined;
  /** PGlite in memory: nothing is written to disk (tests). */
  inMemory?: boolean | undefined;
  /** An already open PGlite (for example a `clone()` of a migrated template); it is closed with the database. */
  pglite?: PGliteLike | undefined;
}

export type DatabaseEngine = 'pglite' | 'postgres';

export interface PlatformDatabase {
  db: Kysely<Database>;
  engine: DatabaseEngine;
  /** Closes the connections (and PGlite, without which Node never exits). Safe to call twice. */
  close: () => Promise<void>;
}

export const DEFAULT_PGLITE_DIR = '.data/pglite';

const SCHEMA_NAME = /^[a-z_][a-z0-9_]{0,62}$/;

export async function createDatabase(options: DatabaseOptions = {}): Promise<PlatformDatabase> {
  if (options.url) return createPostgres(options.url, options.schema);
  const pglite = options.pglite ?? (await openPGlite(options));
  const db = new Kysely<Database>({ dialect: new PGliteDialect({ pglite }) });
  return {
    db,
    engine: 'pglite',
    close: once(async () => {
      // db.destroy() closes PGlite only when Kysely has used it; close it ourselves either way.
      await db.destroy();
      if (!pglite.closed) await pglite.close();
    }),
  };
}

async function openPGlite(options: DatabaseOptions): Promise<PGliteLike> {
  if (options.inMemory) return PGlite.create();
  const dataDir = resolve(options.dataDir ?? DEFAULT_PGLITE_DIR);
  mkdirSync(dataDir, { recursive: true });
  return PGlite.create({ dataDir });
}

function createPostgres(url: string, schema: string | undefined): PlatformDatabase {
  if (schema !== undefined && !SCHEMA_NAME.test(schema)) {
    throw new Error(`Invalid schema name "${schema}": use lowercase letters, digits and underscores.`);
  }
  const pool = new pg.Pool({
    connectionString: url,
    max: 10,
    ...(schema ? { options: `-c search_path=${schema}` } : {}),
  });
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  return { db, engine: 'postgres', close: once(() => db.destroy()) };
}

function once(action: () => Promise<void>): () => Promise<void> {
  let done: Promise<void> | undefined;
  return () => (done ??= action());
}
