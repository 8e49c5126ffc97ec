import { createActor } from 'xstate';
import type { EventObject, SnapshotFrom } from 'xstate';
import { describe, expect, it } from 'vitest';
import { bonusCodeMachine, bonusCodeErrorOf, type BonusCodeForfeitRequest } from '../../machines/bonusCode.machine';
import type { AssignmentResponse, BonusCodeValidation, ClaimResponse, ManualClaimAvailability, Reward } from '../../src/api/bonuses';
import { coverPaths, FakePromises, formatCoverage, settle } from './lib/pathCoverage';
import {
  ACTIVE_CASINO,
  ACTIVE_SPORTS,
  activeExists,
  AVAILABLE,
  CLAIMED,
  eventsIn,
  FORFEITED,
  invalidCode,
  offline,
  OFFER,
  REQUESTED,
  VALIDATION,
} from './lib/bonusCode.fixtures';

type BonusCodeSnapshot = SnapshotFrom<typeof bonusCodeMachine>;
type PathEvent = EventObject & Record<string, unknown>;

interface World {
  walletRefreshes: number;
}

function setupWith(fakes: FakePromises) {
  const world: World = { walletRefreshes: 0 };
  const machine = bonusCodeMachine.provide({
    actors: {
      validateBonusCode: fakes.actor<BonusCodeValidation, { bonusCode: string }>(),
      manualClaimAvailability: fakes.actor<ManualClaimAvailability>(),
      manualClaim: fakes.actor<ClaimResponse, { bonusCode: string }>(),
      loadActiveRewards: fakes.actor<Reward[]>(),
      forfeitBonus: fakes.actor<AssignmentResponse, BonusCodeForfeitRequest>(),
    },
    actions: {
      refreshWallet: () => {
        world.walletRefreshes += 1;
      },
    },
  });
  return { machine, world };
}

const LOADING = ['verifying', 'checkingAvailability', 'claiming', 'lookingUpActive', 'forfeiting'];

