import type { Kysely } from 'kysely';
import { DAY_MS } from '../../machines/lib/constants';
import type { Database } from '../db/schema';
import { currentTermsVersion } from './account-status';
import { createPlayerStore, type CreatePlayerInput, type PlayerPatch } from './players';

// The players every start makes sure exist (issue 3; the brief's "Server facts"): one per login
// outcome of behaviour.md §8 "Login", for local runs and the browser tests. Idempotent: a missing
// one is created; an existing one keeps its password and data, and only its account state (the
// status and the dates that make it) is put back, so that "time-out active 5 days" stays true
// however long a data folder lives.

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

const registered = (): PlayerPatch => ({ status: 'REGISTERED', timeout_until: null, exclusion_until: null, exclusion_indefinite: false });

function seededPlayers(termsVersion: number): Record<keyof typeof SEEDED_EMAILS, SeededPlayer> {
  return {
    player: {
      details: { ...FINN, first_name: 'Aino', last_name: 'Player', phone_body: '401234567', personid: SEEDED_PERSONID, terms_accepted_version: termsVersion },
      state: registered,
    },
    terms: {
      // Accepted version 2 of 3: the terms guard sends them to /accept-terms-condition.
      details: { ...FINN, first_name: 'Terho', last_name: 'Terms', phone_body: '401234568', terms_accepted_version: 2 },
      state: registered,
    },
    timeout: {
      details: { ...FINN, first_name: 'Taru', last_name: 'Timeout', phone_body: '401234569', terms_accepted_version: termsVersion },
      state: (now) => ({ status: 'TIMEOUT', timeout_until: new Date(now.getTime() + SEEDED_TIMEOUT_DAYS * DAY_MS) }),
    },
    excluded: {
      details: { ...FINN, first_name: 'Eero', last_name: 'Excluded', phone_body: '401234570', terms_accepted_version: termsVersion },
      state: () => ({ status: 'SELF_EXCLUDED', exclusion_until: null, exclusion_indefinite: true }),
    },
    closed: {
      details: { ...FINN, first_name: 'Kaisa', last_name: 'Closed', phone_body: '401234571', terms_accepted_version: termsVersion },
      state: () => ({ status: 'CLOSED' }),
    },
    reset: {
      details: { ...FINN, first_name: 'Riikka', last_name: 'Reset', phone_body: '401234599', terms_accepted_version: termsVersion },
      state: registered,
    },
    locked: {
      details: { ...FINN, first_name: 'Lauri', last_name: 'Locked', phone_body: '401234572', terms_accepted_version: termsVersion },
      state: registered,
    },
    blacklisted: {
      details: { ...FINN, first_name: 'Mikko', last_name: 'Blacklisted', phone_body: '401234573', terms_accepted_version: termsVersion },
      state: () => ({ status: 'BLACKLISTED' }),
    },
    games: {
      details: { ...FINN, first_name: 'Pelle', last_name: 'Player', phone_body: '401234574', terms_accepted_version: termsVersion },
      state: registered,
    },
    uk: {
      details: {
        ...FINN,
        country_code: 'GB',
        language_code: 'en',
        currency_code: 'GBP',
        phone_prefix: '+44',
        first_name: 'Olivia',
        last_name: 'Briton',
        phone_body: '7700900123',
        terms_accepted_version: termsVersion,
      },
      state: registered,
    },
  };
}

export interface SeedPlayersResult {
  created: number;
}

export async function seedPlayers(db: Kysely<Database>, clock: () => Date = () => new Date()): Promise<SeedPlayersResult> {
  const store = createPlayerStore(db, clock);
  const now = clock();
  let created = 0;
  for (const [key, seeded] of Object.entries(seededPlayers(currentTermsVersion()))) {
    const email = SEEDED_EMAILS[key as keyof typeof SEEDED_EMAILS];
    const existing = await store.findByEmail(email);
    if (existing) {
      await store.update(existing.id, seeded.state(now));
      continue;
    }
    try {
      await store.create({ ...seeded.details, ...seeded.state(now), email, password: SEEDED_PASSWORD });
      created += 1;
    } catch (error) {
      // Another instance seeded it at the same moment: fine, it exists now.
      if (!(await store.findByEmail(email))) throw error;
    }
  }
  return { created };
}
