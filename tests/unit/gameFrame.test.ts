import { describe, expect, it } from 'vitest';
import { GAME_FRAME_SOURCE } from '../../src/api/gameLaunch';
import { acceptFrameMessage } from '../../src/features/games/frameMessages';

// Issue 12: "messages from it [the game frame] are accepted only from the provider's origin and
// only in the expected shape".

const PROVIDER = 'http://games.localhost:4173';
const frame = { name: 'the game frame window' };
const expected = { origin: PROVIDER, source: frame };
const from = (data: unknown, origin = PROVIDER, source: unknown = frame) => acceptFrameMessage({ origin, source, data }, expected);

describe('acceptFrameMessage', () => {
  it('accepts the documented messages of the provider’s frame', () => {
    expect(from({ source: GAME_FRAME_SOURCE, type: 'close' })).toEqual({ kind: 'close' });
    expect(from({ source: GAME_FRAME_SOURCE, type: 'balance', balance: '12.50', currency: 'EUR' })).toEqual({ kind: 'balance' });
    expect(from({ source: GAME_FRAME_SOURCE, type: 'round-ended', roundId: 'r1', bet: '1.00', win: '0.00', balance: '11.50', currency: 'EUR' })).toEqual({
      kind: 'round-ended',
    });
    expect(from({ source: GAME_FRAME_SOURCE, type: 'error', code: 'NOT_ENOUGH_FUNDS', message: 'low' })).toEqual({ kind: 'error', code: 'NOT_ENOUGH_FUNDS' });
  });

  it.each([
    ['another origin', { source: GAME_FRAME_SOURCE, type: 'close' }, 'https://evil.example', frame],
    ['the site itself', { source: GAME_FRAME_SOURCE, type: 'close' }, 'http://127.0.0.1:4173', frame],
    ['another window of the provider', { source: GAME_FRAME_SOURCE, type: 'close' }, PROVIDER, { name: 'another window' }],
    ['an unknown type', { source: GAME_FRAME_SOURCE, type: 'navigate', to: '/en-UN/deposit' }, PROVIDER, frame],
    ['another source tag', { source: 'someone-else', type: 'close' }, PROVIDER, frame],
    ['a string', 'close', PROVIDER, frame],
    ['a malformed amount', { source: GAME_FRAME_SOURCE, type: 'balance', balance: '1e9', currency: 'EUR' }, PROVIDER, frame],
    ['an unknown error code', { source: GAME_FRAME_SOURCE, type: 'error', code: 'PAY_ME', message: 'x' }, PROVIDER, frame],
  ])('ignores %s', (_what, data, origin, source) => {
    expect(from(data, origin, source)).toBeNull();
  });

  it('ignores everything while the frame is not there', () => {
    expect(acceptFrameMessage({ origin: PROVIDER, source: null, data: { source: GAME_FRAME_SOURCE, type: 'close' } }, { origin: PROVIDER, source: null })).toBeNull();
  });
});
