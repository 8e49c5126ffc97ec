import { createActor } from 'xstate';
import type { DoneActorEvent, ErrorActorEvent, EventFromLogic } from 'xstate';
import { describe, expect, it } from 'vitest';
import { cookieConsentMachine, DEFAULT_COOKIE_CONSENT_OPTIONS } from '../../machines/cookieConsent.machine';
import type { CookieConsentOptions, StoredCookieConsent } from '../../machines/cookieConsent.machine';
import { coverPaths, FakePromises, formatCoverage, settle } from './lib/pathCoverage';

/** The machine's events and the storage read's answers (the machine types those through its actor). */
type CookieConsentEvent =
  | EventFromLogic<typeof cookieConsentMachine>
  | DoneActorEvent<StoredCookieConsent | null, 'loadConsent'>
  | ErrorActorEvent<unknown, 'loadConsent'>;

const loaded = (output: StoredCookieConsent | null): CookieConsentEvent => ({
  type: 'xstate.done.actor.loadConsent',
  actorId: 'loadConsent',
  output,
});

const storedAccepted: StoredCookieConsent = { essentials: true, performanceFunctional: false, marketing: true, accepted: true };
const storedNotAccepted: StoredCookieConsent = { essentials: true, performanceFunctional: true, marketing: false, accepted: false };

const events: CookieConsentEvent[] = [
  loaded(null),
  loaded(storedAccepted),
  loaded(storedNotAccepted),
  // What JSON.parse throws for a corrupt stored value.
  { type: 'xstate.error.actor.loadConsent', actorId: 'loadConsent', error: new SyntaxError('Unexpected token') },
  { type: 'consent.accept' },
  // Essentials cannot be refused, whatever the caller sends.
  { type: 'consent.accept', options: { essentials: false, marketing: false } },
  { type: 'consent.update', options: { performanceFunctional: false } },
  { type: 'consent.update', options: { performanceFunctional: true, marketing: false } },
  { type: 'consent.load' },
];

interface World {
  persisted: StoredCookieConsent[];
  /** How many persisted values the checks have looked at. */
  seen: number;
}

function setupWith(fakes: FakePromises) {
  const world: World = { persisted: [], seen: 0 };
  const machine = cookieConsentMachine.provide({
    actors: { loadConsent: fakes.actor<StoredCookieConsent | null>() },
    actions: { persistConsent: (_, params) => world.persisted.push(params) },
  });
  return { machine, world };
}

const optionsOf = ({ essentials, performanceFunctional, marketing }: StoredCookieConsent): CookieConsentOptions => ({
  essentials,
  performanceFunctional,
  marketing,
});

describe('cookie consent machine (behaviour.md §4 "Other states", §9)', () => {
  it('reaches every state and transition, and each state shows what it promises', async () => {
    const result = await coverPaths({
      setup: setupWith,
      events,
      check: (snapshot, { event, previous, fakes, world }) => {
        const { context } = snapshot;
        const written = world.persisted.slice(world.seen);
        world.seen = world.persisted.length;
        // Essentials are always on (product.md §3 "Account details").
        expect(context.options.essentials).toBe(true);

        switch (snapshot.value) {
          case 'loading':
            expect(snapshot.hasTag('loading')).toBe(true);
            expect(fakes.isPending('loadConsent')).toBe(true);
            expect(written).toEqual([]);
            break;
          case 'notice':
            // The notification is shown until the visitor accepts.
            expect(snapshot.hasTag('notice')).toBe(true);
            expect(context.accepted).toBe(false);
            expect(written).toEqual([]);
            if (event.type === 'xstate.done.actor.loadConsent' && event.output !== null) {
              // Stored but never accepted: the stored choices are offered again.
              expect(context.options).toEqual(optionsOf(event.output as StoredCookieConsent));
            } else {
              // Nothing stored, or a corrupt value: every option defaults to true (§9).
              expect(context.options).toEqual(DEFAULT_COOKIE_CONSENT_OPTIONS);
            }
            break;
          case 'accepted':
            expect(snapshot.hasTag('notice')).toBe(false);
            expect(context.accepted).toBe(true);
            if (event.type === 'xstate.done.actor.loadConsent') {
              // Loaded from storage: shown as stored, nothing written back.
              expect(event.output).not.toBeNull();
              if (event.output) expect(context.options).toEqual(optionsOf(event.output as StoredCookieConsent));
              expect(written).toEqual([]);
            } else if (event.type === 'consent.accept') {
              // Options the notice did not ask about default to true.
              expect(context.options).toEqual({
                essentials: true,
                performanceFunctional: event.options?.performanceFunctional ?? true,
                marketing: event.options?.marketing ?? true,
              });
              expect(written).toEqual([{ ...context.options, accepted: true }]);
            } else if (event.type === 'consent.update') {
              // Options the update leaves out keep their value.
              expect(context.options).toEqual({ ...previous?.context.options, ...event.options, essentials: true });
              expect(written).toEqual([{ ...context.options, accepted: true }]);
            }
            break;
        }
      },
    });
    console.info(formatCoverage('cookieConsent', result));
    expect(result.uncoveredStates).toEqual([]);
    expect(result.uncoveredTransitions).toEqual([]);
    expect(result.statesCovered).toBe(result.statesTotal);
    expect(result.transitionsCovered).toBe(result.transitionsTotal);
  });

  it('an accepted choice survives a reload: what was persisted is what the next visit loads', async () => {
    const storage = new Map<string, StoredCookieConsent>();
    const KEY = 'cookieConsent';
    // One Map stands for localStorage across the two page loads.
    const withStorage = () => {
      const fakes = new FakePromises();
      const actor = createActor(
        cookieConsentMachine.provide({
          actors: { loadConsent: fakes.actor<StoredCookieConsent | null>() },
          actions: { persistConsent: (_, params) => storage.set(KEY, params) },
        }),
      ).start();
      fakes.resolve('loadConsent', storage.get(KEY) ?? null);
      return actor;
    };

    const firstVisit = withStorage();
    await settle();
    expect(firstVisit.getSnapshot().hasTag('notice')).toBe(true);
    firstVisit.send({ type: 'consent.accept', options: { marketing: false } });
    firstVisit.stop();

    const secondVisit = withStorage();
    await settle();
    expect(secondVisit.getSnapshot().value).toBe('accepted');
    expect(secondVisit.getSnapshot().context.options).toEqual({ essentials: true, performanceFunctional: true, marketing: false });
    secondVisit.stop();
  });
});
