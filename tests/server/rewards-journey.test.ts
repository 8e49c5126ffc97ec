import { QueryClient } from '@tanstack/react-query';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createActor, waitFor } from 'xstate';
import { bindAuth } from '../../src/api/client';
import { rewardsFlow } from '../../src/app/flows/rewards.flow';
import { expectBooksBalanced } from './helpers/bonuses';
import { useTestPlatform } from './helpers/platform';
import { GAME_SECRET, walletOf, walletPlayer } from './helpers/wallet';

// Issue 24's whole-system path for the forfeit prompt: the app's rewards flow as the rewards page runs
// it (machines/rewards.machine.ts with src/app/flows/rewards.flow.ts and the app's own API client)
// against the platform, nothing faked: a claim refused because the vertical has an active bonus →
// the active bonus looked up → the forfeit prompt names it → forfeit → the claim goes through, and
// the platform's wallet and lists say so.

const SITE = 'http://site.test';
const env = useTestPlatform();
let app: ReturnType<typeof env.platform.app>;

beforeAll(() => {
  app = env.platform.app({ gameWalletSecret: GAME_SECRET });
  // The app's own client (src/api/client.ts) calls this platform, from the site's origin.
  vi.stubGlobal('fetch', (input: string, init?: RequestInit) => Promise.resolve(app.request(`${SITE}${input}`, init)));
});
afterEach(() => {
  bindAuth({ token: () => null, onUnauthorized: () => undefined });
});
// The next test file in this worker gets the real fetch back (isolate: false, vite.config.ts).
afterAll(() => {
  vi.unstubAllGlobals();
});

describe('forfeit-then-claim (whole system)', () => {
  it('a claim refused for the active casino bonus → the prompt names it → forfeit → the free spins are claimed', async () => {
    const player = await walletPlayer(env.platform, app);
    bindAuth({ token: () => player.token, onUnauthorized: () => undefined });
    const rewards = createActor(rewardsFlow(new QueryClient())).start();
    await waitFor(rewards, (snapshot) => snapshot.hasTag('ready'));

    // The first claim: the manual casino bonus is active, its 10 in the casino's bonus account.
    rewards.send({ type: 'reward.claim', campaignId: 'manual-casino-10' });
    await waitFor(rewards, (snapshot) => snapshot.hasTag('ready') && snapshot.context.active?.some((reward) => reward.campaignId === 'manual-casino-10') === true);
    expect((await walletOf(app, player.token)).balanceMap.BONUS.find((entry) => entry.vertical === 'CASINO')?.bonus).toBe('10.00');

    // The free spins land in the same wallet vertical: refused, and the prompt offers the active one.
    rewards.send({ type: 'reward.claimFreeSpins', campaignId: 'registration-free-spins' });
    const prompt = await waitFor(rewards, (snapshot) => snapshot.hasTag('prompt') || snapshot.hasTag('ready'));
    expect(prompt.hasTag('prompt')).toBe(true);
    expect(prompt.context.conflict).toMatchObject({ campaignId: 'manual-casino-10', amount: '10.00', state: 'ACTIVATED' });
    expect(prompt.context.action).toMatchObject({ kind: 'freeSpins', campaignId: 'registration-free-spins' });

    // Forfeit: the casino bonus's money is removed, then the free spins are claimed.
    rewards.send({ type: 'forfeit.confirm' });
    const done = await waitFor(rewards, (snapshot) => snapshot.hasTag('ready') && snapshot.context.outcome !== null);
    expect(done.context.error).toBeNull();
    expect(done.context.forfeited).toMatchObject({ campaignId: 'manual-casino-10', removedAmount: '10.00' });
    expect(done.context.outcome).toEqual({ kind: 'claimed', campaignId: 'registration-free-spins' });
    expect(done.context.active?.map((reward) => reward.campaignId)).toEqual(['registration-free-spins']);
    expect((await walletOf(app, player.token)).balanceMap.BONUS.find((entry) => entry.vertical === 'CASINO')?.bonus).toBe('0.00');
    await expectBooksBalanced(env.platform.database.db);
    rewards.stop();
  });
});
