import { createActor } from 'xstate';
import type { SnapshotFrom } from 'xstate';
import { describe, expect, it } from 'vitest';
import { cookieConsentMachine, DEFAULT_COOKIE_CONSENT_OPTIONS } from '../../machines/cookieConsent.machine';
import type { CookieConsentAnswer, CookieConsentOptions, PlatformCookieConsent, StoredCookieConsent } from '../../machines/cookieConsent.machine';
import { COOKIE_POLICY_VERSION } from '../../machines/lib/constants';
import { cookieConsentSync, hasCurrentAnswer } from '../../machines/lib/cookieConsent';
import { ANSWERED_AT, cookieConsentEventsIn, PLATFORM_LATER, savedAnswer, STORED_CURRENT } from './lib/cookieConsent.fixtures';
import { coverPaths, FakePromises, formatCoverage, settle, type PathEvent } from './lib/pathCoverage';

// Cookie consent (behaviour.md §4 "Other states", §7 /player/cookies/consent with the version, §9),
// walked to every state and transition: the stored answer read, the notice, an answer and a change,
// and while a player is logged in the platform's copy: at login the latest answer to the policy in
// force wins (uploaded, or loaded into the browser), an older policy's answer asks again, a failed
// call keeps the browser's answer; each later answer is sent.

type Machine = typeof cookieConsentMachine;
type Snapshot = SnapshotFrom<Machine>;

interface World {
  persisted: StoredCookieConsent[];
  /** How many persisted values the checks have looked at. */
  seen: number;
}

function setupWith(fakes: FakePromises) {
  const world: World = { persisted: [], seen: 0 };
  const machine = cookieConsentMachine.provide({
    actors: {
      loadConsent: fakes.actor<StoredCookieConsent | null>(),
      loadPlatformConsent: fakes.actor<PlatformCookieConsent | null>(),
      savePlatformConsent: fakes.actor<PlatformCookieConsent, CookieConsentAnswer>(),
    },
    actions: { persistConsent: (_, params) => world.persisted.push(params) },
  });
  return { machine, world };
}

const optionsOf = ({ essentials, performanceFunctional, marketing }: CookieConsentOptions): CookieConsentOptions => ({ essentials, performanceFunctional, marketing });
const storedOf = (snapshot: Snapshot): StoredCookieConsent => ({ ...snapshot.context.options, accepted: snapshot.context.accepted, version: snapshot.context.version, answeredAt: snapshot.context.answeredAt });
const outputOf = (event: { type: string }): unknown => (event as { output?: unknown }).output;

