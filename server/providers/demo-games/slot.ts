// The demo provider's 5-reel slot, "Aurora Sevens" (issue 12, "The demo game provider"): published
// reel strips and paytable, the evaluation of a spin, and the return to player computed EXACTLY
// from them by enumeration (no simulation, no rounding until the figure is shown). The game page
// (client/game.js) shows these same tables; tests/server/demo-games.test.ts checks that the
// computed RTP is the published one.
//
// Rules: 5 reels, 3 rows, 10 fixed paylines, every line played. A line pays when its leftmost 3, 4
// or 5 symbols are the same (from reel 1, consecutive); a line pays its symbol's multiplier times
// the line bet, and the wins of all lines add up. No wilds, scatters, features or autoplay. The
// stake is 10 line bets.
//
// Why the RTP can be enumerated over symbols instead of stops: a reel stops on each of its strip
// positions with equal probability and the strip is read cyclically, so every row of a reel shows
// each strip position equally often: the symbol in any one cell has the reel's symbol frequencies,
// and cells on different reels are independent. Every line therefore has the same expected pay,
// and the RTP is the expected pay of one line divided by the line bet: a sum over the 6^5 symbol
// combinations weighted by how many stops show them.

export const SLOT_SYMBOLS = ['seven', 'bar', 'bell', 'cherry', 'lemon', 'orange'] as const;
export type SlotSymbol = (typeof SLOT_SYMBOLS)[number];

/** The symbols' names as the page shows them (and reads them out). */
export const SLOT_SYMBOL_NAMES: Readonly<Record<SlotSymbol, string>> = {
  seven: 'Seven',
  bar: 'Bar',
  bell: 'Bell',
  cherry: 'Cherry',
  lemon: 'Lemon',
  orange: 'Orange',
};

export const SLOT_REELS = 5;
export const SLOT_ROWS = 3;

/**
 * The published reel strips, 20 stops each, read top to bottom and around. Each reel holds 1 seven,
 * 2 bars, 3 bells, 4 cherries, 5 lemons and 5 oranges, in its own order.
 */
export const SLOT_STRIPS: readonly (readonly SlotSymbol[])[] = [
  ['seven', 'lemon', 'cherry', 'orange', 'bell', 'lemon', 'bar', 'orange', 'cherry', 'lemon', 'bell', 'orange', 'cherry', 'lemon', 'orange', 'bar', 'bell', 'cherry', 'orange', 'lemon'],
  ['orange', 'bell', 'lemon', 'cherry', 'seven', 'orange', 'lemon', 'bar', 'cherry', 'orange', 'bell', 'lemon', 'cherry', 'orange', 'bar', 'lemon', 'bell', 'orange', 'cherry', 'lemon'],
  ['lemon', 'cherry', 'orange', 'bar', 'lemon', 'bell', 'orange', 'cherry', 'seven', 'lemon', 'orange', 'bell', 'cherry', 'lemon', 'bar', 'orange', 'cherry', 'bell', 'lemon', 'orange'],
  ['cherry', 'orange', 'lemon', 'bell', 'bar', 'orange', 'cherry', 'lemon', 'orange', 'bell', 'seven', 'lemon', 'cherry', 'orange', 'lemon', 'bar', 'bell', 'orange', 'cherry', 'lemon'],
  ['bell', 'lemon', 'orange', 'cherry', 'lemon', 'bar', 'orange', 'bell', 'lemon', 'cherry', 'orange', 'seven', 'lemon', 'cherry', 'bell', 'orange', 'bar', 'lemon', 'cherry', 'orange'],
];

/** Multipliers of the line bet for 3, 4 and 5 of a kind. */
export const SLOT_PAYTABLE: Readonly<Record<SlotSymbol, readonly [three: number, four: number, five: number]>> = {
  seven: [100, 500, 2500],
  bar: [40, 150, 600],
  bell: [20, 100, 320],
  cherry: [14, 40, 150],
  lemon: [10, 25, 100],
  orange: [10, 25, 100],
};

/** The 10 paylines: for each reel, the row (0 top, 1 middle, 2 bottom) the line reads. */
export const SLOT_PAYLINES: readonly (readonly number[])[] = [
  [1, 1, 1, 1, 1],
  [0, 0, 0, 0, 0],
  [2, 2, 2, 2, 2],
  [0, 1, 2, 1, 0],
  [2, 1, 0, 1, 2],
  [0, 0, 1, 2, 2],
  [2, 2, 1, 0, 0],
  [1, 0, 0, 0, 1],
  [1, 2, 2, 2, 1],
  [0, 1, 1, 1, 0],
];

/** The published return to player, percent with two decimals (the enumeration's exact figure is 96.0803125 %). */
export const SLOT_PUBLISHED_RTP = '96.08';

/** The line multiplier of 5 symbols read left to right: 3, 4 or 5 of a kind from reel 1. */
export function linePay(symbols: readonly SlotSymbol[]): { symbol: SlotSymbol; count: number; multiplier: number } | null {
  const first = symbols[0];
  if (first === undefined) return null;
  let count = 1;
  while (count < symbols.length && symbols[count] === first) count += 1;
  if (count < 3) return null;
  const multiplier = SLOT_PAYTABLE[first][count - 3] ?? 0;
  return { symbol: first, count, multiplier };
}