describe('bonus code machine (behaviour.md §4 "Bonuses and rewards", §5, §8)', () => {
  it('reaches every state and transition, and each state shows what it promises', async () => {
    const result = await coverPaths({
      setup: setupWith,
      input: { code: null },
      events: ((snapshot: BonusCodeSnapshot) => eventsIn(snapshot.value, snapshot.context)) as never,
      check: (snapshot: BonusCodeSnapshot, step) => {
        const event = step.event as PathEvent;
        const { previous, fakes, world } = step as unknown as { previous: BonusCodeSnapshot | undefined; fakes: FakePromises; world: World };
        const { context } = snapshot;
        const state = snapshot.value;
        const last = fakes.calls.at(-1);

        // Tags: what the screen shows.
        expect(snapshot.hasTag('loading')).toBe(LOADING.includes(state));
        expect(snapshot.hasTag('offer')).toBe(['ready', 'claiming', 'claimFailed', 'lookingUpActive', 'forfeitPrompt', 'forfeiting'].includes(state));
        expect(snapshot.hasTag('forfeitPrompt')).toBe(context.activeBonus !== null);
        expect(snapshot.hasTag('error')).toBe(['verifyFailed', 'claimFailed'].includes(state));
        // The flow has no end.
        expect(snapshot.status).toBe('active');
        // An offer is shown only for a validated code, claimable by hand.
        if (snapshot.hasTag('offer')) {
          expect(context).toMatchObject({ bonusCodeValue: 'WELCOME50', campaignId: 'welcome-50', offer: OFFER, availability: AVAILABLE });
        }
        // The wallet is asked for the balance after each claim and each forfeit, and only then.
        const refreshes = fakes.calls.length === 0 ? 0 : world.walletRefreshes;
        expect(refreshes).toBeLessThanOrEqual(fakes.calls.filter((call) => call.id === 'manualClaim' || call.id === 'forfeitBonus').length);

        switch (state) {
          case 'idle':
            if (event.type === 'code.verify') {
              // Refused by the field: nothing sent.
              expect(context.codeProblem).toBe(context.code.trim() === '' ? 'required' : 'format');
              expect(last?.id).not.toBe('validateBonusCode');
            }
            if (event.type === 'code.change') expect(context).toMatchObject({ code: event.value, error: null, codeProblem: null, offer: null, bonusCodeValue: null });
            break;
          case 'verifying':
            // behaviour.md §5: validated by a server call, the code as typed, trimmed and in upper case.
            expect(last).toEqual({ id: 'validateBonusCode', input: { bonusCode: 'WELCOME50' } });
            expect(context.codeProblem).toBeNull();
            break;
          case 'verifyFailed':
            // The code as typed stays, with the platform's code to word the error.
            expect(context.code).toBe(previous?.context.code);
            expect(context.error).toEqual(event.error === invalidCode ? { code: 'error.bonus_code.invalid' } : { code: 'network' });
            break;
          case 'checkingAvailability':
            expect(last).toEqual({ id: 'manualClaimAvailability', input: undefined });
            expect(context).toMatchObject({ bonusCodeValue: VALIDATION.bonusCodeValue, campaignId: VALIDATION.campaignId, offer: OFFER });
            break;
          case 'unavailable':
            expect(context.availability).toEqual(REQUESTED);
            break;
          case 'claiming':
            expect(last).toEqual({ id: 'manualClaim', input: { bonusCode: 'WELCOME50' } });
            expect(context.error).toBeNull();
            if (previous?.value === 'forfeiting') expect(world.walletRefreshes).toBeGreaterThan(0);
            break;
          case 'lookingUpActive':
            expect(last).toEqual({ id: 'loadActiveRewards', input: undefined });
            expect(context.error?.code).toMatch(/^error\.bonus\.active\.(triggered\.)?already\.exists$/);
            break;
          case 'forfeitPrompt':
            // The active bonus of the offer's vertical (casino), not the sports one.
            expect(context.activeBonus).toEqual(ACTIVE_CASINO);
            break;
          case 'forfeiting':
            expect(last).toEqual({ id: 'forfeitBonus', input: { assignmentId: 'as-7', wageringProgress: 35.5 } });
            break;
          case 'claimFailed':
            expect(context.error).not.toBeNull();
            expect(context.activeBonus).toBeNull();
            expect(context.claim).toBeNull();
            break;
          case 'claimed':
            expect(context.claim).toEqual(CLAIMED);
            expect(world.walletRefreshes).toBeGreaterThan(0);
            break;
        }
        if (event.type === 'forfeit.cancel') {
          expect(state).toBe('ready');
          expect(context.activeBonus).toBeNull();
        }
        if (event.type === 'code.reset') expect(context).toMatchObject({ code: '', claim: null, offer: null, error: null });
      },
    });
    console.info(formatCoverage('bonusCode', result));
    expect(result.uncoveredStates).toEqual([]);
    expect(result.uncoveredTransitions).toEqual([]);
    expect(result.statesCovered).toBe(result.statesTotal);
    expect(result.transitionsCovered).toBe(result.transitionsTotal);
  });

  it('starts from the code the page was opened with', () => {
    const actor = createActor(setupWith(new FakePromises()).machine, { input: { code: ' welcome50 ' } }).start();
    expect(actor.getSnapshot().context.code).toBe('welcome50');
    expect(actor.getSnapshot().value).toBe('idle');
    actor.stop();
  });

  it('reads a failure by its shape: the code as it came, network, or unknown', () => {
    expect(bonusCodeErrorOf(invalidCode)).toEqual({ code: 'error.bonus_code.invalid' });
    expect(bonusCodeErrorOf(offline)).toEqual({ code: 'network' });
    expect(bonusCodeErrorOf(new Error('boom'))).toEqual({ code: 'unknown' });
    expect(bonusCodeErrorOf(null)).toEqual({ code: 'unknown' });
  });

  it('a claim refused for an active bonus in the same vertical: forfeit, then the claim succeeds (behaviour.md §4)', async () => {
    const fakes = new FakePromises();
    const { machine, world } = setupWith(fakes);
    const actor = createActor(machine, { input: { code: null } }).start();
    actor.send({ type: 'code.change', value: 'welcome50' });
    actor.send({ type: 'code.verify' });
    fakes.resolve('validateBonusCode', VALIDATION);
    await settle();
    fakes.resolve('manualClaimAvailability', AVAILABLE);
    await settle();
    actor.send({ type: 'code.claim' });
    fakes.reject('manualClaim', activeExists);
    await settle();
    fakes.resolve('loadActiveRewards', [ACTIVE_SPORTS, ACTIVE_CASINO]);
    await settle();
    expect(actor.getSnapshot().value).toBe('forfeitPrompt');
    actor.send({ type: 'forfeit.confirm' });
    fakes.resolve('forfeitBonus', FORFEITED);
    await settle();
    expect(actor.getSnapshot().value).toBe('claiming');
    fakes.resolve('manualClaim', CLAIMED);
    await settle();
    expect(actor.getSnapshot().value).toBe('claimed');
    expect(actor.getSnapshot().context.claim).toEqual(CLAIMED);
    expect(fakes.calls.map((call) => call.id)).toEqual(['validateBonusCode', 'manualClaimAvailability', 'manualClaim', 'loadActiveRewards', 'forfeitBonus', 'manualClaim']);
    // Once after the forfeit, once after the claim.
    expect(world.walletRefreshes).toBe(2);
    actor.stop();
  });
});
