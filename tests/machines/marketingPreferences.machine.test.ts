import type { SnapshotFrom } from 'xstate';
import { describe, expect, it } from 'vitest';
import { sameMarketingPreferences, withChoice, withCommunication, type MarketingPreferences } from '../../machines/lib/marketingPreferences';
import { hasUnsavedChanges, marketingPreferencesMachine } from '../../machines/marketingPreferences.machine';
import { eventsIn, LOADED, offline, refused, SAVED_ANSWER } from './lib/marketingPreferences.fixtures';
import { coverPaths, FakePromises, formatCoverage, type PathEvent } from './lib/pathCoverage';

// The marketing preferences flow (product.md §3; behaviour.md §7 /player/marketing_preferences GET
// and PATCH; §8 "General": the marketing action stores a backend error), walked to every state and
// transition: the load and its retry, the choices (one channel, a whole communication), the save of
// the whole set and its confirmation, a failed save that keeps the choices for a retry.

type Machine = typeof marketingPreferencesMachine;
type Snapshot = SnapshotFrom<Machine>;

function setupWith(fakes: FakePromises) {
  const machine = marketingPreferencesMachine.provide({
    actors: {
      loadPreferences: fakes.actor<MarketingPreferences>(),
      savePreferences: fakes.actor<MarketingPreferences, MarketingPreferences>(),
    },
  });
  return { machine, world: {} };
}

/** The choices after the event, as the player made them on the choices before it. */
function chosen(before: MarketingPreferences, event: PathEvent<Machine> | { type: 'xstate.init' }): MarketingPreferences {
  if (event.type === 'preferences.choose') return withChoice(before, event.communication, event.channel, event.allowed);
  if (event.type === 'preferences.chooseAll') return withCommunication(before, event.communication, event.allowed);
  return before;
}

describe('marketing preferences machine (behaviour.md §7 /player/marketing_preferences, §8 the stored backend error)', () => {
  it('reaches every state and transition, and each state shows what it promises', async () => {
    const result = await coverPaths<Machine, object>({
      setup: setupWith,
      events: (snapshot: Snapshot) => eventsIn(snapshot.value) as PathEvent<Machine>[],
      check: (snapshot, { event, previous, fakes }) => {
        const { context } = snapshot;
        const error = event.type.startsWith('xstate.error.actor.') ? (event as { error: unknown }).error : null;
        switch (snapshot.value) {
          case 'loading':
            expect(snapshot.hasTag('loading')).toBe(true);
            expect(context.error).toBeNull();
            expect(context.preferences).toBeNull();
            expect(fakes.isPending('loadPreferences')).toBe(true);
            break;
          case 'loadFailed':
            // The backend error is stored (behaviour.md §8), nothing to choose from.
            expect(snapshot.hasTag('loadFailed')).toBe(true);
            expect(snapshot.hasTag('editable')).toBe(false);
            expect(context.preferences).toBeNull();
            expect(context.error).toEqual({ code: error === offline ? 'network' : 'unknown', fieldErrors: [] });
            break;
          case 'editing':
            expect(snapshot.hasTag('editable')).toBe(true);
            expect(snapshot.hasTag('saved')).toBe(false);
            if (previous?.value === 'loading') {
              // Loaded: what shows is what is stored.
              expect(context.preferences).toEqual(LOADED);
              expect(context.stored).toEqual(LOADED);
              expect(hasUnsavedChanges(context)).toBe(false);
            } else {
              // A change: exactly the player's, on top of what showed; the stored set is untouched.
              expect(context.preferences).toEqual(chosen(previous?.context.preferences as MarketingPreferences, event));
              expect(context.stored).toEqual(previous?.context.stored);
              expect(hasUnsavedChanges(context)).toBe(!sameMarketingPreferences(context.preferences as MarketingPreferences, context.stored as MarketingPreferences));
            }
            break;
          case 'saving':
            // The whole set is sent, as shown; nothing can change meanwhile.
            expect(snapshot.hasTag('saving')).toBe(true);
            expect(snapshot.hasTag('editable')).toBe(false);
            expect(context.error).toBeNull();
            expect(fakes.calls.at(-1)).toEqual({ id: 'savePreferences', input: previous?.context.preferences });
            expect(snapshot.can({ type: 'preferences.choose', communication: 'CASINO', channel: 'EMAIL', allowed: true })).toBe(false);
            break;
          case 'saved':
            // The platform's answer is what shows and what is stored; the confirmation shows.
            expect(snapshot.hasTag('saved')).toBe(true);
            expect(snapshot.hasTag('editable')).toBe(true);
            expect(context.preferences).toEqual(SAVED_ANSWER);
            expect(context.stored).toEqual(SAVED_ANSWER);
            expect(context.error).toBeNull();
            break;
          case 'saveFailed':
            expect(snapshot.hasTag('saveFailed')).toBe(true);
            expect(snapshot.hasTag('editable')).toBe(true);
            if (previous?.value === 'saving') {
              // The backend error is stored; the player's choices stay for a retry.
              expect(context.error).toEqual(
                error === refused
                  ? { code: 'validation', fieldErrors: [{ field: 'preferences.CASINO.SMS', code: 'validation.invalid' }] }
                  : { code: 'network', fieldErrors: [] },
              );
              expect(context.preferences).toEqual(previous.context.preferences);
              expect(context.stored).toEqual(previous.context.stored);
            } else {
              // Changes after the failure: the error stays shown until the next save.
              expect(context.error).toEqual(previous?.context.error);
              expect(context.preferences).toEqual(chosen(previous?.context.preferences as MarketingPreferences, event));
            }
            break;
          default:
            throw new Error(`unexpected state ${JSON.stringify(snapshot.value)}`);
        }
      },
    });
    console.info(formatCoverage('marketingPreferences', result));
    expect(result.uncoveredStates).toEqual([]);
    expect(result.uncoveredTransitions).toEqual([]);
    expect(result.statesCovered).toBe(result.statesTotal);
    expect(result.transitionsCovered).toBe(result.transitionsTotal);
  });

  it('a retry after a failed load loads again and then edits what the platform holds', async () => {
    const { createActor } = await import('xstate');
    const fakes = new FakePromises();
    const actor = createActor(setupWith(fakes).machine).start();
    fakes.reject('loadPreferences', offline);
    await Promise.resolve();
    await new Promise((resolve) => setImmediate(resolve));
    expect(actor.getSnapshot().value).toBe('loadFailed');
    actor.send({ type: 'preferences.retry' });
    expect(actor.getSnapshot().value).toBe('loading');
    fakes.resolve('loadPreferences', LOADED);
    await new Promise((resolve) => setImmediate(resolve));
    expect(actor.getSnapshot().value).toBe('editing');
    expect(actor.getSnapshot().context).toEqual({ preferences: LOADED, stored: LOADED, error: null });
    actor.stop();
  });
});
