// The demo provider's European roulette (issue 12, "The demo game provider"): one zero, 37 pockets,
// the bets straight up, red / black, odd / even, low / high and dozens, paid by the usual table
// (35 to 1, 1 to 1, 2 to 1). Zero loses every outside bet (no la partage). The RTP of every bet is
// 36/37 = 97.297... %, computed here by enumerating the 37 pockets (rouletteRtp). The live-table
// simulation (live.ts) plays the same rules.

export const ROULETTE_POCKETS = 37;

/** The red numbers of a European wheel; the others from 1 to 36 are black, 0 is green. */
export const RED_NUMBERS: ReadonlySet<number> = new Set([1, 3, 5, 7, 9, 12, 14, 16, 18, 19, 21, 23, 25, 27, 30, 32, 34, 36]);

export const ROULETTE_BET_KINDS = ['straight', 'red', 'black', 'odd', 'even', 'low', 'high', 'dozen'] as const;
export type RouletteBetKind = (typeof ROULETTE_BET_KINDS)[number];

/** A bet's position: the number for straight (0-36), the dozen (1-3) for dozen, nothing otherwise. */
export interface RoulettePosition {
  kind: RouletteBetKind;
  value?: number | undefined;
}

/** What a winning bet pays, to 1 (the stake comes back besides). */
export const ROULETTE_PAYS: Readonly<Record<RouletteBetKind, number>> = {
  straight: 35,
  red: 1,
  black: 1,
  odd: 1,
  even: 1,
  low: 1,
  high: 1,
  dozen: 2,
};

export function pocketColour(pocket: number): 'green' | 'red' | 'black' {
  return pocket === 0 ? 'green' : RED_NUMBERS.has(pocket) ? 'red' : 'black';
}

/** Is the position well formed (a straight's number 0-36, a dozen 1-3, no value otherwise)? */
export function validPosition(position: RoulettePosition): boolean {
  switch (position.kind) {
    case 'straight':
      return Number.isInteger(position.value) && (position.value ?? -1) >= 0 && (position.value ?? 99) <= 36;
    case 'dozen':
      return Number.isInteger(position.value) && (position.value ?? 0) >= 1 && (position.value ?? 9) <= 3;
    default:
      return position.value === undefined;
  }
}

/** Does the position win on this pocket? Zero wins only a straight bet on 0. */
export function positionWins(position: RoulettePosition, pocket: number): boolean {
  if (position.kind === 'straight') return position.value === pocket;
  if (pocket === 0) return false;
  switch (position.kind) {
    case 'red':
      return RED_NUMBERS.has(pocket);
    case 'black':
      return !RED_NUMBERS.has(pocket);
    case 'odd':
      return pocket % 2 === 1;
    case 'even':
      return pocket % 2 === 0;
    case 'low':
      return pocket <= 18;
    case 'high':
      return pocket >= 19;
    case 'dozen':
      return Math.ceil(pocket / 12) === position.value;
  }
}

export interface RouletteBet extends RoulettePosition {
  /** In ledger cents (hundredths of the currency's unit). */
  amount: number;
}

/** What the bets return on this pocket: each winning bet's stake plus its pay (ledger cents). */
export function rouletteReturn(bets: readonly RouletteBet[], pocket: number): number {
  return bets.reduce((sum, bet) => (positionWins(bet, pocket) ? sum + bet.amount * (ROULETTE_PAYS[bet.kind] + 1) : sum), 0);
}

/** One pocket from a source of uniform integers below a bound. */
export function drawPocket(uniform: (bound: number) => number): number {
  return uniform(ROULETTE_POCKETS);
}

/**
 * The RTP of a bet on this position, by enumeration of the 37 pockets: the expected return of one
 * unit staked, as an exact fraction (returned units over 37) and a percentage.
 */
export function rouletteRtp(position: RoulettePosition): { numerator: number; denominator: number; percent: number } {
  let returned = 0;
  for (let pocket = 0; pocket < ROULETTE_POCKETS; pocket += 1) {
    if (positionWins(position, pocket)) returned += ROULETTE_PAYS[position.kind] + 1;
  }
  return { numerator: returned, denominator: ROULETTE_POCKETS, percent: (returned * 100) / ROULETTE_POCKETS };
}

/** The published RTP of every bet: 36/37 (97.30 %). */
export const ROULETTE_PUBLISHED_RTP = '97.30';

/**
 * The table's volatility class: its even-money bets deviate about 1 stake from the mean, a straight
 * up about 5.8 (machines/lib/games.ts volatilityOf: low below 5); the table is shown as low, the
 * class of the bets most of its stakes go on.
 */
export const ROULETTE_VOLATILITY = 'low' as const;
