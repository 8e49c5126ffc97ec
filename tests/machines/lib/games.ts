import type { GameDetail } from '../../../src/api/games';

/** A game's detail as the platform answers it (src/api/games.ts gameDetailSchema): a casino slot unless overridden. */
export const gameDetail = (overrides: Partial<GameDetail> = {}): GameDetail => ({
  id: 'aurora-slot',
  type: 'casino',
  label: 'Aurora Slot',
  gameProvider: 'pragmaticplay',
  subProvider: null,
  thumbnail: { img1x: '/a.svg', img2x: '/a.svg', img3x: '/a.svg' },
  gridSize: '1x',
  gameType: 'slot',
  betLimits: [],
  seats: null,
  seatsTaken: null,
  jackpotExist: false,
  verticalImage: null,
  gameSlug: 'aurora-slot',
  channels: ['desktop', 'mobile'],
  providerRestrictedCountry: [],
  rtp: 96.1,
  volatility: 'medium',
  providerGameId: 'vs20aurora',
  demoAvailable: true,
  providerOrigin: 'http://games.localhost:4173',
  ...overrides,
});

/** A casino slot of pragmatic play, with demo. */
export const SLOT = gameDetail();
/** An evolution live table: the platform never offers demo for live casino (server/services/game-launch.ts). */
export const EVOLUTION_TABLE = gameDetail({
  id: 'lightning-roulette',
  type: 'live-casino',
  gameProvider: 'evolution',
  demoAvailable: false,
  gameType: 'roulette',
});
