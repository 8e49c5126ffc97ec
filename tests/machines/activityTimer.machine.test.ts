import { createActor, fromPromise, SimulatedClock } from 'xstate';
import { describe, expect, it } from 'vitest';
import { activityTimerMachine } from '../../machines/activityTimer.machine';
import { ACTIVITY_TIMER_POLL_MS } from '../../machines/lib/constants';
import type { ActivitySettings, ActivitySummary, MinutesRemaining } from '../../src/api/responsibleGambling';
import { eventsIn, OFF, ON, SUMMARY } from './lib/activityTimer.fixtures';
import { coverPaths, FakePromises, formatCoverage, settle } from './lib/pathCoverage';

// behaviour.md §4 "Gambling limits and responsible gambling": the activity timer starts, stops and
// is reset by link, logout or continue; the summary opens and closes; polled every 60 s; at zero the
// summary is fetched and the session-timeout modal is shown. §9 ACTIVITY_TIMER_POLL_MS.

interface World {
  /** How often the session was asked to open the gambling-limits page. */
  links: number;
  seen: number;
}

function setupWith(fakes: FakePromises) {
  const world: World = { links: 0, seen: 0 };
  const machine = activityTimerMachine.provide({
    actors: {
      loadTimerSettings: fakes.actor<ActivitySettings>(),
      fetchMinutesRemaining: fakes.actor<MinutesRemaining>(),
      fetchActivitySummary: fakes.actor<ActivitySummary>(),
      resetActivityTimer: fakes.actor<MinutesRemaining>(),
    },
    actions: {
      openLimitsPage: () => {
        world.links += 1;
      },
    },
  });
  return { machine, world };
}