describe('cookie consent machine (behaviour.md §4 "Other states", §7, §9)', () => {
  it('reaches every state and transition, and each state shows what it promises', async () => {
    const result = await coverPaths<Machine, World>({
      setup: setupWith,
      events: (snapshot: Snapshot) => cookieConsentEventsIn(snapshot) as PathEvent<Machine>[],
      check: (snapshot, { event, previous, fakes, world }) => {
        const { context } = snapshot;
        const { choice, platform } = snapshot.value;
        const written = world.persisted.slice(world.seen);
        world.seen = world.persisted.length;
        // Essentials are always on (product.md §3 "Account details").
        expect(context.options.essentials).toBe(true);
        const before = previous;
        // The platform calls' answers are not in the machine's event type (only the storage read's is).
        const eventType: string = event.type;

        // The browser's answer.
        switch (choice) {
          case 'loading':
            expect(snapshot.hasTag('loading')).toBe(true);
            expect(fakes.isPending('loadConsent')).toBe(true);
            break;
          case 'notice':
            // The notification is shown until the visitor answers the policy in force.
            expect(snapshot.hasTag('notice')).toBe(true);
            expect(hasCurrentAnswer(context)).toBe(false);
            if (event.type === 'xstate.done.actor.loadConsent') {
              const stored = outputOf(event) as StoredCookieConsent | null;
              // Stored but not an answer to the policy in force: the stored choices are offered again.
              expect(context.options).toEqual(stored === null ? DEFAULT_COOKIE_CONSENT_OPTIONS : optionsOf(stored));
              expect(written).toEqual([]);
            }
            if (event.type === 'xstate.error.actor.loadConsent') expect(context.options).toEqual(DEFAULT_COOKIE_CONSENT_OPTIONS);
            break;
          case 'accepted':
            expect(snapshot.hasTag('notice')).toBe(false);
            expect(hasCurrentAnswer(context)).toBe(true);
            if (event.type === 'xstate.done.actor.loadConsent') {
              // Loaded from storage: shown as stored, nothing written back.
              expect(storedOf(snapshot)).toEqual(outputOf(event));
              expect(written).toEqual([]);
            } else if (event.type === 'consent.accept') {
              // Options the notice did not ask about default to true; the answer is to the policy in force, now.
              expect(context.options).toEqual({ essentials: true, performanceFunctional: event.options?.performanceFunctional ?? true, marketing: event.options?.marketing ?? true });
              expect({ version: context.version, answeredAt: context.answeredAt }).toEqual({ version: COOKIE_POLICY_VERSION, answeredAt: ANSWERED_AT });
              expect(written).toEqual([storedOf(snapshot)]);
            } else if (event.type === 'consent.update') {
              // Options the update leaves out keep their value.
              expect(context.options).toEqual({ ...before?.context.options, ...event.options, essentials: true });
              expect(context.answeredAt).toBe(ANSWERED_AT);
              expect(written).toEqual([storedOf(snapshot)]);
            }
            break;
        }

        // The platform's copy.
        // A call runs while its child does (a dropped call's fake promise stays pending, its child is gone).
        const children = snapshot.children as Record<string, unknown>;
        const callsPending = children.loadPlatformConsent !== undefined || children.savePlatformConsent !== undefined;
        switch (platform) {
          case 'visitor':
            // Nobody logged in: nothing asked, nothing sent (a logout drops a call under way).
            expect(callsPending).toBe(false);
            expect(snapshot.hasTag('syncing')).toBe(false);
            break;
          case 'waiting':
            expect(choice).toBe('loading');
            expect(callsPending).toBe(false);
            break;
          case 'fetching':
            expect(snapshot.hasTag('syncing')).toBe(true);
            expect(fakes.isPending('loadPlatformConsent')).toBe(true);
            break;
          case 'uploading':
            // The browser's answer is sent, with the version in force.
            expect(snapshot.hasTag('syncing')).toBe(true);
            expect(fakes.isPending('savePlatformConsent')).toBe(true);
            expect(fakes.calls.at(-1)).toEqual({ id: 'savePlatformConsent', input: { options: context.options, version: COOKIE_POLICY_VERSION } });
            expect(hasCurrentAnswer(context)).toBe(true);
            if (eventType === 'xstate.done.actor.loadPlatformConsent' && before) {
              // At login the browser's answer was the latest to the policy in force.
              expect(cookieConsentSync(before.context, outputOf(event) as PlatformCookieConsent | null)).toBe('upload');
            }
            break;
          case 'linked':
            expect(snapshot.hasTag('syncing')).toBe(false);
            expect(snapshot.hasTag('syncFailed')).toBe(false);
            if (eventType === 'xstate.done.actor.loadPlatformConsent' && before) {
              const held = outputOf(event) as PlatformCookieConsent | null;
              const decision = cookieConsentSync(before.context, held);
              if (decision === 'adopt' && held) {
                // The platform's answer is the browser's now: stored, and no notice.
                expect(context).toEqual({ options: held.options, accepted: true, version: held.version, answeredAt: held.answeredAt });
                expect(written).toEqual([storedOf(snapshot)]);
                expect(choice).toBe('accepted');
              } else if (decision === 'askAgain' && held) {
                // An older policy's answer: the notice again, with the player's last choices.
                expect(choice).toBe('notice');
                expect(context.options).toEqual(held.options);
                expect(written).toEqual([]);
              } else {
                expect(decision).toBe('none');
                expect(context).toEqual(before.context);
                expect(choice).toBe('notice');
              }
            }
            if (eventType === 'xstate.done.actor.savePlatformConsent') {
              // Stored on the platform: its time is the browser's too.
              expect(context.answeredAt).toBe((outputOf(event) as PlatformCookieConsent).answeredAt);
              expect(context.options).toEqual(before?.context.options);
              expect(written).toEqual([storedOf(snapshot)]);
            }
            break;
          case 'failed':
            // A failed call keeps the browser's answer and never blocks the page.
            expect(snapshot.hasTag('syncFailed')).toBe(true);
            expect(callsPending).toBe(false);
            if (event.type.startsWith('xstate.error.actor.')) {
              expect(context).toEqual(before?.context);
              expect(written).toEqual([]);
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
  }, 120_000);

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
    firstVisit.send({ type: 'consent.accept', options: { marketing: false }, at: ANSWERED_AT });
    firstVisit.stop();

    const secondVisit = withStorage();
    await settle();
    expect(secondVisit.getSnapshot().value).toEqual({ choice: 'accepted', platform: 'visitor' });
    expect(secondVisit.getSnapshot().context.options).toEqual({ essentials: true, performanceFunctional: true, marketing: false });
    secondVisit.stop();
  });

  it("a visitor's refusal is uploaded at login; a second browser logging in takes the platform's answer and shows no notice", async () => {
    // The platform, as one stored answer shared by both browsers.
    let held: PlatformCookieConsent | null = null;
    const browser = () => {
      const fakes = new FakePromises();
      const { machine } = setupWith(fakes);
      const actor = createActor(machine).start();
      return { fakes, actor };
    };
    const answerPlatform = async (fakes: FakePromises) => {
      fakes.resolve('loadPlatformConsent', held);
      await settle();
      const call = fakes.calls.at(-1);
      if (call?.id === 'savePlatformConsent' && fakes.isPending('savePlatformConsent')) {
        held = savedAnswer(call.input as CookieConsentAnswer);
        fakes.resolve('savePlatformConsent', held);
        await settle();
      }
    };

    const first = browser();
    first.fakes.resolve('loadConsent', null);
    await settle();
    first.actor.send({ type: 'consent.accept', options: { marketing: false }, at: ANSWERED_AT });
    first.actor.send({ type: 'consent.loggedIn' });
    await answerPlatform(first.fakes);
    expect(held).toMatchObject({ options: { essentials: true, performanceFunctional: true, marketing: false }, version: COOKIE_POLICY_VERSION });
    expect(first.actor.getSnapshot().value).toEqual({ choice: 'accepted', platform: 'linked' });

    const second = browser();
    second.actor.send({ type: 'consent.loggedIn' });
    expect(second.actor.getSnapshot().value).toEqual({ choice: 'loading', platform: 'waiting' });
    second.fakes.resolve('loadConsent', null);
    await settle();
    expect(second.actor.getSnapshot().hasTag('notice')).toBe(true);
    await answerPlatform(second.fakes);
    expect(second.actor.getSnapshot().hasTag('notice')).toBe(false);
    expect(second.actor.getSnapshot().context.options.marketing).toBe(false);
  });

  it("the player's latest answer wins: an older answer on this browser yields to the platform's, and is not sent", async () => {
    const fakes = new FakePromises();
    const { machine, world } = setupWith(fakes);
    const actor = createActor(machine).start();
    fakes.resolve('loadConsent', STORED_CURRENT);
    await settle();
    actor.send({ type: 'consent.loggedIn' });
    fakes.resolve('loadPlatformConsent', PLATFORM_LATER);
    await settle();
    const snapshot = actor.getSnapshot();
    expect(snapshot.value).toEqual({ choice: 'accepted', platform: 'linked' });
    expect(snapshot.context.options).toEqual(PLATFORM_LATER.options);
    expect(fakes.calls.map((call) => call.id)).not.toContain('savePlatformConsent');
    expect(world.persisted.at(-1)).toMatchObject({ ...PLATFORM_LATER.options, answeredAt: PLATFORM_LATER.answeredAt });
  });
});
