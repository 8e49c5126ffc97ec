// The session with the game launch flow (behaviour.md §4 "Game launch: loading, game, error"; §5
// demo for a visitor, real money for a player, no live demo; §8 token failure, evolution 400 → logout),
// as one actor system: the real session, login, idle timer, wallet and game launch machines, only
// their outside calls faked (lib/sessionSystem.ts) and the clock simulated. Each journey asserts what
// its end promises: the session's state, which children exist, the launch's state and context, and
// what the UI was told.
import type { ActorRefFrom } from 'xstate';
import { describe, expect, it } from 'vitest';
import type { gameLaunchMachine, GameLaunchRouteInput, LaunchUrlInput } from '../../machines/gameLaunch.machine';
import { IDLE_CHECK_MS } from '../../machines/lib/constants';
import type { LobbyType } from '../../machines/lib/games';
import { isAuthorized } from '../../machines/session.guards';
import { ApiError } from '../../src/api/errors';
import type { GameDetail } from '../../src/api/games';
import { EVOLUTION_TABLE, SLOT } from './lib/games';
import { LOGGED_IN } from './lib/identity';
import { settle } from './lib/pathCoverage';
import { accessAllowed, ALWAYS, anonymous, childIds, gameLaunchActors, loadPlayer, loggedIn, runningFlows, sessionSystem, type SessionSystem } from './lib/sessionSystem';

type LaunchRef = ActorRefFrom<typeof gameLaunchMachine>;

const SLOT_URL = 'http://games.localhost:4173/play/aurora-slot';
const SLOT_ROUTE = { lobby: 'casino', provider: 'pragmaticplay', game: 'aurora-slot' } as const;
const TABLE_ROUTE = { lobby: 'live-casino', provider: 'evolution', game: 'lightning-roulette' } as const;

/** The visitor's country as the access check sees it (the launch's country until a player's own is known). */
const VISITOR_COUNTRY = 'SE';

/** The session with the real game launch machine; its four platform calls are fakes. */
const system = () => sessionSystem(gameLaunchActors);

/**
 * What a play route does on entering, and what GamePage does when the player logs in or out
 * (src/routes/-components/gameRoutes.ts startGame): `flow.start` with the route's game and the
 * visitor's country as the access check saw it. Returns the flow the session spawned.
 */
function openGame({ session }: SessionSystem, route: { lobby: LobbyType; provider: string; game: string }): LaunchRef | null {
  const visitorCountry = session.getSnapshot().context.accessCheckRef.getSnapshot().context.countryCode;
  const input: GameLaunchRouteInput = { ...route, channel: 'desktop', visitorCountry };
  session.send({ type: 'flow.start', flow: 'gameLaunch', input });
  return session.getSnapshot().context.flows.gameLaunch;
}

/** The last call of a fake, which must be `id`: what the flow asked the platform. */
function lastCall(run: SessionSystem, id: string): unknown {
  const call = run.fakes.calls.at(-1);
  expect(call?.id).toBe(id);
  return call?.input;
}

/** The detail, the grant (ticket or token) and the launch URL answer; a real-money launch is then recorded. */
async function launch(run: SessionSystem, game: LaunchRef, detail: GameDetail, url: string) {
  const { input } = game.getSnapshot().context;
  expect(lastCall(run, 'loadGameDetail')).toEqual(input);
  run.fakes.resolve('loadGameDetail', detail);
  await settle();
  expect(lastCall(run, 'fetchGrant')).toEqual({ detail, input, grant: null });
  run.fakes.resolve('fetchGrant', input.demo ? 'game-ticket' : 'game-token');
  await settle();
  expect((lastCall(run, 'resolveLaunchUrl') as LaunchUrlInput).grant).toBe(input.demo ? 'game-ticket' : 'game-token');
  run.fakes.resolve('resolveLaunchUrl', url);
  await settle();
  if (!input.demo) {
    expect(game.getSnapshot().value).toEqual({ game: 'posting' });
    run.fakes.resolve('recordRecentGame', null);
    await settle();
  }
  expect(game.getSnapshot().value).toEqual({ game: 'shown' });
  expect(game.getSnapshot().context).toMatchObject({ detail, url, failure: null });
}

/** The ids of the fake calls made so far (to tell which platform calls a journey made). */
const callIds = (run: SessionSystem) => run.fakes.calls.map((call) => call.id);

