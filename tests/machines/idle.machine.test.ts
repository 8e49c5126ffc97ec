import { createActor, fromPromise, SimulatedClock } from 'xstate';
import type { DoneActorEvent, ErrorActorEvent, EventFromLogic } from 'xstate';
import { describe, expect, it } from 'vitest';
import { idleLogoutAt, idleMachine } from '../../machines/idle.machine';
import { IDLE_CHECK_MS, IDLE_LIMIT_MS, IDLE_WARNING_MS, SESSION_KEEPALIVE_MS } from '../../machines/lib/constants';
import { coverPaths, FakePromises, formatCoverage, settle } from './lib/pathCoverage';

/** The machine's events and the clock's answers (the machine types those through its actors). */
type IdleEvent = EventFromLogic<typeof idleMachine> | DoneActorEvent<number, 'readClock'> | ErrorActorEvent<unknown, 'readClock'>;

/** Times the fake clock answers (ms since the epoch); a small fixed set keeps the graph finite. */
const T0 = 1_700_000_000_000;
const WARNING_FROM = IDLE_LIMIT_MS - IDLE_WARNING_MS;
const ACTIVITY_AT = T0 + 5_000;

const clockSays = (now: number): IdleEvent => ({ type: 'xstate.done.actor.readClock', actorId: 'readClock', output: now });

const events: IdleEvent[] = [
  clockSays(T0),
  clockSays(T0 + SESSION_KEEPALIVE_MS),
  clockSays(T0 + WARNING_FROM),
  clockSays(T0 + IDLE_LIMIT_MS),
  { type: 'xstate.error.actor.readClock', actorId: 'readClock', error: new Error('no clock') },
  { type: 'idle.activity', at: ACTIVITY_AT },
  { type: 'idle.stay' },
];

/** The keep-alives asked for: what led to each, and when the machine says it was. */
interface KeepAliveCall {
  event: string;
  lastKeepAliveAt: number | null;
}

function setupWith(fakes: FakePromises) {
  const keepAlives: KeepAliveCall[] = [];
  const machine = idleMachine.provide({
    actors: { readClock: fakes.actor<number>() },
    actions: {
      keepAlive: ({ context, event }) => keepAlives.push({ event: event.type, lastKeepAliveAt: context.lastKeepAliveAt }),
    },
  });
  return { machine, world: { keepAlives } };
}

/**
 * The rule, written out again: a check asks for a keep-alive only for activity since the last one
 * and SESSION_KEEPALIVE_MS or more after it (the first activity when the start had no clock).
 */
function keepAliveExpected(context: { lastActivityAt: number | null; lastKeepAliveAt: number | null }, now: number): boolean {
  if (context.lastActivityAt === null) return false;
  if (context.lastKeepAliveAt === null) return true;
  return context.lastActivityAt > context.lastKeepAliveAt && now - context.lastKeepAliveAt >= SESSION_KEEPALIVE_MS;
}

