import { describe, expect, it } from 'vitest';
import { lobbyOfVertical, namesOf } from '../../src/features/rewards/gameNames';
import { spinsLeft } from '../../src/features/rewards/RewardCard';

// A reward card names its games from the lobby's search index (src/features/rewards/gameNames.ts):
// all of them or none (the card then counts them), never an id.

describe('reward game names', () => {
  const labels = new Map([
    ['cas-00001', 'Crown of Yeti'],
    ['cas-00002', 'Turbo Sakura'],
  ]);

  it('names every game in the order of the ids', () => {
    expect(namesOf(['cas-00002', 'cas-00001'], labels)).toEqual(['Turbo Sakura', 'Crown of Yeti']);
  });

  it('names none while the index loads, or when one game is not in it (the card counts them)', () => {
    expect(namesOf(['cas-00001'], undefined)).toBeNull();
    expect(namesOf(['cas-00001', 'cas-09999'], labels)).toBeNull();
    expect(namesOf(['cas-00001'], new Map([['cas-00001', '']]))).toBeNull();
  });

  it("reads a vertical's games in its lobby; sports and free bets have none", () => {
    expect(lobbyOfVertical('CASINO')).toBe('casino');
    expect(lobbyOfVertical('FREE_SPINS')).toBe('casino');
    expect(lobbyOfVertical('LIVE_CASINO')).toBe('live-casino');
    expect(lobbyOfVertical('SPORTS')).toBeNull();
    expect(lobbyOfVertical('FREE_BET')).toBeNull();
  });

  it('counts the free spins left over the games, a game played past its rounds counting none', () => {
    const games = [
      { gameId: 'cas-00001', rounds: 10, roundsPlayed: 3 },
      { gameId: 'cas-00002', rounds: 10, roundsPlayed: 12 },
    ];
    expect(spinsLeft({ freeSpinDetail: { bonusCode: null, games } })).toBe(7);
    expect(spinsLeft({ freeSpinDetail: null })).toBe(0);
  });
});
