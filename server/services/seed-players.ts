import type { Kysely } from 'kysely';
import { DAY_MS } from '../../machines/lib/constants';
import type { Database } from '../db/schema';
import { currentTermsVersion } from './account-status';
import { forgetInterval } from '../repositories/activity';
import { deletePlayerLimits } from '../repositories/limits';
import { updatePlayer } from '../repositories/players';
import { hashPassword } from '../crypto/passwords';
import { createPlayerStore, type CreatePlayerInput, type PlayerPatch } from './players';

// The players every start makes sure exist (issue 3; the brief's "Server facts"): one per login
// outcome of behaviour.md §8 "Login", for local runs and the browser tests. Idempotent: a missing
// one is created; an existing one keeps its password and data, and only its account state (the
// status and the dates that make it, its gambling limits and its reality-check setting, issue 13)
// is put back, so that "time-out active 5 days" stays true however long a data folder lives and a
// journey that sets a limit or excludes its player can run again.

/** The password of every seeded player. */
export const SEEDED_PASSWORD = 'Aurora-Player-1';
/** The pay-and-play test bank's known identity: player@example.com. */
export const SEEDED_PERSONID = '010190-1234';
export const SEEDED_TIMEOUT_DAYS = 5;

export const SEEDED_EMAILS = {
  player: 'player@example.com',
  terms: 'terms@example.com',
  timeout: 'timeout@example.com',
  excluded: 'excluded@example.com',
  closed: 'closed@example.com',
  /** The password reset and account browser journeys (tests/e2e/account.spec.ts) change this one. */
  reset: 'reset@example.com',
  /** The lock-out browser journey (three wrong passwords) uses this one and no other test does. */
  locked: 'locked@example.com',
  blacklisted: 'blacklisted@example.com',
  /** A player of the GG market (Great Britain, GBP; issue 11: a withdrawal there cannot be cancelled, UKGC RTS 14B). */
  uk: 'uk@example.com',
  /** The games browser journeys (tests/e2e/games.spec.ts) play, favour and log in with this one and no other test does. */
  games: 'games@example.com',
  // Issue 13 (responsible gambling): one browser journey each, and no other test uses them.
  /** The gambling-limits journey (FI). */
  limits: 'limits@example.com',
  /** The reality-check journey (FI). */
  reality: 'reality@example.com',
  /** The self-exclusion journey (FI): REGISTERED again on every start. */
  exclude: 'exclude@example.com',
  /** Sweden (PP, SEK): the Spelpaus / Spelgränser / Självtest badges; a deposit limit before the first deposit. */
  se: 'se@example.com',
  /** Germany (JJ, EUR, German): the panic button; a monthly deposit limit before play. */
  de: 'de@example.com',
  /** The Netherlands (LL, EUR): deposit and time limits before play. */
  nl: 'nl@example.com',
  /** Canada, Ontario (CA, CAD): limits offered at registration. */
  ca: 'ca@example.com',
  // Issue 23: one player per market with a national self-exclusion register, listed in it (the
  // simulated registers list every e-mail ending in +listed, server/providers/simulated-registers.ts).
  /** Sweden (PP): listed in Spelpaus; every login is refused. */
  spelpausListed: 'spelpaus+listed@example.com',
  /** Germany (JJ): listed in OASIS; every login is refused. */
  oasisListed: 'oasis+listed@example.com',
  /** Great Britain (GG): listed in GAMSTOP; every login is refused. */
  gamstopListed: 'gamstop+listed@example.com',
} as const;

interface SeededPlayer {
  details: Omit<CreatePlayerInput, 'password' | 'email'>;
  /** Re-applied on every start. */
  state: (now: Date) => PlayerPatch;
}

const FINN = {
  country_code: 'FI',
  language_code: 'fi',
  currency_code: 'EUR',
  phone_prefix: '+358',
  marketing_opt_in: false,
  cookie_policy_accepted: true,
  kyc_status: 'NOT_VERIFIED',
} as const;

/** A break's own columns (migration 0013), cleared with every seeded state: a seeded break is a plain one. */
const NO_BREAK_DETAILS = { break_is_cooling: false, break_initiator: null, status_before_break: null } as const satisfies PlayerPatch;

const registered = (): PlayerPatch => ({ status: 'REGISTERED', timeout_until: null, exclusion_until: null, exclusion_indefinite: false });

/** A seeded player of another market than Finland's (issue 13's per-market journeys). */
function abroad(
  country_code: string,
  currency_code: string,
  language_code: string,
  phone_prefix: string,
): Pick<CreatePlayerInput, 'country_code' | 'currency_code' | 'language_code' | 'phone_prefix'> {
  return { country_code, currency_code, language_code, phone_prefix };
}

