import type { SnapshotFrom } from 'xstate';
import { describe, expect, it } from 'vitest';
import { addressChangeMachine, type AddressAnswer } from '../../machines/addressChange.machine';
import { addressErrors, EMPTY_ADDRESS, type PlayerAddress } from '../../machines/lib/address';
import { addressEventsIn, BAD_POSTAL_CODE, BLANK, LOADED, offline, refusedPostalCode, SAVED_ANSWER, TYPED } from './lib/addressChange.fixtures';
import { coverPaths, FakePromises, formatCoverage, settle, type PathEvent } from './lib/pathCoverage';

// The address flow (issue 23; product.md §3 "Account details"; behaviour.md §7 /player/address; §8
// "General": the address action stores a backend error), walked to every state and transition: the
// load and its retry, a Save checked with the shared rule (the postal code in the shape of the
// player's country's), the save and its confirmation, a refused or failed save; what was typed stays
// in the form in every state.

type Machine = typeof addressChangeMachine;
type Snapshot = SnapshotFrom<Machine>;

function setupWith(fakes: FakePromises) {
  const machine = addressChangeMachine.provide({
    actors: {
      loadAddress: fakes.actor<AddressAnswer>(),
      saveAddress: fakes.actor<AddressAnswer, PlayerAddress>(),
    },
  });
  return { machine, world: {} };
}

const submitted = (event: { type: string }): PlayerAddress | null => (event.type === 'address.submit' ? (event as unknown as { address: PlayerAddress }).address : null);

describe('address machine (issue 23, behaviour.md §7 /player/address, §8 the stored backend error)', () => {
  it('reaches every state and transition, and each state shows what it promises', async () => {
    const result = await coverPaths<Machine, object>({
      setup: setupWith,
      events: (snapshot: Snapshot) => addressEventsIn(snapshot.value) as PathEvent<Machine>[],
      check: (snapshot, { event, previous, fakes }) => {
        const { context } = snapshot;
        const error = event.type.startsWith('xstate.error.actor.') ? (event as { error: unknown }).error : null;
        const typed = submitted(event);
        // What the player sent last is what the form holds, whatever came of it.
        if (typed !== null) expect(context.draft).toEqual(typed);
        switch (snapshot.value) {
          case 'loading':
            expect(snapshot.hasTag('loading')).toBe(true);
            expect(context.error).toBeNull();
            expect(fakes.isPending('loadAddress')).toBe(true);
            break;
          case 'loadFailed':
            expect(snapshot.hasTag('loadFailed')).toBe(true);
            expect(snapshot.hasTag('editable')).toBe(false);
            expect(context.error).toEqual({ code: error === offline ? 'network' : 'unknown', fieldErrors: [] });
            break;
          case 'editing':
            // Loaded: the player's country, no address yet, an empty form.
            expect(snapshot.hasTag('editable')).toBe(true);
            expect(context.countryCode).toBe('FI');
            expect(context.stored).toBeNull();
            expect(context.draft).toEqual(EMPTY_ADDRESS);
            expect(context.fieldErrors).toEqual({});
            break;
          case 'invalid':
            // The shared rule's problems, each by its field; nothing was sent.
            expect(snapshot.hasTag('invalid')).toBe(true);
            expect(snapshot.hasTag('editable')).toBe(true);
            expect(context.fieldErrors).toEqual(addressErrors('FI', typed as PlayerAddress));
            expect(Object.keys(context.fieldErrors).length).toBeGreaterThan(0);
            if (typed === BAD_POSTAL_CODE) expect(context.fieldErrors).toEqual({ postalCode: 'validation.postal_code' });
            if (typed === BLANK) expect(context.fieldErrors).toEqual({ streetAddress: 'validation.required', postalCode: 'validation.required', city: 'validation.required' });
            // Nothing was sent for these values.
            expect(fakes.isPending('saveAddress')).toBe(false);
            break;
          case 'saving':
            // The values typed are sent as typed (the platform normalises); nothing else changes meanwhile.
            expect(snapshot.hasTag('saving')).toBe(true);
            expect(snapshot.hasTag('editable')).toBe(false);
            expect(context.error).toBeNull();
            expect(context.fieldErrors).toEqual({});
            expect(fakes.calls.at(-1)).toEqual({ id: 'saveAddress', input: TYPED });
            expect(snapshot.can({ type: 'address.submit', address: TYPED })).toBe(false);
            break;
          case 'saved':
            // The platform's stored (normalised) address is what the form shows now.
            expect(snapshot.hasTag('saved')).toBe(true);
            expect(context.stored).toEqual(SAVED_ANSWER.address);
            expect(context.draft).toEqual(SAVED_ANSWER.address);
            expect(context.error).toBeNull();
            break;
          case 'saveFailed':
            // The backend error is stored (behaviour.md §8); the platform's field errors by their fields; the values stay.
            expect(snapshot.hasTag('saveFailed')).toBe(true);
            expect(snapshot.hasTag('editable')).toBe(true);
            expect(context.draft).toEqual(TYPED);
            expect(context.stored).toEqual(previous?.context.stored);
            if (error === refusedPostalCode) {
              expect(context.error).toEqual({ code: 'validation', fieldErrors: [{ field: 'postalCode', code: 'validation.postal_code' }] });
              expect(context.fieldErrors).toEqual({ postalCode: 'validation.postal_code' });
            } else {
              expect(context.error).toEqual({ code: 'network', fieldErrors: [] });
              expect(context.fieldErrors).toEqual({});
            }
            break;
          default:
            throw new Error(`unexpected state ${JSON.stringify(snapshot.value)}`);
        }
      },
    });
    console.info(formatCoverage('addressChange', result));
    expect(result.uncoveredStates).toEqual([]);
    expect(result.uncoveredTransitions).toEqual([]);
    expect(result.statesCovered).toBe(result.statesTotal);
    expect(result.transitionsCovered).toBe(result.transitionsTotal);
  });

  it('keeps a failed save\'s values for the retry, which sends them again', async () => {
    const { createActor } = await import('xstate');
    const fakes = new FakePromises();
    const actor = createActor(setupWith(fakes).machine).start();
    fakes.resolve('loadAddress', LOADED);
    await settle();
    actor.send({ type: 'address.submit', address: TYPED });
    fakes.reject('saveAddress', offline);
    await settle();
    expect(actor.getSnapshot().value).toBe('saveFailed');
    expect(actor.getSnapshot().context.draft).toEqual(TYPED);
    actor.send({ type: 'address.submit', address: actor.getSnapshot().context.draft });
    expect(actor.getSnapshot().value).toBe('saving');
    expect(fakes.calls.filter((call) => call.id === 'saveAddress').map((call) => call.input)).toEqual([TYPED, TYPED]);
    actor.stop();
  });
});
