import { createActor, SimulatedClock } from 'xstate';
import type { DoneActorEvent, ErrorActorEvent, EventFromLogic } from 'xstate';
import { describe, expect, it } from 'vitest';
import { accessCheckMachine } from '../../machines/accessCheck.machine';
import type { AccessContextResult } from '../../machines/accessCheck.machine';
import { ACCESS_RESTRICTED_CODE, MAINTENANCE_CODE } from '../../machines/lib/accessCodes';
import { MAINTENANCE_RECHECK_MS } from '../../machines/lib/constants';
import { appGate } from '../../machines/session.guards';
import { ApiError } from '../../src/api/errors';
import { coverPaths, FakePromises, formatCoverage, settle } from './lib/pathCoverage';

/** The machine's events and the call's answers (the machine types those through its actor). */
type AccessCheckEvent =
  | EventFromLogic<typeof accessCheckMachine>
  | DoneActorEvent<AccessContextResult, 'fetchAccessContext'>
  | ErrorActorEvent<unknown, 'fetchAccessContext'>;

const answered = (output: AccessContextResult): AccessCheckEvent => ({
  type: 'xstate.done.actor.fetchAccessContext',
  actorId: 'fetchAccessContext',
  output,
});
const failed = (error: unknown): AccessCheckEvent => ({
  type: 'xstate.error.actor.fetchAccessContext',
  actorId: 'fetchAccessContext',
  error,
});

const restricted = new ApiError('http', 403, ACCESS_RESTRICTED_CODE, 'Access restricted');
const maintenance = new ApiError('http', 503, MAINTENANCE_CODE, 'Maintenance');
const offline = new ApiError('network', 0, 'network.error', 'Network Error');

const events: AccessCheckEvent[] = [
  answered({ countryCode: 'FI', maintenance: false }),
  answered({ countryCode: 'FI', maintenance: true }),
  failed(restricted),
  failed(maintenance),
  failed(offline),
  // Whatever else a broken client might throw: no code to read.
  failed('socket hang up'),
  { type: 'access.retry' },
];

function setupWith(fakes: FakePromises) {
  return {
    machine: accessCheckMachine.provide({ actors: { fetchAccessContext: fakes.actor<AccessContextResult>() } }),
    world: undefined,
  };
}

describe('access check machine (behaviour.md §4 "Other states")', () => {
  it('reaches every state and transition, and each state shows what it promises', async () => {
    const result = await coverPaths({
      setup: setupWith,
      events,
      check: (snapshot, { event, previous, fakes }) => {
        const { context } = snapshot;
        const gate = appGate(snapshot.value, context);
        switch (snapshot.value) {
          case 'loading':
            expect(snapshot.hasTag('loading')).toBe(true);
            // Asking the platform right now.
            expect(fakes.isPending('fetchAccessContext')).toBe(true);
            // A maintenance recheck keeps the maintenance page up; any other load shows the loader.
            expect(gate).toBe(previous?.value === 'maintenance' ? 'maintenance' : 'loading');
            break;
          case 'allowed':
            expect(context).toMatchObject({ countryCode: 'FI', restrictedAccess: false, maintenance: false });
            expect(snapshot.hasTag('loading') || snapshot.hasTag('error')).toBe(false);
            expect(gate).toBe('allowed');
            break;
          case 'restricted':
            expect(context.restrictedAccess).toBe(true);
            expect(snapshot.hasTag('restricted')).toBe(true);
            expect(gate).toBe('restricted');
            break;
          case 'maintenance':
            expect(context.maintenance).toBe(true);
            expect(context.restrictedAccess).toBe(false);
            expect(snapshot.hasTag('maintenance')).toBe(true);
            expect(gate).toBe('maintenance');
            break;
          case 'failed': {
            expect(snapshot.hasTag('error')).toBe(true);
            expect(gate).toBe('failed');
            // The failure's code is kept when it has one (a network error), not invented otherwise.
            const error = event.type === 'xstate.error.actor.fetchAccessContext' ? event.error : null;
            expect(context.errorCode).toBe(error instanceof ApiError ? error.code : null);
            break;
          }
        }
      },
    });
    console.info(formatCoverage('accessCheck', result));
    expect(result.uncoveredStates).toEqual([]);
    expect(result.uncoveredTransitions).toEqual([]);
    expect(result.statesCovered).toBe(result.statesTotal);
    expect(result.transitionsCovered).toBe(result.transitionsTotal);
  });

  it('asks the platform again only once the maintenance recheck delay has passed', async () => {
    const fakes = new FakePromises();
    const clock = new SimulatedClock();
    const actor = createActor(setupWith(fakes).machine, { clock }).start();
    fakes.reject('fetchAccessContext', maintenance);
    await settle();
    expect(actor.getSnapshot().value).toBe('maintenance');

    clock.increment(MAINTENANCE_RECHECK_MS - 1);
    expect(actor.getSnapshot().value).toBe('maintenance');
    expect(fakes.calls).toHaveLength(1);

    clock.increment(1);
    expect(actor.getSnapshot().value).toBe('loading');
    expect(fakes.calls).toHaveLength(2);

    // Maintenance is over: the site opens and the maintenance flag is cleared.
    fakes.resolve('fetchAccessContext', { countryCode: 'SE', maintenance: false });
    await settle();
    expect(actor.getSnapshot().value).toBe('allowed');
    expect(actor.getSnapshot().context).toMatchObject({ countryCode: 'SE', maintenance: false, restrictedAccess: false });
    actor.stop();
  });
});