function seededPlayers(termsVersion: number): Record<keyof typeof SEEDED_EMAILS, SeededPlayer> {
  /** A seeded player: a Finn who accepted the current terms unless `other` says otherwise. */
  const seeded = (
    name: readonly [first_name: string, last_name: string],
    phone_body: string,
    state: SeededPlayer['state'] = registered,
    other: Partial<SeededPlayer['details']> = {},
  ): SeededPlayer => ({
    details: { ...FINN, first_name: name[0], last_name: name[1], phone_body, terms_accepted_version: termsVersion, ...other },
    state,
  });
  return {
    player: seeded(['Aino', 'Player'], '401234567', registered, { personid: SEEDED_PERSONID }),
    // Accepted version 2 of 3: the terms guard sends them to /accept-terms-condition.
    terms: seeded(['Terho', 'Terms'], '401234568', registered, { terms_accepted_version: 2 }),
    timeout: seeded(['Taru', 'Timeout'], '401234569', (now) => ({
      status: 'TIMEOUT',
      timeout_until: new Date(now.getTime() + SEEDED_TIMEOUT_DAYS * DAY_MS),
    })),
    excluded: seeded(['Eero', 'Excluded'], '401234570', () => ({ status: 'SELF_EXCLUDED', exclusion_until: null, exclusion_indefinite: true })),
    closed: seeded(['Kaisa', 'Closed'], '401234571', () => ({ status: 'CLOSED' })),
    reset: seeded(['Riikka', 'Reset'], '401234599'),
    locked: seeded(['Lauri', 'Locked'], '401234572'),
    blacklisted: seeded(['Mikko', 'Blacklisted'], '401234573', () => ({ status: 'BLACKLISTED' })),
    games: seeded(['Pelle', 'Player'], '401234574'),
    uk: seeded(['Olivia', 'Briton'], '7700900123', registered, { country_code: 'GB', language_code: 'en', currency_code: 'GBP', phone_prefix: '+44' }),
    limits: seeded(['Liisa', 'Limits'], '401234575'),
    reality: seeded(['Risto', 'Reality'], '401234576'),
    exclude: seeded(['Elina', 'Exclude'], '401234577'),
    se: seeded(['Sven', 'Svensson'], '701234567', registered, abroad('SE', 'SEK', 'en', '+46')),
    de: seeded(['Dieter', 'Deutsch'], '15112345678', registered, abroad('DE', 'EUR', 'de', '+49')),
    nl: seeded(['Noor', 'Jansen'], '612345678', registered, abroad('NL', 'EUR', 'en', '+31')),
    ca: seeded(['Chloe', 'Tremblay'], '4165550123', registered, { ...abroad('CA', 'CAD', 'ca', '+1'), province_code: 'ON' }),
    spelpausListed: seeded(['Stina', 'Spelpaus'], '701234568', registered, abroad('SE', 'SEK', 'en', '+46')),
    oasisListed: seeded(['Otto', 'Oasis'], '15112345679', registered, abroad('DE', 'EUR', 'de', '+49')),
    gamstopListed: seeded(['Gemma', 'Gamstop'], '7700900124', registered, abroad('GB', 'GBP', 'en', '+44')),
  };
}

/**
 * Issue 13: a seeded player's gambling limits (migration 0012) and reality-check choice (0013) go,
 * so every start begins from "no limits, the default interval".
 */
async function resetResponsibleGambling(db: Kysely<Database>, playerId: number): Promise<void> {
  await deletePlayerLimits(db, playerId);
  await forgetInterval(db, playerId);
}

export interface SeedPlayersResult {
  created: number;
}

export async function seedPlayers(db: Kysely<Database>, clock: () => Date = () => new Date()): Promise<SeedPlayersResult> {
  const store = createPlayerStore(db, clock);
  const now = clock();
  // One hash for every seeded player (they share the one published test password): a start, and
  // every server test file, hashes once instead of once per player (~0.2 s each).
  let passwordHash: Promise<string> | undefined;
  const setPassword = async (id: number) => {
    passwordHash ??= hashPassword(SEEDED_PASSWORD);
    await updatePlayer(db, id, { password_hash: await passwordHash });
  };
  let created = 0;
  for (const [key, seeded] of Object.entries(seededPlayers(currentTermsVersion()))) {
    const email = SEEDED_EMAILS[key as keyof typeof SEEDED_EMAILS];
    const state = { ...NO_BREAK_DETAILS, ...seeded.state(now) };
    const existing = await store.findByEmail(email);
    if (existing) {
      await store.update(existing.id, state);
      await resetResponsibleGambling(db, existing.id);
      // A start stopped between the creation and the password left none.
      if (existing.password_hash === null) await setPassword(existing.id);
      continue;
    }
    try {
      const player = await store.create({ ...seeded.details, ...state, email, password: null });
      await setPassword(player.id);
      created += 1;
    } catch (error) {
      // Another instance seeded it at the same moment: fine, it exists now.
      if (!(await store.findByEmail(email))) throw error;
    }
  }
  return { created };
}
