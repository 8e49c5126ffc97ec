import type { Kysely, Updateable } from 'kysely';
import type { Database, JsonValue, NewPlayerRow, PlayerRow, PlayersTable } from '../db/schema';
import { clearAllLoginThrottles, clearLoginThrottle, type LoginLock } from './throttle';
import { hashPassword, verifyPassword as verifyHash } from '../crypto/passwords';
import {
  findPlayerByCpf,
  findPlayerById,
  findPlayerByIdForUpdate,
  findPlayerByNormalizedEmail,
  findPlayerByPersonId,
  insertPlayer,
  updatePlayer,
} from '../repositories/players';

// The player store (migration 0003): create, find, update, passwords; the login locks live in
// server/services/throttle.ts (migration 0005; the players.failed_login_* columns are no longer used).
// Every function takes the Kysely it is given, so a caller can run it inside a transaction
// (`createPlayerStore(trx)`). Rows are returned as the database has them (snake_case).

export type Player = PlayerRow;

export interface CreatePlayerInput extends Omit<NewPlayerRow, 'id' | 'password_hash' | 'affiliate' | 'updated_at'> {
  /** The plain password (hashed here); null or absent for a pay-and-play player. */
  password?: string | null;
  affiliate?: JsonValue | null;
}

/** What `update` may change: everything but the id, the password (setPassword) and the lock counters. */
export type PlayerPatch = Omit<
  Updateable<PlayersTable>,
  'id' | 'password_hash' | 'affiliate' | 'failed_login_count' | 'failed_login_window_start' | 'login_locked_until' | 'updated_at'
> & { affiliate?: JsonValue | null };

export type UniquePlayerField = 'email' | 'personid' | 'cpf';

/** A create or update that would give two players the same e-mail, person id or CPF. */
export class PlayerConflictError extends Error {
  readonly field: UniquePlayerField;

  constructor(field: UniquePlayerField) {
    super(`Another player has this ${field}.`);
    this.name = 'PlayerConflictError';
    this.field = field;
  }
}

const CONSTRAINT_FIELDS: Record<string, UniquePlayerField> = {
  players_email_lower_key: 'email',
  players_personid_key: 'personid',
  players_cpf_key: 'cpf',
};

/** Turns PostgreSQL's unique violation (23505) on players into a PlayerConflictError. */
function conflictOf(error: unknown): PlayerConflictError | null {
  if (typeof error !== 'object' || error === null) return null;
  const { code, constraint, message } = error as { code?: unknown; constraint?: unknown; message?: unknown };
  if (code !== '23505') return null;
  const name =
    typeof constraint === 'string'
      ? constraint
      : Object.keys(CONSTRAINT_FIELDS).find((key) => typeof message === 'string' && message.includes(key));
  const field = name === undefined ? undefined : CONSTRAINT_FIELDS[name];
  return field ? new PlayerConflictError(field) : null;
}

async function rethrowConflict<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (error) {
    throw conflictOf(error) ?? error;
  }
}

/** E-mail addresses compare without case and surrounding spaces. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** GLI-19 2.5.3's lock: how many failures within which window (server/services/throttle.ts counts them). */
export type LoginLockPolicy = LoginLock;

export interface PlayerStore {
  create(input: CreatePlayerInput): Promise<Player>;
  findByEmail(email: string): Promise<Player | undefined>;
  findById(id: number): Promise<Player | undefined>;
  /** The row locked until the transaction ends (a check and a write that must not interleave). */
  findByIdForUpdate(id: number): Promise<Player | undefined>;
  findByPersonId(personid: string): Promise<Player | undefined>;
  findByCpf(cpf: string): Promise<Player | undefined>;
  /** The updated row, or undefined for an unknown id. */
  update(id: number, patch: PlayerPatch): Promise<Player | undefined>;
  setPassword(id: number, password: string): Promise<void>;
  /** Constant-time; false for a player without a password. */
  verifyPassword(player: Player, password: string): Promise<boolean>;
  /** The player proved who they are (a reset): every login lock and delay on their e-mail goes. */
  clearLoginFailures(id: number): Promise<void>;
  /** Test mode: every lock and counter cleared. */
  clearAllLoginFailures(): Promise<void>;
}

export function createPlayerStore(db: Kysely<Database>, clock: () => Date = () => new Date()): PlayerStore {
  const findById = (id: number) => findPlayerById(db, id);

  return {
    async create({ password, affiliate, email, ...rest }) {
      const now = clock();
      const password_hash = password ? await hashPassword(password) : null;
      return rethrowConflict(
        insertPlayer(db, {
          ...rest,
          email: email === null || email === undefined ? null : email.trim(),
          password_hash,
          affiliate: affiliate === undefined || affiliate === null ? null : JSON.stringify(affiliate),
          registration_date: rest.registration_date ?? now,
          updated_at: now,
        }),
      );
    },

    findByEmail: (email) => findPlayerByNormalizedEmail(db, normalizeEmail(email)),

    findById,

    findByIdForUpdate: (id) => findPlayerByIdForUpdate(db, id),

    findByPersonId: (personid) => findPlayerByPersonId(db, personid),

    findByCpf: (cpf) => findPlayerByCpf(db, cpf),

    async update(id, { affiliate, email, ...patch }) {
      const values: Updateable<PlayersTable> = { ...patch, updated_at: clock() };
      if (email !== undefined) values.email = email === null ? null : email.trim();
      if (affiliate !== undefined) values.affiliate = affiliate === null ? null : JSON.stringify(affiliate);
      return rethrowConflict(updatePlayer(db, id, values));
    },

    async setPassword(id, password) {
      const password_hash = await hashPassword(password);
      await updatePlayer(db, id, { password_hash, updated_at: clock() });
    },

    verifyPassword: (player, password) => verifyHash(password, player.password_hash),

    async clearLoginFailures(id) {
      const player = await findById(id);
      if (player?.email) await clearLoginThrottle(db, normalizeEmail(player.email));
    },

    async clearAllLoginFailures() {
      await clearAllLoginThrottles(db);
    },
  };
}