describe('the session and the game launch flow along the journeys a player makes', () => {
  it('a visitor plays a slot in demo, logs in through the login modal, and the game restarts in real money', async () => {
    const run = system();
    await accessAllowed(run, VISITOR_COUNTRY);
    await anonymous(run);

    const demo = openGame(run, SLOT_ROUTE);
    expect(demo).not.toBeNull();
    expect(run.session.system.get('gameLaunch')).toBe(demo);
    expect(childIds(run)).toEqual(['accessCheck', 'cookieConsent', 'gameLaunch', 'toast']);
    // behaviour.md §5: fun money for a visitor, in the market's currency, in the visitor's country.
    expect(demo!.getSnapshot().context.input).toEqual({
      ...SLOT_ROUTE,
      channel: 'desktop',
      demo: true,
      language: 'en',
      currency: 'EUR',
      country: 'SE',
      jurisdiction: 'SE',
    });
    await launch(run, demo!, SLOT, SLOT_URL);
    // A demo launch asks for a ticket, never the game token, and is not a recently played game.
    expect(callIds(run)).not.toContain('recordRecentGame');
    expect(demo!.getSnapshot().context.grant).toBe('game-ticket');

    run.session.send({ type: 'login.open', redirect: '/online-casino/play/pragmaticplay/aurora-slot' });
    run.session.getSnapshot().context.loginRef?.send({ type: 'form.submit', email: 'player@example.com', password: 'Aurora-Player-1' });
    run.fakes.resolve('authenticate', LOGGED_IN);
    await settle();
    expect(isAuthorized(run.session.getSnapshot())).toBe(true);
    expect(run.emitted).toEqual([{ type: 'session.loggedIn', redirect: '/online-casino/play/pragmaticplay/aurora-slot' }]);

    // GamePage restarts the route's game as soon as the player is authorised: the session stops the
    // demo and spawns a real-money launch with the player's country.
    const real = openGame(run, SLOT_ROUTE);
    expect(real).not.toBe(demo);
    expect(demo!.getSnapshot().status).toBe('stopped');
    expect(run.session.system.get('gameLaunch')).toBe(real);
    expect(real!.getSnapshot().context.input).toMatchObject({ demo: false, currency: 'EUR', country: 'FI', jurisdiction: 'FI' });
    await loadPlayer(run);
    await launch(run, real!, SLOT, SLOT_URL);
    // The game token was asked for while the session held the player's token (the call's Authorization).
    const grants = run.fakes.calls.filter((call) => call.id === 'fetchGrant').map((call) => (call.input as LaunchUrlInput).input.demo);
    expect(grants).toEqual([true, false]);
    expect(run.session.getSnapshot().context.idToken).toBe(LOGGED_IN.idToken);
    expect(real!.getSnapshot().context.grant).toBe('game-token');
    expect(callIds(run)).toContain('recordRecentGame');
    expect(childIds(run)).toEqual(['accessCheck', 'activityTimer', 'cookieConsent', 'gameLaunch', 'idleTimer', 'toast', 'wallet']);
  });

  it('a player plays in real money and logs out: the game flow ends with the session and no child is left running', async () => {
    const run = system();
    await loggedIn(run, VISITOR_COUNTRY);
    const game = openGame(run, SLOT_ROUTE);
    await launch(run, game!, SLOT, SLOT_URL);
    expect(game!.getSnapshot().context.input.demo).toBe(false);

    run.session.send({ type: 'session.logout' });
    expect(run.session.getSnapshot().matches({ resolved: 'loggingOut' })).toBe(true);
    // No real-money game outlives the session (behaviour.md §5): stopped, its systemId free again.
    expect(game!.getSnapshot().status).toBe('stopped');
    expect(runningFlows(run)).toEqual([]);
    expect(run.session.system.get('gameLaunch')).toBeUndefined();
    run.fakes.resolve('signOut', { ok: true });
    await settle();
    expect(run.session.getSnapshot().value).toEqual({ resolved: 'anonymous' });
    expect(childIds(run)).toEqual(ALWAYS);
    expect(run.emitted).toEqual([{ type: 'session.loggedOut', reason: 'player' }]);
  });

  it('a game token failure: error with the token code, the session stays, and a retry launches the game', async () => {
    const run = system();
    await loggedIn(run, VISITOR_COUNTRY);
    const game = openGame(run, SLOT_ROUTE);
    run.fakes.resolve('loadGameDetail', SLOT);
    await settle();
    // behaviour.md §8: "A token failure raises 401 Token expired"; §4: it sets the game status to error.
    run.fakes.reject('fetchGrant', new ApiError('http', 401, 'error.token.expired', 'Token expired'));
    await settle();
    expect(game!.getSnapshot().value).toBe('error');
    expect(game!.getSnapshot().context.failure).toEqual({ step: 'grant', error: { code: 'error.token.expired', fieldErrors: [] } });
    expect(game!.getSnapshot().hasTag('loading')).toBe(false);
    // The flow does not log the player out by itself (the API client's 401 rule is src/'s).
    expect(isAuthorized(run.session.getSnapshot())).toBe(true);
    expect(run.emitted).toEqual([]);

    game!.send({ type: 'game.retry' });
    expect(game!.getSnapshot().context).toMatchObject({ detail: null, grant: null, url: null, failure: null });
    await launch(run, game!, SLOT, SLOT_URL);
    expect(run.session.getSnapshot().context.flows.gameLaunch).toBe(game);
    expect(isAuthorized(run.session.getSnapshot())).toBe(true);
  });

  it('evolution refuses the player (400): the flow ends with logout and the session logs the player out', async () => {
    const run = system();
    await loggedIn(run, VISITOR_COUNTRY);
    const game = openGame(run, TABLE_ROUTE);
    run.fakes.resolve('loadGameDetail', EVOLUTION_TABLE);
    await settle();
    run.fakes.resolve('fetchGrant', 'game-token');
    await settle();
    run.fakes.reject('resolveLaunchUrl', new ApiError('http', 400, 'error.request.invalid', 'Bad request'));
    await settle();

    expect(game!.getSnapshot().status).toBe('done');
    expect(game!.getSnapshot().value).toBe('loggedOut');
    expect(game!.getSnapshot().output).toEqual({ outcome: 'logout' });
    const out = run.session.getSnapshot();
    expect(out.matches({ resolved: 'loggingOut' })).toBe(true);
    expect(out.context.logoutReason).toBe('unauthorized');
    expect(runningFlows(run)).toEqual([]);
    run.fakes.resolve('signOut', { ok: true });
    await settle();
    expect(run.session.getSnapshot().value).toEqual({ resolved: 'anonymous' });
    expect(run.session.getSnapshot().context.idToken).toBeNull();
    expect(childIds(run)).toEqual(ALWAYS);
    expect(run.emitted).toEqual([{ type: 'session.loggedOut', reason: 'unauthorized' }]);
  });

  it('a live table for a visitor is never demo: the detail stops the launch before any ticket or URL', async () => {
    const run = system();
    await accessAllowed(run, VISITOR_COUNTRY);
    await anonymous(run);
    // The session starts a game for anyone (the live route's own guard sends a visitor away first);
    // the flow itself refuses a live table in demo, whatever route it came from.
    const game = openGame(run, TABLE_ROUTE);
    expect(game!.getSnapshot().context.input.demo).toBe(true);
    run.fakes.resolve('loadGameDetail', EVOLUTION_TABLE);
    await settle();

    expect(game!.getSnapshot().value).toBe('error');
    expect(game!.getSnapshot().context).toMatchObject({ failure: { step: 'demoUnavailable' }, detail: null, grant: null, url: null });
    const launchCalls = callIds(run).filter((id) => ['loadGameDetail', 'fetchGrant', 'resolveLaunchUrl', 'recordRecentGame'].includes(id));
    expect(launchCalls).toEqual(['loadGameDetail']);
    // A retry asks again and is refused again: no demo of a live table on any path.
    game!.send({ type: 'game.retry' });
    run.fakes.resolve('loadGameDetail', EVOLUTION_TABLE);
    await settle();
    expect(game!.getSnapshot().context.failure).toEqual({ step: 'demoUnavailable' });
    expect(callIds(run)).not.toContain('fetchGrant');
    expect(run.session.getSnapshot().value).toEqual({ resolved: 'anonymous' });
    expect(run.emitted).toEqual([]);
  });

  it('the idle timer ends the session while a game is open: the game flow stops with it', async () => {
    const run = system();
    await loggedIn(run, VISITOR_COUNTRY);
    const game = openGame(run, SLOT_ROUTE);
    await launch(run, game!, SLOT, SLOT_URL);

    // The idle child checks the simulated clock every IDLE_CHECK_MS until the limit is reached.
    while (!run.session.getSnapshot().matches({ resolved: 'loggingOut' })) {
      run.clock.increment(IDLE_CHECK_MS);
      await settle();
    }
    expect(run.session.getSnapshot().context.logoutReason).toBe('idle');
    expect(game!.getSnapshot().status).toBe('stopped');
    expect(runningFlows(run)).toEqual([]);
    run.fakes.resolve('signOut', { ok: true });
    await settle();
    const end = run.session.getSnapshot();
    expect(end.value).toEqual({ resolved: 'anonymous' });
    expect(childIds(run)).toEqual(ALWAYS);
    expect(end.context.toastRef.getSnapshot().context.toasts.map((toast) => toast.message)).toEqual(['session.idleLoggedOut']);
    expect(run.emitted).toEqual([{ type: 'session.loggedOut', reason: 'idle' }]);
  });
});
