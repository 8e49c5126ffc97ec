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
  /** PostgreSQL LISTEN on a channel: every NOTIFY on it, from any connection to this database. */
  listen: Listen;
  /** Closes the connections (and PGlite, without which Node never exits). Safe to call twice. */
  close: () => Promise<void>;
}

/**
 * Listens on `channel`: `onNotify` gets each notification's payload; `onListening` runs once the
 * LISTEN is in place, and again after each reconnection of PostgreSQL's listening connection
 * (notifications sent while it was down are lost: a listener that must not miss one re-reads then).
 * Resolves with a function that stops listening.
 */
export type Listen = (channel: string, onNotify: (payload: string) => void, onListening?: () => void) => Promise<() => Promise<void>>;

/** How a process's listening connection shows in pg_stat_activity (an operator can tell whose it is). */
export function listenerApplicationName(pid: number = process.pid): string {
  return `aurora-platform-listen-${String(pid)}`;
}

/** PostgreSQL's listening connection: reconnected after a loss, at first after this delay ... */
export const LISTEN_RECONNECT_MIN_MS = 250;
/** ... doubling up to this one. */
export const LISTEN_RECONNECT_MAX_MS = 10_000;

export const DEFAULT_PGLITE_DIR = '.data/pglite';

const SCHEMA_NAME = /^[a-z_][a-z0-9_]{0,62}$/;

export async function createDatabase(options: DatabaseOptions = {}): Promise<PlatformDatabase> {
  if (options.url) return createPostgres(options.url, options.schema);
  const pglite = options.pglite ?? (await openPGlite(options));
  const db = new Kysely<Database>({ dialect: new PGliteDialect({ pglite }) });
  return {
    db,
    engine: 'pglite',
    listen: pgliteListen(pglite),
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
  const listener = createPostgresListener(url);
  return {
    db,
    engine: 'postgres',
    listen: listener.listen,
    close: once(async () => {
      await listener.close();
      await db.destroy();
    }),
  };
}

/** PGlite's own LISTEN (one process: its notifications come from its own connection). */
function pgliteListen(pglite: PGliteLike): Listen {
  return async (channel, onNotify, onListening) => {
    // Kysely's PGlite type is the subset its dialect needs; the instance is a PGlite (or a clone).
    const full = pglite as Partial<Pick<PGlite, 'listen'>>;
    if (typeof full.listen !== 'function') throw new Error('This PGlite instance has no listen().');
    const unlisten = await full.listen.call(pglite, channel, onNotify);
    onListening?.();
    return async () => {
      if (!pglite.closed) await unlisten();
    };
  };
}

interface ChannelListener {
  onNotify: (payload: string) => void;
  onListening: (() => void) | undefined;
  /** The connection whose LISTEN this listener was last told about (once per connection). */
  toldOn: pg.Client | null;
}

/**
 * One dedicated `pg` connection (not the pool's: a pooled connection is handed to other queries)
 * that LISTENs on every channel asked for, reconnects after a loss with a doubling delay, and
 * LISTENs again; opened on the first listen().
 */
function createPostgresListener(url: string): { listen: Listen; close: () => Promise<void> } {
  const channels = new Map<string, Set<ChannelListener>>();
  let client: pg.Client | null = null;
  /** The channels LISTENed on `client`. */
  let listening = new Set<string>();
  let connecting: Promise<pg.Client> | null = null;
  let retryTimer: NodeJS.Timeout | null = null;
  let delayMs = LISTEN_RECONNECT_MIN_MS;
  let closed = false;

  /**
   * The connection's statements, one at a time: listen() calls for two channels may run at once,
   * and `pg` deprecates a query sent while the connection still runs another.
   */
  let statements: Promise<unknown> = Promise.resolve();
  const run = (target: pg.Client, text: string): Promise<unknown> => {
    const next = statements.then(() => target.query(text));
    statements = next.catch(() => undefined);
    return next;
  };

  const listenOn = async (target: pg.Client, channel: string) => {
    if (target !== client || listening.has(channel)) return;
    await run(target, `LISTEN ${target.escapeIdentifier(channel)}`);
    listening.add(channel);
  };

  /** Tells each listener of a LISTENed channel, once per connection, that it is listening. */
  const tell = (target: pg.Client) => {
    for (const [channel, listeners] of channels) {
      if (!listening.has(channel)) continue;
      for (const listener of listeners) {
        if (listener.toldOn === target) continue;
        listener.toldOn = target;
        listener.onListening?.();
      }
    }
  };

  const scheduleReconnect = () => {
    if (closed || retryTimer !== null || channels.size === 0) return;
    retryTimer = setTimeout(() => {
      retryTimer = null;
      connect().catch(() => undefined); // a failed try schedules the next one itself
    }, delayMs);
    retryTimer.unref();
    delayMs = Math.min(delayMs * 2, LISTEN_RECONNECT_MAX_MS);
  };

  const lost = (lostClient: pg.Client) => {
    if (client !== lostClient) return;
    client = null;
    listening = new Set();
    lostClient.removeAllListeners('notification');
    lostClient.end().catch(() => undefined);
    scheduleReconnect();
  };

  const connect = (): Promise<pg.Client> => {
    if (client) return Promise.resolve(client);
    connecting ??= (async () => {
      const next = new pg.Client({ connectionString: url, keepAlive: true, application_name: listenerApplicationName() });
      // An error on an idle connection (the server restarted, the network dropped) comes here.
      next.on('error', () => lost(next));
      next.on('end', () => lost(next));
      next.on('notification', (message) => {
        for (const listener of channels.get(message.channel) ?? []) listener.onNotify(message.payload ?? '');
      });
      try {
        await next.connect();
        if (closed) throw new Error('The database is closed.');
        client = next;
        listening = new Set();
        for (const channel of [...channels.keys()]) await listenOn(next, channel);
      } catch (error) {
        if (client === next) client = null;
        next.removeAllListeners('notification');
        await next.end().catch(() => undefined);
        throw error;
      }
      delayMs = LISTEN_RECONNECT_MIN_MS;
      tell(next);
      return next;
    })()
      .catch((error: unknown) => {
        scheduleReconnect();
        throw error;
      })
      .finally(() => {
        connecting = null;
      });
    return connecting;
  };

  const listen: Listen = async (channel, onNotify, onListening) => {
    if (closed) throw new Error('The database is closed.');
    const listener: ChannelListener = { onNotify, onListening, toldOn: null };
    const listeners = channels.get(channel) ?? new Set<ChannelListener>();
    listeners.add(listener);
    channels.set(channel, listeners);
    const stop = async () => {
      listeners.delete(listener);
      if (listeners.size > 0 || channels.get(channel) !== listeners) return;
      channels.delete(channel);
      if (client && listening.delete(channel)) await run(client, `UNLISTEN ${client.escapeIdentifier(channel)}`).catch(() => undefined);
    };
    try {
      const connected = await connect();
      await listenOn(connected, channel);
      tell(connected);
    } catch (error) {
      await stop();
      throw error;
    }
    return stop;
  };

  return {
    listen,
    close: async () => {
      closed = true;
      if (retryTimer !== null) clearTimeout(retryTimer);
      retryTimer = null;
      channels.clear();
      const current = client ?? (await connecting?.catch(() => null)) ?? null;
      client = null;
      if (current) {
        current.removeAllListeners();
        current.on('error', () => undefined);
        await current.end().catch(() => undefined);
      }
    },
  };
}

function once(action: () => Promise<void>): () => Promise<void> {
  let done: Promise<void> | undefined;
  return () => (done ??= action());
}
