// Responsible gambling along the journeys a player makes (issue 13 "Tests": "whole-system paths for:
// reality check while a game is open → log out closes the game; self-exclusion → logged out, socket
// closed, login refused"), as one actor system: the real session, login, idle timer, wallet, activity
// timer, game launch and exclusion machines, only their outside calls faked (lib/sessionSystem.ts)
// and the clock simulated. Each journey asserts what its end promises: the session's state, which
// children exist, what the UI was told and which calls reached the platform.
import type { ActorRefFrom } from 'xstate';
import { describe, expect, it } from 'vitest';
import type { activityTimerMachine } from '../../machines/activityTimer.machine';
import { exclusionMachine, type BreakRequest } from '../../machines/exclusion.machine';
import { ACTIVITY_TIMER_POLL_MS } from '../../machines/lib/constants';
import type { MarketCode } from '../../machines/lib/markets';
import { isAuthorized } from '../../machines/session.guards';
import { walletRefOf } from '../../machines/session.machine';
import { ApiError } from '../../src/api/errors';
import type { ActivitySummary, BreakResponse } from '../../src/api/responsibleGambling';
import type { WalletResponse } from '../../src/api/wallet';
import { SLOT } from './lib/games';
import { settle } from './lib/pathCoverage';
import { ALWAYS, childIds, gameLaunchActors, loggedIn, runningFlows, sessionSystem, type SessionSystem } from './lib/sessionSystem';

type TimerRef = ActorRefFrom<typeof activityTimerMachine>;

const SLOT_ROUTE = { lobby: 'casino', provider: 'pragmaticplay', game: 'aurora-slot', channel: 'desktop', visitorCountry: 'FI' } as const;
const SUMMARY: ActivitySummary = {
  settings: { intervalMinutes: 30, activityTimerOn: true },
  currency: 'EUR',
  sessionStartedAt: '2026-11-25T12:00:00.000Z',
  turnover: '240.00',
  winnings: '180.00',
  delta: '-60.00',
  limitWarnings: [],
};
const EXCLUDED_UNTIL = '2027-05-25T12:00:00.000Z';

/** The session with the real game launch and exclusion flows; their platform calls are fakes. */
function system() {
  return sessionSystem((fakes) => ({
    ...gameLaunchActors(fakes),
    exclusion: exclusionMachine.provide({
      actors: {
        loadTimeoutChoices: fakes.actor<readonly number[], { market: MarketCode }>(),
        requestBreak: fakes.actor<BreakResponse, BreakRequest>(),
      },
    }),
  }));
}

/** The activity timer child, found by its system id. */
function timerOf(run: SessionSystem): TimerRef {
  const timer = run.session.system.get('activityTimer') as TimerRef | undefined;
  expect(timer).toBeDefined();
  expect(run.session.getSnapshot().children.activityTimer).toBe(timer);
  return timer!;
}

/** A real-money slot, launched to the frame (detail, game token, URL, recently played). */
async function playSlot(run: SessionSystem) {
  run.session.send({ type: 'flow.start', flow: 'gameLaunch', input: SLOT_ROUTE });
  const game = run.session.getSnapshot().context.flows.gameLaunch;
  run.fakes.resolve('loadGameDetail', SLOT);
  await settle();
  run.fakes.resolve('fetchGrant', 'game-token');
  await settle();
  run.fakes.resolve('resolveLaunchUrl', 'http://games.localhost:4173/play/aurora-slot');
  await settle();
  run.fakes.resolve('recordRecentGame', null);
  await settle();
  expect(game?.getSnapshot().value).toEqual({ game: 'shown' });
  expect(game?.getSnapshot().context.input.demo).toBe(false);
  return game!;
}

/** The player's timer is on (30 minutes) with `minutes` left; the next polls answer `then` until zero. */
async function timerRunsDown(run: SessionSystem, timer: TimerRef, minutes: number) {
  run.fakes.resolve('loadTimerSettings', { intervalMinutes: 30, activityTimerOn: true });
  await settle();
  run.fakes.resolve('fetchMinutesRemaining', { minutesRemaining: minutes });
  await settle();
  expect(timer.getSnapshot().value).toEqual({ timing: 'waiting' });
}

/** One poll interval passes and the platform says the time is up: the modal opens with the summary. */
async function realityCheckDue(run: SessionSystem, timer: TimerRef) {
  run.clock.increment(ACTIVITY_TIMER_POLL_MS);
  await settle();
  run.fakes.resolve('fetchMinutesRemaining', { minutesRemaining: 0 });
  await settle();
  expect(timer.getSnapshot().hasTag('realityCheck')).toBe(true);
  run.fakes.resolve('fetchActivitySummary', SUMMARY);
  await settle();
  expect(timer.getSnapshot().value).toEqual({ due: 'shown' });
  expect(timer.getSnapshot().context.summary).toEqual(SUMMARY);
}