describe('idle machine (behaviour.md §4 "Session": idle check, GLI-19 2.5.4)', () => {
  it('reaches every state and transition, and each state shows what it promises', async () => {
    const keepAlivesBefore = new WeakMap<{ keepAlives: KeepAliveCall[] }, number>();
    const keepAlivesSeen = { fromCheck: 0, fromStay: 0 };
    const result = await coverPaths({
      setup: setupWith,
      events,
      check: (snapshot, { event, previous, fakes, world, index }) => {
        const { context } = snapshot;
        const clock = event.type === 'xstate.done.actor.readClock' ? (event.output as number) : null;
        const before = previous?.context.lastActivityAt ?? null;
        const idleFor = clock === null || before === null ? null : clock - before;
        expect(snapshot.hasTag('warning')).toBe(snapshot.value === 'warning');

        // Keep-alives (the platform's own idle limit): one per step at most, asked for by a check
        // that found unreported activity an interval after the last keep-alive, or by "Stay logged
        // in"; never by the start, by activity itself or by a check that found none.
        const asked = world.keepAlives.length - (keepAlivesBefore.get(world) ?? 0);
        keepAlivesBefore.set(world, world.keepAlives.length);
        const fromCheck =
          previous?.value === 'checking' && snapshot.value === 'active' && clock !== null && keepAliveExpected(previous.context, clock);
        const fromStay = previous?.value === 'warning' && event.type === 'idle.stay';
        expect(asked, `keep-alives at step ${String(index)}`).toBe(fromCheck || fromStay ? 1 : 0);
        if (fromCheck) keepAlivesSeen.fromCheck += 1;
        if (fromStay) keepAlivesSeen.fromStay += 1;
        if (fromCheck) {
          expect(world.keepAlives.at(-1)).toEqual({ event: 'xstate.done.actor.readClock', lastKeepAliveAt: clock });
          expect(context.lastKeepAliveAt).toBe(clock);
        } else if (snapshot.value !== 'active' || previous?.value !== 'starting') {
          // Only a keep-alive or a (re)start moves it.
          expect(context.lastKeepAliveAt).toBe(previous?.context.lastKeepAliveAt ?? null);
        }
        if (fromStay) expect(world.keepAlives.at(-1)?.event).toBe('idle.stay');
        switch (snapshot.value) {
          case 'starting':
            // Reading the clock: now is the first activity (at the start and after "Stay logged in").
            expect(fakes.isPending('readClock')).toBe(true);
            break;
          case 'active':
            expect(fakes.isPending('readClock')).toBe(false);
            if (event.type === 'idle.activity') expect(context.lastActivityAt).toBe(event.at);
            if (previous?.value === 'starting' && clock !== null) {
              // Being logged in (a login or restore call) or staying so: the platform just heard from us.
              expect(context.lastActivityAt).toBe(clock);
              expect(context.lastKeepAliveAt).toBe(clock);
            }
            // A check that found the player active enough.
            if (previous?.value === 'checking' && idleFor !== null) expect(idleFor).toBeLessThan(WARNING_FROM);
            break;
          case 'checking':
            expect(fakes.isPending('readClock')).toBe(true);
            expect(['active', 'warning']).toContain(previous?.value);
            // The check does not forget the last activity.
            expect(context.lastActivityAt).toBe(before);
            break;
          case 'warning':
            // Warned only once IDLE_WARNING_MS remain, and the last activity is not moved by the warning.
            if (previous?.value === 'checking') {
              expect(idleFor).toBeGreaterThanOrEqual(WARNING_FROM);
              expect(idleFor).toBeLessThan(IDLE_LIMIT_MS);
            }
            expect(context.lastActivityAt).not.toBeNull();
            expect(idleLogoutAt(context)).toBe((context.lastActivityAt ?? 0) + IDLE_LIMIT_MS);
            break;
          case 'expired':
            // Past the limit: the machine is done and its parent logs out.
            expect(snapshot.status).toBe('done');
            expect(idleFor).toBeGreaterThanOrEqual(IDLE_LIMIT_MS);
            break;
        }
      },
    });
    console.info(formatCoverage('idle', result));
    expect(keepAlivesSeen.fromCheck).toBeGreaterThan(0);
    expect(keepAlivesSeen.fromStay).toBeGreaterThan(0);
    expect(result.uncoveredStates).toEqual([]);
    expect(result.uncoveredTransitions).toEqual([]);
    expect(result.statesCovered).toBe(result.statesTotal);
    expect(result.transitionsCovered).toBe(result.transitionsTotal);
  });

  it('on a simulated clock: warns IDLE_WARNING_MS before the limit, "Stay logged in" restarts, the limit ends it', async () => {
    const clock = new SimulatedClock();
    clock.set(T0);
    const machine = idleMachine.provide({ actors: { readClock: fromPromise(() => Promise.resolve(clock.now())) } });
    const actor = createActor(machine, { clock }).start();
    await settle();
    expect(actor.getSnapshot().value).toBe('active');
    expect(actor.getSnapshot().context.lastActivityAt).toBe(T0);

    // Checks every IDLE_CHECK_MS stay quiet until the warning is due.
    const tick = async () => {
      clock.increment(IDLE_CHECK_MS);
      await settle();
    };
    while (clock.now() + IDLE_CHECK_MS < T0 + WARNING_FROM) await tick();
    expect(actor.getSnapshot().value).toBe('active');
    await tick();
    expect(actor.getSnapshot().hasTag('warning')).toBe(true);
    const warnedAt = clock.now();
    expect(warnedAt - T0).toBeGreaterThanOrEqual(WARNING_FROM);
    expect(warnedAt - T0).toBeLessThan(WARNING_FROM + IDLE_CHECK_MS);

    // Moving the pointer does not answer the warning; "Stay logged in" does, and counts as activity.
    actor.send({ type: 'idle.activity', at: clock.now() });
    expect(actor.getSnapshot().hasTag('warning')).toBe(true);
    actor.send({ type: 'idle.stay' });
    await settle();
    expect(actor.getSnapshot().value).toBe('active');
    expect(actor.getSnapshot().context.lastActivityAt).toBe(clock.now());

    // Activity keeps the player logged in however long the session lasts.
    for (let i = 0; i < 3 * (IDLE_LIMIT_MS / IDLE_CHECK_MS); i += 1) {
      actor.send({ type: 'idle.activity', at: clock.now() });
      await tick();
      expect(actor.getSnapshot().value).toBe('active');
    }

    // Then nothing: the warning, then the end within one check of the limit.
    const lastActivity = clock.now();
    actor.send({ type: 'idle.activity', at: lastActivity });
    while (actor.getSnapshot().status === 'active') await tick();
    expect(actor.getSnapshot().value).toBe('expired');
    expect(clock.now() - lastActivity).toBeGreaterThanOrEqual(IDLE_LIMIT_MS);
    expect(clock.now() - lastActivity).toBeLessThan(IDLE_LIMIT_MS + IDLE_CHECK_MS);
  });

  it('asks for a keep-alive only after activity, and not more often than SESSION_KEEPALIVE_MS', async () => {
    const clock = new SimulatedClock();
    clock.set(T0);
    const keepAlives: number[] = [];
    const machine = idleMachine.provide({
      actors: { readClock: fromPromise(() => Promise.resolve(clock.now())) },
      actions: { keepAlive: () => keepAlives.push(clock.now()) },
    });
    const actor = createActor(machine, { clock }).start();
    await settle();
    const tick = async () => {
      clock.increment(IDLE_CHECK_MS);
      await settle();
    };

    // The login itself reached the platform; no activity since: nothing to report.
    while (clock.now() + IDLE_CHECK_MS < T0 + WARNING_FROM) await tick();
    expect(actor.getSnapshot().value).toBe('active');
    expect(keepAlives).toEqual([]);

    // One pointer move: reported at the next check (the interval has long passed), once.
    actor.send({ type: 'idle.activity', at: clock.now() });
    await tick();
    expect(keepAlives).toEqual([clock.now()]);
    for (let i = 0; i < 3 * (SESSION_KEEPALIVE_MS / IDLE_CHECK_MS); i += 1) await tick();
    expect(keepAlives).toHaveLength(1);

    // Busy for an hour (activity before every check): one keep-alive per interval, never closer.
    const busyFrom = clock.now();
    for (let i = 0; i < IDLE_LIMIT_MS / IDLE_CHECK_MS; i += 1) {
      actor.send({ type: 'idle.activity', at: clock.now() });
      await tick();
    }
    const busy = keepAlives.filter((at) => at > busyFrom);
    const gaps = busy.slice(1).map((at, i) => at - (busy[i] ?? 0));
    expect(busy.length).toBeGreaterThanOrEqual(Math.floor(IDLE_LIMIT_MS / (SESSION_KEEPALIVE_MS + IDLE_CHECK_MS)));
    for (const gap of gaps) {
      expect(gap).toBeGreaterThanOrEqual(SESSION_KEEPALIVE_MS);
      expect(gap).toBeLessThan(SESSION_KEEPALIVE_MS + IDLE_CHECK_MS);
    }
    // So the platform never goes longer than an interval and a check without hearing from a busy page.
    expect((busy[0] ?? Infinity) - busyFrom).toBeLessThanOrEqual(SESSION_KEEPALIVE_MS + IDLE_CHECK_MS);

    // Then idle until the warning: the last activity is still reported once its interval is up,
    // then nothing; "Stay logged in" sends one at once.
    const busyUntil = clock.now();
    const busyCount = keepAlives.length;
    while (!actor.getSnapshot().hasTag('warning')) await tick();
    expect(keepAlives.length - busyCount).toBeLessThanOrEqual(1);
    for (const at of keepAlives.slice(busyCount)) expect(at - busyUntil).toBeLessThan(SESSION_KEEPALIVE_MS + IDLE_CHECK_MS);
    const before = keepAlives.length;
    actor.send({ type: 'idle.stay' });
    expect(keepAlives).toHaveLength(before + 1);
    expect(keepAlives.at(-1)).toBe(clock.now());
    await settle();
    // ...and counts as the last one: no second keep-alive right after.
    actor.send({ type: 'idle.activity', at: clock.now() });
    await tick();
    expect(keepAlives).toHaveLength(before + 1);
    actor.stop();
  });

  it('compares wall-clock times: a computer that slept past the limit ends at the next check', async () => {
    let now = T0;
    const clock = new SimulatedClock();
    const machine = idleMachine.provide({ actors: { readClock: fromPromise(() => Promise.resolve(now)) } });
    const actor = createActor(machine, { clock }).start();
    await settle();
    // The timers were frozen while the wall clock ran on.
    now = T0 + IDLE_LIMIT_MS + 1;
    clock.increment(IDLE_CHECK_MS);
    await settle();
    expect(actor.getSnapshot().value).toBe('expired');
  });

  it('has a warning shorter than the limit and checks often enough never to skip it', () => {
    expect(IDLE_WARNING_MS).toBeLessThan(IDLE_LIMIT_MS);
    expect(IDLE_CHECK_MS * 2).toBeLessThanOrEqual(IDLE_WARNING_MS);
  });
});
