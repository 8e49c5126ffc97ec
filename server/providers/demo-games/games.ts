import { createHash } from 'node:crypto';
import { CURRENCY_MINOR_UNITS, isCurrency, type Currency } from '../../../machines/lib/wallet';
import type { Game } from '../../../src/api/games';
import { volatilityOf, type GameType, type Volatility } from '../../../machines/lib/games';
import { ROULETTE_PUBLISHED_RTP, ROULETTE_VOLATILITY } from './roulette';
import { SLOT_PAYLINES, SLOT_PUBLISHED_RTP, slotLineDeviation } from './slot';

// Which of the demo provider's three games plays a catalog game, and the money of each (issue 12).
// The demo provider hosts every game of the catalog: a live-casino game is a live table (live.ts:
// European roulette dealt on a timer), a casino slot is the slot (slot.ts) and any other casino game
// the roulette (roulette.ts). A game's type and name must be what its kind plays (issue 21: a
// "Blackjack Riviera 2" opened a roulette table): DEMO_KIND_GAME_TYPES, which the catalog keeps
// (server/content/catalog/games.ts) and tests/server/catalog-launch.test.ts checks game by game. Amounts are ledger cents (hundredths of the currency's
// unit, server/services/ledger.ts) throughout; a currency without minor units (JPY, CLP) plays in
// whole units.

export const DEMO_GAME_KINDS = ['slot', 'roulette', 'live'] as const;
export type DemoGameKind = (typeof DEMO_GAME_KINDS)[number];

export function demoKindOf(game: Pick<Game, 'type' | 'gameType'>): DemoGameKind {
  if (game.type === 'live-casino') return 'live';
  return game.gameType === 'slot' ? 'slot' : 'roulette';
}

/** The game types each kind really plays: a catalog game of another type would open a game it is not. */
export const DEMO_KIND_GAME_TYPES: Readonly<Record<DemoGameKind, readonly GameType[]>> = {
  slot: ['slot'],
  roulette: ['roulette'],
  live: ['roulette'],
};

/** Does the kind that plays this game play its type (its screen is the game its type says)? */
export function demoPlaysType(game: Pick<Game, 'type' | 'gameType'>): boolean {
  return DEMO_KIND_GAME_TYPES[demoKindOf(game)].includes(game.gameType);
}

/** Ledger cents of one of the currency's smallest coins: 1 cent, or 1 whole unit (100) without minor units. */
export function minorUnitCents(currency: Currency): number {
  return CURRENCY_MINOR_UNITS[currency] === 0 ? 100 : 1;
}

/** The slot's line bets: 0.01 to 0.50 a line (stakes 0.10 to 5.00), or 1 to 50 whole units. */
export function slotLineBets(currency: Currency): number[] {
  return [1, 2, 5, 10, 20, 50].map((coins) => coins * minorUnitCents(currency));
}

/** The roulette's chips: 0.10 to 20.00, or 10 to 2,000 whole units. */
export function rouletteChips(currency: Currency): number[] {
  return [10, 50, 100, 500, 2_000].map((coins) => coins * minorUnitCents(currency));
}

/** The most a roulette round (all its bets) may stake: 500.00, or 50,000 whole units. */
export function rouletteMaxStake(currency: Currency): number {
  return 50_000 * minorUnitCents(currency);
}

/** Fun money a demo launch starts with: 1,000.00, or 100,000 whole units. */
export function demoStartingBalance(currency: Currency): number {
  return 100_000 * minorUnitCents(currency);
}

/**
 * A live table's limits for a round's bets, in ledger cents: the game's betLimits of the launch
 * currency (product.md §3; major units), else the roulette's chip and stake bounds.
 */
export function liveLimits(game: Pick<Game, 'betLimits'>, currency: Currency): { min: number; max: number } {
  const limit = game.betLimits.find((entry) => entry.currency === currency);
  const fallback = { min: rouletteChips(currency)[0] ?? 10, max: rouletteMaxStake(currency) };
  if (!limit || !(limit.min > 0) || !(limit.max >= limit.min)) return fallback;
  const coin = minorUnitCents(currency);
  // Whole coins of the currency, at least one.
  const min = Math.max(coin, Math.ceil(Math.round(limit.min * 100) / coin) * coin);
  const max = Math.max(min, Math.floor(Math.round(limit.max * 100) / coin) * coin);
  return Number.isSafeInteger(max) ? { min, max } : fallback;
}

/**
 * A live table's chips: its minimum, then 2, 5, 10 and 25 times it, up to its maximum (a table
 * whose minimum is above the roulette's chips still takes a bet of one chip).
 */
export function liveChips(limits: { min: number; max: number }): number[] {
  return [1, 2, 5, 10, 25].map((times) => limits.min * times).filter((chip) => chip <= limits.max);
}

/** The launch currency the provider plays in: a currency the ledger knows, else EUR. */
export function playCurrency(code: string): Currency {
  return isCurrency(code) ? code : 'EUR';
}

const WALLET_ID = /^[A-Za-z0-9][A-Za-z0-9_.:-]{0,79}$/;

/** The game's id as the seamless wallet takes it (server/contract/provider-wallet.ts externalId). */
export function walletGameId(gameId: string): string {
  return WALLET_ID.test(gameId) ? gameId : `g-${createHash('sha256').update(gameId).digest('hex').slice(0, 32)}`;
}

/**
 * What a catalog game really plays like, for the lobby's info panel (issue 12: RTP, volatility, bet
 * limits): the figures of the demo engine that runs it, never a number of its own. The slot's RTP
 * is its exact enumeration (SLOT_PUBLISHED_RTP), its volatility the class of its line deviation
 * (machines/lib/games.ts volatilityOf); the roulette returns 36/37 on every bet. A casino game's
 * bet limits are the engine's stakes in the currency; a live table keeps its own (liveLimits plays them).
 */
export function engineFacts(
  game: Pick<Game, 'type' | 'gameType' | 'betLimits'>,
  currency: Currency,
): { rtp: number; volatility: Volatility; betLimits: { min: number; max: number } } {
  const kind = demoKindOf(game);
  const major = (cents: number) => cents / 100;
  if (kind === 'slot') {
    const bets = slotLineBets(currency);
    return {
      rtp: Number(SLOT_PUBLISHED_RTP),
      volatility: volatilityOf(slotLineDeviation()),
      betLimits: { min: major((bets[0] ?? 0) * SLOT_PAYLINES.length), max: major((bets.at(-1) ?? 0) * SLOT_PAYLINES.length) },
    };
  }
  const rtp = Number(ROULETTE_PUBLISHED_RTP);
  if (kind === 'live') {
    const limits = liveLimits(game, currency);
    return { rtp, volatility: ROULETTE_VOLATILITY, betLimits: { min: major(limits.min), max: major(limits.max) } };
  }
  return { rtp, volatility: ROULETTE_VOLATILITY, betLimits: { min: major(rouletteChips(currency)[0] ?? 0), max: major(rouletteMaxStake(currency)) } };
}