/** The 3 x 5 window for these stops: grid[reel][row] = strip[(stop + row) mod length]. */
export function slotWindow(stops: readonly number[]): SlotSymbol[][] {
  return SLOT_STRIPS.map((strip, reel) => {
    const stop = stops[reel] ?? 0;
    return Array.from({ length: SLOT_ROWS }, (_, row) => strip[(stop + row) % strip.length] as SlotSymbol);
  });
}

export interface SlotLineWin {
  /** Index into SLOT_PAYLINES. */
  line: number;
  symbol: SlotSymbol;
  count: number;
  multiplier: number;
}

export interface SlotOutcome {
  stops: number[];
  window: SlotSymbol[][];
  lines: SlotLineWin[];
  /** The sum of the winning lines' multipliers: the win is this times the line bet. */
  multiplier: number;
}

/** Evaluates the window shown by these stops. */
export function evaluateSlot(stops: readonly number[]): SlotOutcome {
  const window = slotWindow(stops);
  const lines: SlotLineWin[] = [];
  SLOT_PAYLINES.forEach((rows, line) => {
    const pay = linePay(rows.map((row, reel) => window[reel]?.[row] as SlotSymbol));
    if (pay) lines.push({ line, ...pay });
  });
  return { stops: [...stops], window, lines, multiplier: lines.reduce((sum, win) => sum + win.multiplier, 0) };
}

/** Stops from a source of uniform integers below a bound (crypto: server/providers/demo-games/rng.ts). */
export function drawSlotStops(uniform: (bound: number) => number): number[] {
  return SLOT_STRIPS.map((strip) => uniform(strip.length));
}

export interface ExactRtp {
  /** Total line multipliers over every weighted combination. */
  numerator: bigint;
  /** The number of stop combinations (the product of the strips' lengths). */
  denominator: bigint;
  /** numerator / denominator as a percentage (for display; the fraction is the exact figure). */
  percent: number;
}

/**
 * The slot's RTP by exact enumeration: every combination of one symbol per reel, weighted by how
 * many stops of each reel show it, evaluated by `linePay` (the function the game itself uses).
 * RTP = expected line multiplier (see the header: every line has the same expectation, and the
 * stake is one line bet per line).
 */
export function slotRtp(): ExactRtp {
  const counts = SLOT_STRIPS.map((strip) => {
    const count = new Map<SlotSymbol, bigint>();
    for (const symbol of strip) count.set(symbol, (count.get(symbol) ?? 0n) + 1n);
    return [...count.entries()];
  });
  let numerator = 0n;
  const walk = (reel: number, symbols: SlotSymbol[], weight: bigint): void => {
    if (reel === SLOT_REELS) {
      const pay = linePay(symbols);
      if (pay) numerator += weight * BigInt(pay.multiplier);
      return;
    }
    for (const [symbol, count] of counts[reel] ?? []) walk(reel + 1, [...symbols, symbol], weight * count);
  };
  walk(0, [], 1n);
  const denominator = SLOT_STRIPS.reduce((product, strip) => product * BigInt(strip.length), 1n);
  // Percent with 9 decimals, from integers (no float until the last division).
  const percent = Number((numerator * 100_000_000_000n) / denominator) / 1_000_000_000;
  return { numerator, denominator, percent };
}

/**
 * The standard deviation of one line's return, in line bets, by enumeration like slotRtp: how far
 * a spin's result strays from the average (the volatility class, machines/lib/games.ts volatilityOf).
 */
export function slotLineDeviation(): number {
  const counts = SLOT_STRIPS.map((strip) => SLOT_SYMBOLS.map((symbol) => strip.filter((s) => s === symbol).length));
  let sum = 0;
  let squares = 0;
  let total = 0;
  const walk = (reel: number, symbols: SlotSymbol[], weight: number): void => {
    if (reel === SLOT_REELS) {
      const multiplier = linePay(symbols)?.multiplier ?? 0;
      sum += weight * multiplier;
      squares += weight * multiplier * multiplier;
      total += weight;
      return;
    }
    SLOT_SYMBOLS.forEach((symbol, index) => {
      const count = counts[reel]?.[index] ?? 0;
      if (count > 0) walk(reel + 1, [...symbols, symbol], weight * count);
    });
  };
  walk(0, [], 1);
  const mean = sum / total;
  return Math.sqrt(squares / total - mean * mean);
}

/** Hit frequency of one line (the share of stop combinations where a line pays), for the paytable page. */
export function slotLineHitRate(): number {
  let hits = 0n;
  const counts = SLOT_STRIPS.map((strip) => SLOT_SYMBOLS.map((symbol) => BigInt(strip.filter((s) => s === symbol).length)));
  const walk = (reel: number, symbols: SlotSymbol[], weight: bigint): void => {
    if (reel === SLOT_REELS) {
      if (linePay(symbols)) hits += weight;
      return;
    }
    SLOT_SYMBOLS.forEach((symbol, index) => {
      const count = counts[reel]?.[index] ?? 0n;
      if (count > 0n) walk(reel + 1, [...symbols, symbol], weight * count);
    });
  };
  walk(0, [], 1n);
  const denominator = SLOT_STRIPS.reduce((product, strip) => product * BigInt(strip.length), 1n);
  return Number((hits * 1_000_000n) / denominator) / 1_000_000;
}
