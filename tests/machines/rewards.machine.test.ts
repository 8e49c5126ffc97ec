import { createActor, type SnapshotFrom } from 'xstate';
import { describe, expect, it } from 'vitest';
import { BONUS_ERROR_CODES } from '../../machines/lib/bonuses';
import { CASHBACK_NOTIFICATION_MS } from '../../machines/lib/constants';
import { rewardsMachine } from '../../machines/rewards.machine';
import type { ClaimResponse } from '../../src/api/bonuses';
import {
  ACTIVE,
  ACTIVE_CASINO,
  activeExists,
  CASHBACK_OFFER,
  CASINO_OFFER,
  CLAIMED,
  CONSENT_OFFER,
  ELIGIBLE,
  eventsIn,
  FORFEITED,
  FREE_SPINS_OFFER,
  notEligible,
  offline,
  QUEUED,
  serverDown,
  TOURNAMENT_REWARD,
} from './lib/rewards.fixtures';
import { coverPaths, FakePromises, formatCoverage, settle, type PathEvent } from './lib/pathCoverage';

// The rewards flow (issue 24; behaviour.md §4 "Bonuses and rewards", §5, §7 "Bonuses", §8 "Bonus",
// §9 cashback notification), walked to every state and transition: both lists' loads and their
// retry, every reward action and its refusals, the forfeit prompt reached from a claim, a free-spin
// claim, a queued bonus (forfeit-then-claim, forfeit-and-claim queue) and from the active list, the
// consent and its claim, the cashback notification cleared after 5000 ms.

type Machine = typeof rewardsMachine;
type Snapshot = SnapshotFrom<Machine>;

function setupWith(fakes: FakePromises) {
  const machine = rewardsMachine.provide({
    actors: {
      loadEligible: fakes.actor(),
      loadActive: fakes.actor(),
      claimReward: fakes.actor(),
      claimFreeSpins: fakes.actor(),
      claimQueued: fakes.actor(),
      giveConsent: fakes.actor(),
      forfeitBonus: fakes.actor(),
      activateCashback: fakes.actor(),
      deactivateCashback: fakes.actor(),
      optIn: fakes.actor(),
      optOut: fakes.actor(),
    } as never,
  });
  return { machine, world: {} };
}

const errorOf = (event: { type: string; error?: unknown }) => (event.type.startsWith('xstate.error.actor.') ? event.error : null);
const stateOf = (snapshot: Snapshot) => (typeof snapshot.value === 'string' ? snapshot.value : `ready.${(snapshot.value as { ready: string }).ready}`);