describe('responsible gambling across the whole actor system (issue 13)', () => {
  it('the reality check comes while a game is open: Continue keeps playing, the link opens the limits page, Log out closes the game', async () => {
    const run = system();
    await loggedIn(run, 'FI');
    const timer = timerOf(run);
    await timerRunsDown(run, timer, 1);
    const game = await playSlot(run);

    // Continue: the modal closes, the platform's timer is reset, the game plays on.
    await realityCheckDue(run, timer);
    timer.send({ type: 'activity.continue' });
    expect(timer.getSnapshot().hasTag('realityCheck')).toBe(false);
    expect(run.fakes.calls.at(-1)?.id).toBe('resetActivityTimer');
    run.fakes.resolve('resetActivityTimer', { minutesRemaining: 30 });
    await settle();
    expect(game.getSnapshot().status).toBe('active');
    expect(run.emitted).toEqual([]);

    // The link: reset too, and the session navigates to the gambling-limits page (langmarket included).
    await realityCheckDue(run, timer);
    timer.send({ type: 'activity.link' });
    expect(run.emitted).toEqual([{ type: 'ui.navigate', href: '/en-UN/my-account/gambling-limits' }]);
    run.fakes.resolve('resetActivityTimer', { minutesRemaining: 30 });
    await settle();
    expect(isAuthorized(run.session.getSnapshot())).toBe(true);

    // Log out: the session logs out, the real-money game closes with it, nothing of the player is left.
    await realityCheckDue(run, timer);
    timer.send({ type: 'activity.logout' });
    const out = run.session.getSnapshot();
    expect(out.matches({ resolved: 'loggingOut' })).toBe(true);
    expect(out.context.logoutReason).toBe('player');
    expect(game.getSnapshot().status).toBe('stopped');
    expect(timer.getSnapshot().status).toBe('done');
    expect(runningFlows(run)).toEqual([]);
    expect(run.session.system.get('gameLaunch')).toBeUndefined();
    expect(run.session.system.get('activityTimer')).toBeUndefined();
    run.fakes.resolve('signOut', { ok: true });
    await settle();
    expect(run.session.getSnapshot().value).toEqual({ resolved: 'anonymous' });
    expect(childIds(run)).toEqual(ALWAYS);
    expect(run.emitted.at(-1)).toEqual({ type: 'session.loggedOut', reason: 'player' });
  });

  it('a network blip during a game does not stop the reality check: the failed poll is followed by the next one', async () => {
    const run = system();
    await loggedIn(run, 'FI');
    const timer = timerOf(run);
    await timerRunsDown(run, timer, 2);
    await playSlot(run);
    run.clock.increment(ACTIVITY_TIMER_POLL_MS);
    await settle();
    run.fakes.reject('fetchMinutesRemaining', new ApiError('network', 0, 'network.error', 'Network Error'));
    await settle();
    expect(timer.getSnapshot().value).toEqual({ timing: 'waiting' });
    await realityCheckDue(run, timer);
  });

  it('self-exclusion: logged out at once, the wallet and its socket stopped, and the next login refused with the days left', async () => {
    const run = system();
    await loggedIn(run, 'FI');

    // The balance is live in the header.
    const wallet = walletRefOf(run.session.getSnapshot());
    const balance: WalletResponse = { currency: 'EUR', version: 3, balanceMap: { MAIN: { cash: '75.00' }, LOCKED: { cash: '0.00' }, BONUS: [] } };
    run.fakes.resolve('fetchWallet', balance);
    run.fakes.resolve('fetchSocketToken', { token: 'live.token.1' });
    await settle();
    expect(run.sockets).toHaveLength(1);
    run.sockets[0]?.push({ type: 'socket.opened' });
    expect(wallet?.getSnapshot().hasTag('live')).toBe(true);

    // The gambling-limits page starts the flow; the player's market (Finland) gives the time-out lengths.
    run.session.send({ type: 'flow.start', flow: 'exclusion' });
    const flow = run.session.getSnapshot().context.flows.exclusion;
    expect(run.session.system.get('exclusion')).toBe(flow);
    expect(run.fakes.calls.at(-1)).toEqual({ id: 'loadTimeoutChoices', input: { market: 'FI' } });
    run.fakes.resolve('loadTimeoutChoices', [1, 2, 3]);
    await settle();
    flow?.send({ type: 'exclusion.choose', choice: { kind: 'exclusion', months: 6 } });
    expect(flow?.getSnapshot().hasTag('confirm')).toBe(true);
    flow?.send({ type: 'exclusion.confirm' });
    expect(run.fakes.calls.at(-1)).toEqual({ id: 'requestBreak', input: { call: 'exclusion', body: { exclusionInMonths: 6, exclusionDelayInHours: 0 } } });
    run.fakes.resolve('requestBreak', { status: 'SELF_EXCLUDED', until: EXCLUDED_UNTIL } satisfies BreakResponse);
    await settle();

    // The session logs out at once: no flow, no wallet, the socket closed; a toast says until when.
    const out = run.session.getSnapshot();
    expect(out.matches({ resolved: 'loggingOut' })).toBe(true);
    expect(out.context.logoutReason).toBe('break');
    expect(runningFlows(run)).toEqual([]);
    expect(flow?.getSnapshot().status).toBe('done');
    expect(wallet?.getSnapshot().status).toBe('stopped');
    expect(run.session.system.get('wallet')).toBeUndefined();
    expect(run.sockets.every((socket) => socket.closed)).toBe(true);
    expect(out.context.toastRef.getSnapshot().context.toasts.map(({ kind, message, values }) => ({ kind, message, values }))).toEqual([
      { kind: 'success', message: 'exclusion.started', values: { until: EXCLUDED_UNTIL } },
    ]);
    // The platform ended the session with the exclusion: the sign-out call is refused, and the app logs out all the same.
    run.fakes.reject('signOut', new ApiError('http', 401, 'error.unauthorized', 'Unauthorized'));
    await settle();
    expect(run.session.getSnapshot().value).toEqual({ resolved: 'anonymous' });
    expect(run.session.getSnapshot().context.idToken).toBeNull();
    expect(childIds(run)).toEqual(ALWAYS);
    expect(run.emitted).toEqual([{ type: 'session.loggedOut', reason: 'break' }]);

    // The next login is refused with the platform's code: the form shows the days left.
    run.session.send({ type: 'login.open', redirect: null });
    const login = run.session.getSnapshot().context.loginRef;
    login?.send({ type: 'form.submit', email: 'player@example.com', password: 'Aurora-Player-1' });
    run.fakes.reject('authenticate', new ApiError('http', 403, 'code:error.exclusion.in.progress:days:181', 'A self-exclusion is in progress.'));
    await settle();
    expect(login?.getSnapshot().hasTag('error')).toBe(true);
    expect(login?.getSnapshot().context.error).toEqual({ code: 'exclusion', additionalInfo: { days: 181 } });
    expect(run.session.getSnapshot().value).toEqual({ resolved: 'anonymous' });
    expect(childIds(run)).toEqual([...ALWAYS, 'login'].sort());
  });

  it("the panic button: a day's cooling-off at one press, logged out, the game closed, login refused while cooling off", async () => {
    const run = system();
    await loggedIn(run, 'FI');
    const game = await playSlot(run);

    run.session.send({ type: 'flow.start', flow: 'exclusion', input: { panic: true } });
    // No choice, no confirmation (GlüStV 2021 §6a (5)): the request goes at once.
    expect(run.fakes.calls.at(-1)).toEqual({ id: 'requestBreak', input: { call: 'coolingOff', body: { days: 1, initiator: 'PLAYER' } } });
    run.fakes.resolve('requestBreak', { status: 'TIMEOUT', until: '2026-11-26T12:00:00.000Z' } satisfies BreakResponse);
    await settle();
    expect(run.session.getSnapshot().context.logoutReason).toBe('break');
    expect(game.getSnapshot().status).toBe('stopped');
    expect(runningFlows(run)).toEqual([]);
    expect(run.session.getSnapshot().context.toastRef.getSnapshot().context.toasts.at(-1)).toMatchObject({
      message: 'break.started',
      values: { until: '2026-11-26T12:00:00.000Z' },
    });
    run.fakes.resolve('signOut', { ok: true });
    await settle();
    expect(childIds(run)).toEqual(ALWAYS);

    run.session.send({ type: 'login.open', redirect: null });
    const login = run.session.getSnapshot().context.loginRef;
    login?.send({ type: 'form.submit', email: 'player@example.com', password: 'Aurora-Player-1' });
    run.fakes.reject(
      'authenticate',
      new ApiError('http', 403, 'code:error.timeout.in.progress:days:1:isCooling:true:initiator:PLAYER', 'A time-out is in progress.'),
    );
    await settle();
    expect(login?.getSnapshot().context.error).toEqual({ code: 'timeout', additionalInfo: { days: 1, isCooling: true, initiator: 'PLAYER' } });
  });
});