describe('activity timer machine (behaviour.md §4 reality check, §9 poll every 60 s)', () => {
  it('reaches every state and transition, and each state shows what it promises', async () => {
    const result = await coverPaths({
      setup: setupWith,
      events: eventsIn,
      check: (snapshot, { event, previous, fakes, world }) => {
        const { context } = snapshot;
        // The call running now (a call left behind by a transition is stopped with its state).
        const pending = Object.keys(snapshot.children);
        for (const id of pending) expect(fakes.isPending(id)).toBe(true);
        // The modal shows exactly while the check is due; it is never left without an answer.
        expect(snapshot.hasTag('realityCheck')).toBe(snapshot.matches('due'));
        if (previous?.matches('due') === true && !snapshot.matches('due')) {
          expect(['activity.continue', 'activity.link', 'activity.logout']).toContain(event.type);
        }
        // The link, and only the link, asks the session to open the gambling-limits page.
        const linked = world.links - world.seen;
        world.seen = world.links;
        expect(linked).toBe(event.type === 'activity.link' && previous?.matches({ due: 'shown' }) === true ? 1 : 0);

        if (snapshot.matches({ timing: 'loadingSettings' })) {
          expect(pending).toEqual(['loadTimerSettings']);
        } else if (snapshot.matches({ timing: 'settingsUnavailable' })) {
          expect(pending).toEqual([]);
          expect(event.type).toBe('xstate.error.actor.loadTimerSettings');
        } else if (snapshot.matches({ timing: 'off' })) {
          expect(pending).toEqual([]);
          // Off by the settings, or by the platform's null.
          if (event.type === 'xstate.done.actor.loadTimerSettings') expect(context.intervalMinutes).toBeNull();
          else expect(context.minutesRemaining).toBeNull();
        } else if (snapshot.matches({ timing: 'checking' })) {
          expect(pending).toEqual(['fetchMinutesRemaining']);
          expect(context.intervalMinutes).toBe(ON.intervalMinutes);
        } else if (snapshot.matches({ timing: 'waiting' })) {
          // Polled again one interval later, whether the poll, the reset, or neither answered.
          expect(pending).toEqual([]);
          if (event.type === 'xstate.done.actor.fetchMinutesRemaining') expect(context.minutesRemaining).toBe(25);
          if (event.type === 'xstate.done.actor.resetActivityTimer') expect(context.minutesRemaining).toBe(60);
          if (event.type.startsWith('xstate.error.actor.')) expect(context.minutesRemaining).toBe(previous?.context.minutesRemaining);
        } else if (snapshot.matches({ due: 'fetchingSummary' })) {
          expect(pending).toEqual(['fetchActivitySummary']);
          expect(snapshot.hasTag('loading')).toBe(true);
          expect(context.minutesRemaining).toBe(0);
          expect(context.summary).toBeNull();
        } else if (snapshot.matches({ due: 'shown' })) {
          expect(pending).toEqual([]);
          expect(snapshot.hasTag('loading')).toBe(false);
          // The figures when they came, else none (the modal says they could not be loaded).
          if (previous?.matches({ due: 'fetchingSummary' }) === true) {
            expect(context.summary).toEqual(event.type === 'xstate.done.actor.fetchActivitySummary' ? SUMMARY : null);
          }
        } else if (snapshot.matches('resetting')) {
          expect(pending).toEqual(['resetActivityTimer']);
          expect(['activity.continue', 'activity.link']).toContain(event.type);
        } else {
          expect(snapshot.value).toBe('loggedOut');
          expect(snapshot.status).toBe('done');
          expect(snapshot.output).toEqual({ outcome: 'logout' });
          expect(event.type).toBe('activity.logout');
        }
      },
    });
    console.info(formatCoverage('activityTimer', result));
    expect(result.uncoveredStates).toEqual([]);
    expect(result.uncoveredTransitions).toEqual([]);
    expect(result.statesCovered).toBe(result.statesTotal);
    expect(result.transitionsCovered).toBe(result.transitionsTotal);
  });

  /** The machine with a platform that counts down on the simulated clock, as the real one does. */
  function onTheClock(options: { failPolls?: () => boolean } = {}) {
    const clock = new SimulatedClock();
    const platform = { startedAt: 0, intervalMinutes: 30, polls: [] as number[], resets: 0, summaries: 0, links: 0 };
    const minutesRemaining = () => Math.max(0, platform.intervalMinutes - Math.floor((clock.now() - platform.startedAt) / 60_000));
    const machine = activityTimerMachine.provide({
      actors: {
        loadTimerSettings: fromPromise(() => Promise.resolve<ActivitySettings>({ intervalMinutes: 30, activityTimerOn: true })),
        fetchMinutesRemaining: fromPromise(() => {
          platform.polls.push(clock.now());
          if (options.failPolls?.() === true) return Promise.reject(new Error('Network Error'));
          return Promise.resolve<MinutesRemaining>({ minutesRemaining: minutesRemaining() });
        }),
        fetchActivitySummary: fromPromise(() => {
          platform.summaries += 1;
          return Promise.resolve(SUMMARY);
        }),
        resetActivityTimer: fromPromise(() => {
          platform.resets += 1;
          platform.startedAt = clock.now();
          return Promise.resolve<MinutesRemaining>({ minutesRemaining: minutesRemaining() });
        }),
      },
      actions: {
        openLimitsPage: () => {
          platform.links += 1;
        },
      },
    });
    const actor = createActor(machine, { clock }).start();
    const tick = async () => {
      clock.increment(ACTIVITY_TIMER_POLL_MS);
      await settle();
    };
    return { actor, clock, platform, tick };
  }

  it('on a simulated clock: polls every 60 s, shows the modal at zero, and Continue starts a new interval', async () => {
    const { actor, clock, platform, tick } = onTheClock();
    await settle();
    // Asked at once at login, then every ACTIVITY_TIMER_POLL_MS, never between.
    expect(platform.polls).toEqual([0]);
    clock.increment(ACTIVITY_TIMER_POLL_MS - 1);
    await settle();
    expect(platform.polls).toEqual([0]);
    clock.increment(1);
    await settle();
    expect(platform.polls).toEqual([0, ACTIVITY_TIMER_POLL_MS]);

    while (!actor.getSnapshot().hasTag('realityCheck')) await tick();
    expect(clock.now()).toBe(30 * 60_000);
    await settle();
    expect(actor.getSnapshot().value).toEqual({ due: 'shown' });
    expect(actor.getSnapshot().context.summary).toEqual(SUMMARY);
    expect(platform.summaries).toBe(1);

    // The modal waits for an answer: no poll, however long the player takes.
    const polls = platform.polls.length;
    for (let i = 0; i < 10; i += 1) await tick();
    expect(platform.polls).toHaveLength(polls);
    expect(actor.getSnapshot().hasTag('realityCheck')).toBe(true);

    actor.send({ type: 'activity.continue' });
    expect(actor.getSnapshot().hasTag('realityCheck')).toBe(false);
    await settle();
    expect(platform.resets).toBe(1);
    const resetAt = clock.now();
    while (!actor.getSnapshot().hasTag('realityCheck')) await tick();
    // A whole new interval after Continue (to within a poll).
    expect(clock.now() - resetAt).toBeGreaterThanOrEqual(30 * 60_000);
    expect(clock.now() - resetAt).toBeLessThan(30 * 60_000 + ACTIVITY_TIMER_POLL_MS);

    // The link resets it too and asks the session to open the limits page; Log out ends the timer.
    await settle();
    actor.send({ type: 'activity.link' });
    await settle();
    expect(platform).toMatchObject({ resets: 2, links: 1 });
    while (!actor.getSnapshot().hasTag('realityCheck')) await tick();
    await settle();
    actor.send({ type: 'activity.logout' });
    expect(actor.getSnapshot().status).toBe('done');
    expect(actor.getSnapshot().output).toEqual({ outcome: 'logout' });
    expect(platform.resets).toBe(2);
  });

  it('keeps polling through failed polls: a network blip does not switch the reality check off', async () => {
    let failing = true;
    const { actor, platform, tick } = onTheClock({ failPolls: () => failing });
    await settle();
    for (let i = 0; i < 40; i += 1) await tick();
    // Forty minutes of failures: still asking, once a minute, and no modal from a failure.
    expect(platform.polls).toHaveLength(41);
    expect(actor.getSnapshot().value).toEqual({ timing: 'waiting' });
    failing = false;
    await tick();
    await settle();
    expect(actor.getSnapshot().hasTag('realityCheck')).toBe(true);
  });

  it('reads the settings again when they change: switched on from off, it starts polling', async () => {
    const clock = new SimulatedClock();
    let settings: ActivitySettings = OFF;
    const polls: number[] = [];
    const actor = createActor(
      activityTimerMachine.provide({
        actors: {
          loadTimerSettings: fromPromise(() => Promise.resolve(settings)),
          fetchMinutesRemaining: fromPromise(() => {
            polls.push(clock.now());
            return Promise.resolve<MinutesRemaining>({ minutesRemaining: 60 });
          }),
        },
      }),
      { clock },
    ).start();
    await settle();
    expect(actor.getSnapshot().value).toEqual({ timing: 'off' });
    clock.increment(10 * ACTIVITY_TIMER_POLL_MS);
    await settle();
    expect(polls).toEqual([]);
    settings = ON;
    actor.send({ type: 'activity.settingsChanged' });
    await settle();
    expect(actor.getSnapshot().value).toEqual({ timing: 'waiting' });
    expect(actor.getSnapshot().context).toMatchObject({ intervalMinutes: 60, minutesRemaining: 60 });
    expect(polls).toEqual([clock.now()]);
    actor.stop();
  });
});