describe('rewards machine (behaviour.md §4 "Bonuses and rewards", §8 "Bonus", §9)', () => {
  it('reaches every state and transition, and each state shows what it promises', { timeout: 120_000 }, async () => {
    const result = await coverPaths<Machine, object>({
      setup: setupWith,
      events: (snapshot: Snapshot) => eventsIn(snapshot) as PathEvent<Machine>[],
      check: (snapshot, { event, previous, fakes }) => {
        const { context } = snapshot;
        const action = previous?.context.action;
        // Tournament rewards never reach a list (behaviour.md §5).
        for (const list of [context.eligible, context.active]) expect(list?.some((item) => item.campaignId === TOURNAMENT_REWARD.campaignId) ?? false).toBe(false);
        switch (stateOf(snapshot)) {
          case 'loading':
            expect(snapshot.hasTag('loading')).toBe(true);
            if (event.type === 'xstate.init' || event.type === 'rewards.retry' || !event.type.startsWith('xstate.done.actor.load')) {
              expect(fakes.isPending('loadEligible')).toBe(true);
              expect(fakes.isPending('loadActive')).toBe(true);
            }
            break;
          case 'loadFailed':
            expect(snapshot.hasTag('loadFailed')).toBe(true);
            expect(context.error).toEqual({ code: errorOf(event) === offline ? 'network' : 'unknown', fieldErrors: [] });
            break;
          case 'ready.quiet':
          case 'ready.cashbackNotice': {
            expect(snapshot.hasTag('ready')).toBe(true);
            // Both lists are in, the queued list without what was credited already.
            expect(context.eligible?.map((item) => item.campaignId)).toEqual(['casino-10', 'spins-20', 'casino-agree', 'cashback-weekly', 'sports-optin']);
            expect(context.active).toEqual([ACTIVE_CASINO]);
            expect(context.queued).toEqual([QUEUED]);
            expect(context.action).toBeNull();
            expect(context.conflict).toBeNull();
            expect(snapshot.hasTag('cashbackNotice')).toBe(stateOf(snapshot) === 'ready.cashbackNotice');
            if (stateOf(snapshot) === 'ready.cashbackNotice') expect(context.outcome).toEqual({ kind: 'cashbackActivated', campaignId: CASHBACK_OFFER.campaignId });
            if ((event.type as string) === 'xstate.after.cashbackNotice.rewards.ready.cashbackNotice') expect(context.outcome).toBeNull();
            const error = errorOf(event);
            if (error !== null) {
              // A refusal: its code, and a claim without a known code is error.oops.tryAgain (§8).
              const claim = ['claimReward', 'claimFreeSpins', 'claimQueued', 'giveConsent'].some((id) => event.type.endsWith(id));
              const code = (error as { code: string; kind: string }).kind === 'network' ? 'network' : (error as { code: string }).code;
              const expected = code === 'error.system.error' ? (claim ? BONUS_ERROR_CODES.oopsTryAgain : 'unknown') : code;
              expect(context.error).toEqual({ code: expected, fieldErrors: [] });
            }
            if (event.type === 'xstate.done.actor.lookupActive') {
              // The active bonus ended meanwhile: nothing to forfeit, the refusal's text.
              expect(context.error).toEqual({ code: BONUS_ERROR_CODES.activeAlreadyExists, fieldErrors: [] });
            }
            // Cancel forfeits nothing: only a forfeit made earlier in the same action stays reported.
            if (event.type === 'forfeit.cancel') expect(context.forfeited).toEqual(previous?.context.forfeited);
            break;
          }
          case 'claiming':
          case 'claimingFreeSpins':
          case 'claimingQueued': {
            expect(snapshot.hasTag('busy')).toBe(true);
            expect(context.error).toBeNull();
            const id = { claiming: 'claimReward', claimingFreeSpins: 'claimFreeSpins', claimingQueued: 'claimQueued' }[stateOf(snapshot) as 'claiming'];
            expect(fakes.isPending(id)).toBe(true);
            const call = fakes.calls.at(-1);
            if (stateOf(snapshot) === 'claimingQueued') expect(call).toEqual({ id, input: { campaignId: QUEUED.campaignId, queuedPlayerBonusId: QUEUED.queuedPlayerBonusId } });
            else expect(call).toEqual({ id, input: context.action?.campaignId });
            if (stateOf(snapshot) === 'claimingFreeSpins') expect(context.action?.campaignId).toBe(FREE_SPINS_OFFER.campaignId);
            if (event.type === 'xstate.done.actor.forfeitBonus') {
              // Forfeit-then-claim: the forfeited bonus and what it cost are kept for the confirmation.
              expect(context.forfeited).toEqual({ campaignId: ACTIVE_CASINO.campaignId, title: 'Welcome bonus', removedAmount: FORFEITED.removedAmount, currency: 'EUR' });
              expect(context.conflict).toBeNull();
            }
            break;
          }
          case 'consenting':
            expect(snapshot.hasTag('busy')).toBe(true);
            expect(fakes.calls.at(-1)).toEqual({ id: 'giveConsent', input: { agreed: true, bonusCode: 'LIVE20', campaignId: CONSENT_OFFER.campaignId } });
            break;
          case 'lookingUpActive':
            expect(snapshot.hasTag('busy')).toBe(true);
            expect(fakes.isPending('lookupActive')).toBe(true);
            expect(context.action?.walletVertical).toBe('CASINO');
            break;
          case 'forfeitPrompt':
            // The prompt names the active bonus of the claimed reward's vertical, with what is lost.
            expect(snapshot.hasTag('prompt')).toBe(true);
            expect(context.conflict).toEqual(ACTIVE_CASINO);
            expect(context.action).not.toBeNull();
            if (event.type === 'reward.forfeit') expect(context.action?.kind).toBe('forfeit');
            break;
          case 'forfeiting':
            expect(fakes.calls.at(-1)).toEqual({ id: 'forfeitBonus', input: { assignmentId: 'asg-1', wageringProgress: 35.5 } });
            break;
          case 'activatingCashback':
          case 'deactivatingCashback':
            expect(fakes.calls.at(-1)).toEqual({ id: stateOf(snapshot) === 'activatingCashback' ? 'activateCashback' : 'deactivateCashback', input: CASHBACK_OFFER.campaignId });
            break;
          case 'optingIn':
          case 'optingOut':
            expect(fakes.calls.at(-1)).toEqual({ id: stateOf(snapshot) === 'optingIn' ? 'optIn' : 'optOut', input: 'sports-optin' });
            break;
          default:
            throw new Error(`unexpected state ${JSON.stringify(snapshot.value)}`);
        }
        // A claim answered: the lists load again, the confirmation names what it did.
        if (event.type === 'xstate.done.actor.claimReward') {
          const answer = (event as unknown as { output: ClaimResponse }).output;
          expect(context.outcome).toEqual({ kind: answer.outcome === 'ACTIVATED' ? 'claimed' : 'queued', campaignId: action?.campaignId });
        }
      },
    });
    console.info(formatCoverage('rewards', result));
    expect(result.uncoveredStates).toEqual([]);
    expect(result.uncoveredTransitions).toEqual([]);
    expect(result.statesCovered).toBe(result.statesTotal);
    expect(result.transitionsCovered).toBe(result.transitionsTotal);
  });

  it('forfeit-then-claim: a refused claim looks the active bonus up, and the forfeit is followed by the claim', async () => {
    const fakes = new FakePromises();
    const actor = createActor(setupWith(fakes).machine).start();
    fakes.resolve('loadEligible', ELIGIBLE);
    fakes.resolve('loadActive', ACTIVE);
    await settle();
    expect(actor.getSnapshot().matches('ready')).toBe(true);
    // A free-spin offer is not claimed as a plain claim (behaviour.md §5), nor an unknown campaign.
    actor.send({ type: 'reward.claim', campaignId: FREE_SPINS_OFFER.campaignId });
    actor.send({ type: 'reward.claim', campaignId: 'nope' });
    expect(actor.getSnapshot().matches('ready')).toBe(true);
    actor.send({ type: 'reward.claim', campaignId: CASINO_OFFER.campaignId });
    fakes.reject('claimReward', activeExists);
    await settle();
    expect(actor.getSnapshot().value).toBe('lookingUpActive');
    fakes.resolve('lookupActive', ACTIVE);
    await settle();
    expect(actor.getSnapshot().value).toBe('forfeitPrompt');
    actor.send({ type: 'forfeit.confirm' });
    fakes.resolve('forfeitBonus', FORFEITED);
    await settle();
    expect(actor.getSnapshot().value).toBe('claiming');
    expect(fakes.calls.filter((call) => call.id === 'claimReward')).toHaveLength(2);
    fakes.resolve('claimReward', CLAIMED);
    await settle();
    fakes.resolve('loadEligible', ELIGIBLE);
    fakes.resolve('loadActive', ACTIVE);
    await settle();
    expect(actor.getSnapshot().context).toMatchObject({ outcome: { kind: 'claimed', campaignId: 'casino-10' }, forfeited: { removedAmount: '42.50' }, error: null });
    actor.stop();
  });

  it('clears the cashback-claimed notification after 5000 ms (behaviour.md §9)', () => {
    expect(CASHBACK_NOTIFICATION_MS).toBe(5000);
    expect(rewardsMachine.implementations.delays.cashbackNotice).toBe(5000);
  });

  it('a claim refused for another reason shows its code; a load that fails offers a retry', async () => {
    const fakes = new FakePromises();
    const actor = createActor(setupWith(fakes).machine).start();
    fakes.reject('loadActive', serverDown);
    await settle();
    expect(actor.getSnapshot().value).toBe('loadFailed');
    actor.send({ type: 'rewards.retry' });
    fakes.resolve('loadEligible', ELIGIBLE);
    fakes.resolve('loadActive', ACTIVE);
    await settle();
    actor.send({ type: 'reward.claim', campaignId: CASINO_OFFER.campaignId });
    fakes.reject('claimReward', notEligible);
    await settle();
    expect(actor.getSnapshot().context.error).toEqual({ code: BONUS_ERROR_CODES.notEligible, fieldErrors: [] });
    actor.stop();
  });
});
