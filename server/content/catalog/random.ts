// Deterministic randomness for the generated catalog (issue 12 "Seed a realistic catalog"): every
// process, test and benchmark builds the same games from the same seed, and game n does not depend
// on how many games are built (a 10,000-game catalog starts with the 2,400 of the default one).
// No Math.random anywhere in server/content/catalog/.

/** FNV-1a, 32 bits: a stable number from a text (a game id, a seed and an index). */
export function hashString(text: string): number {
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index += 1) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/** mulberry32: a small, fast 32-bit generator; good enough for names and colours, never for secrets. */
function mulberry32(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export interface Rng {
  /** In [0, 1). */
  next: () => number;
  /** An integer in [min, max]. */
  int: (min: number, max: number) => number;
  /** A number in [min, max) rounded to `digits` decimals. */
  decimal: (min: number, max: number, digits: number) => number;
  chance: (probability: number) => boolean;
  pick: <T>(items: readonly T[]) => T;
  /** One of `entries` by weight. */
  weighted: <T>(entries: readonly (readonly [T, number])[]) => T;
}

/** A generator seeded by a text: `rngFor('catalog:casino:42')`. */
export function rngFor(seedText: string): Rng {
  const next = mulberry32(hashString(seedText));
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  return {
    next,
    int,
    decimal: (min, max, digits) => {
      const factor = 10 ** digits;
      return Math.round((min + next() * (max - min)) * factor) / factor;
    },
    chance: (probability) => next() < probability,
    pick: <T>(items: readonly T[]): T => {
      const item = items[Math.floor(next() * items.length)];
      if (item === undefined) throw new Error('pick from an empty list');
      return item;
    },
    weighted: <T>(entries: readonly (readonly [T, number])[]): T => {
      const total = entries.reduce((sum, [, weight]) => sum + weight, 0);
      let left = next() * total;
      for (const [item, weight] of entries) {
        left -= weight;
        if (left < 0) return item;
      }
      const last = entries[entries.length - 1];
      if (last === undefined) throw new Error('weighted pick from an empty list');
      return last[0];
    },
  };
}
