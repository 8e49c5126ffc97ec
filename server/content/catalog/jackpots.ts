import { hashString, rngFor } from './random';

// Jackpot values (behaviour.md §7 "Jackpot amount: GET with gameIds and siteId"; product.md §3
// "jackpot values"). A jackpot is a function of time only: it grows at its own rate from its seed
// value and drops back to the seed when it is won, once per cycle. Every process (and every test
// with its own clock) computes the same amount for the same instant; nothing is stored.

export const JACKPOT_CURRENCY = 'EUR';

export interface JackpotModel {
  /** Cents at the start of each cycle. */
  seedCents: number;
  /** Cents added per second. */
  centsPerSecond: number;
  /** Seconds between two wins. */
  cycleSeconds: number;
  /** Where in its cycle the jackpot was at the Unix epoch. */
  phaseSeconds: number;
}

/** The game's jackpot, from its id. */
export function jackpotModel(gameId: string): JackpotModel {
  const rng = rngFor(`jackpot:${gameId}`);
  const mega = rng.chance(0.2);
  const cycleSeconds = rng.int(3, mega ? 90 : 21) * 86_400;
  return {
    seedCents: (mega ? rng.int(500_000, 2_000_000) : rng.int(5_000, 50_000)) * 100,
    centsPerSecond: mega ? rng.int(20, 150) : rng.int(1, 25),
    cycleSeconds,
    phaseSeconds: hashString(`phase:${gameId}`) % cycleSeconds,
  };
}

/** The jackpot's amount in cents at `now`. */
export function jackpotCentsAt(gameId: string, now: Date): number {
  const model = jackpotModel(gameId);
  const seconds = Math.floor(now.getTime() / 1000) + model.phaseSeconds;
  const intoCycle = ((seconds % model.cycleSeconds) + model.cycleSeconds) % model.cycleSeconds;
  return model.seedCents + intoCycle * model.centsPerSecond;
}

/** The wire's decimal string: "12345.67". */
export function jackpotAmountAt(gameId: string, now: Date): string {
  const cents = jackpotCentsAt(gameId, now);
  return `${String(Math.floor(cents / 100))}.${String(cents % 100).padStart(2, '0')}`;
}
