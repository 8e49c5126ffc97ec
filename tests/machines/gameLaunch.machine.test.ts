import { createActor } from 'xstate';
import type { SnapshotFrom } from 'xstate';
import { describe, expect, it } from 'vitest';
import { gameLaunchMachine, type GameLaunchInput, type LaunchUrlInput } from '../../machines/gameLaunch.machine';
import { ApiError } from '../../src/api/errors';
import type { GameDetail } from '../../src/api/games';
import { EVOLUTION_TABLE, gameDetail, SLOT } from './lib/games';
import { coverPaths, FakePromises, formatCoverage, mergeCoverage, settle, type PathCoverageResult, type PathEvent } from './lib/pathCoverage';

// The game launch flow (behaviour.md §4 "Game launch: loading, game, error"; §5 demo vs real and no
// live demo; §8 game detail errors, evolution 400 → logout, token failure), from its own graph.

type LaunchPathEvent = PathEvent<typeof gameLaunchMachine>;
type LaunchSnapshot = SnapshotFrom<typeof gameLaunchMachine>;

const OTHER_PROVIDER = gameDetail({ gameProvider: 'quickspin' });

const base = { lobby: 'casino', channel: 'mobile', language: 'en', currency: 'EUR', country: 'FI', jurisdiction: 'FI' } as const;
const VISITOR: GameLaunchInput = { ...base, provider: 'pragmaticplay', game: 'aurora-slot', demo: true };
const PLAYER: GameLaunchInput = { ...base, provider: 'pragmaticplay', game: 'aurora-slot', demo: false };
const PLAYER_LIVE: GameLaunchInput = { ...base, lobby: 'live-casino', provider: 'evolution', game: 'lightning-roulette', demo: false };
const VISITOR_LIVE: GameLaunchInput = { ...PLAYER_LIVE, demo: true };

const offline = new ApiError('network', 0, 'network.error', 'Network Error');
const tokenExpired = new ApiError('http', 401, 'error.token.expired', 'Token expired');
const restricted = new ApiError('http', 451, 'error.game.restricted', 'Restricted');
const evolutionRefused = new ApiError('http', 400, 'error.request.invalid', 'Bad request');

const done = (id: string, output: unknown) => ({ type: `xstate.done.actor.${id}`, actorId: id, output }) as LaunchPathEvent;
const failed = (id: string, error: unknown) => ({ type: `xstate.error.actor.${id}`, actorId: id, error }) as LaunchPathEvent;

/** The step of `loading` (detail, grant, url), or the top-level state. */
function where(snapshot: LaunchSnapshot): string {
  const value = snapshot.value;
  if (typeof value === 'string') return value;
  const [parent, child] = Object.entries(value)[0] ?? [];
  return `${String(parent)}.${typeof child === 'string' ? child : ''}`;
}

function eventsFor(snapshot: LaunchSnapshot): LaunchPathEvent[] {
  const { context } = snapshot;
  const real = !context.input.demo;
  const live = context.input.lobby === 'live-casino';
  switch (where(snapshot)) {
    case 'loading.detail':
      if (live) return [done('loadGameDetail', EVOLUTION_TABLE)];
      return [done('loadGameDetail', SLOT), done('loadGameDetail', null), done('loadGameDetail', OTHER_PROVIDER), failed('loadGameDetail', restricted)];
    case 'loading.grant':
      return [done('fetchGrant', real ? 'game-token' : 'game-ticket'), failed('fetchGrant', tokenExpired)];
    case 'loading.url':
      return live ? [failed('resolveLaunchUrl', evolutionRefused)] : [done('resolveLaunchUrl', 'http://games.localhost:4173/play/t1'), failed('resolveLaunchUrl', offline)];
    case 'game.posting':
      return [done('recordRecentGame', null), failed('recordRecentGame', offline)];
    case 'game.shown':
      return context.frameError === null
        ? [{ type: 'game.frame', message: { kind: 'error', code: 'NOT_ENOUGH_FUNDS' } }, { type: 'game.frame', message: { kind: 'round-ended' } }]
        : [{ type: 'game.frame', message: { kind: 'close' } }, { type: 'game.close' }];
    case 'error':
      return context.failure?.step === 'grant' ? [{ type: 'game.retry' }, { type: 'game.close' }] : [{ type: 'game.close' }];
    default:
      return [];
  }
}

function verifyStep(snapshot: LaunchSnapshot, step: { event: LaunchPathEvent | { type: 'xstate.init' }; fakes: FakePromises }) {
  const { context } = snapshot;
  const { event, fakes } = step;
  const state = where(snapshot);
  expect(snapshot.hasTag('loading')).toBe(state.startsWith('loading'));
  switch (state) {
    case 'loading.detail':
      expect(fakes.calls.at(-1)).toEqual({ id: 'loadGameDetail', input: context.input });
      expect(context).toMatchObject({ detail: null, url: null, failure: null });
      break;
    case 'loading.grant':
    case 'loading.url': {
      const call = fakes.calls.at(-1) as { id: string; input: LaunchUrlInput };
      expect(call.id).toBe(state === 'loading.grant' ? 'fetchGrant' : 'resolveLaunchUrl');
      expect(call.input).toEqual({ detail: context.detail, input: context.input, grant: context.grant });
      // The launch call carries the grant step's token (real money) or ticket (demo).
      if (state === 'loading.url') expect(context.grant).toBe(context.input.demo ? 'game-ticket' : 'game-token');
      break;
    }
    case 'game.posting':
      // Real money only: the launch goes to the recently played list.
      expect(context.input.demo).toBe(false);
      expect(fakes.calls.at(-1)?.id).toBe('recordRecentGame');
      break;
    case 'game.shown':
      expect(context.url).toBe('http://games.localhost:4173/play/t1');
      if (context.input.demo) expect(fakes.calls.some((call) => call.id === 'recordRecentGame')).toBe(false);
      if (event.type === 'game.frame' && event.message.kind === 'error') expect(context.frameError).toBe('NOT_ENOUGH_FUNDS');
      break;
    case 'error': {
      const failure = context.failure;
      expect(failure).not.toBeNull();
      if (event.type === 'xstate.done.actor.loadGameDetail') {
        const output = event.output as GameDetail | null;
        // "No game data returned"; another provider than the route's; a live table without demo.
        expect(failure?.step).toBe(output === null ? 'noGameData' : output.gameProvider !== context.input.provider ? 'providerMismatch' : 'demoUnavailable');
      }
      if (event.type === 'xstate.error.actor.loadGameDetail') expect(failure).toEqual({ step: 'detail', error: { code: 'error.game.restricted', fieldErrors: [] } });
      if (event.type === 'xstate.error.actor.fetchGrant') expect(failure).toEqual({ step: 'grant', error: { code: 'error.token.expired', fieldErrors: [] } });
      if (event.type === 'xstate.error.actor.resolveLaunchUrl') expect(failure).toEqual({ step: 'url', error: { code: 'network', fieldErrors: [] } });
      break;
    }
    case 'loggedOut':
      // behaviour.md §8: an evolution 400 for a logged-in player logs them out.
      expect(snapshot.output).toEqual({ outcome: 'logout' });
      expect(context.detail?.gameProvider).toBe('evolution');
      break;
    case 'closed':
      expect(snapshot.output).toEqual({ outcome: 'closed' });
      break;
  }
  if (event.type === 'game.retry') expect(context).toMatchObject({ detail: null, grant: null, url: null, failure: null, frameError: null });
}

function setupWith(fakes: FakePromises) {
  return {
    machine: gameLaunchMachine.provide({
      actors: {
        loadGameDetail: fakes.actor<GameDetail | null, GameLaunchInput>(),
        fetchGrant: fakes.actor<string, LaunchUrlInput>(),
        resolveLaunchUrl: fakes.actor<string, LaunchUrlInput>(),
        recordRecentGame: fakes.actor<unknown, LaunchUrlInput>(),
      },
    }),
    world: undefined,
  };
}

describe('game launch machine (behaviour.md §4 "Game launch", §5, §8)', () => {
  it('reaches every state and transition (a visitor and a player, casino and live casino)', async () => {
    const results: PathCoverageResult[] = [];
    for (const input of [VISITOR, PLAYER, PLAYER_LIVE, VISITOR_LIVE]) {
      results.push(await coverPaths({ setup: setupWith, input, events: eventsFor, check: verifyStep }));
    }
    const result = mergeCoverage(results);
    console.info(formatCoverage('gameLaunch', result));
    expect(result.uncoveredStates).toEqual([]);
    expect(result.uncoveredTransitions).toEqual([]);
    expect(result.statesCovered).toBe(result.statesTotal);
    expect(result.transitionsCovered).toBe(result.transitionsTotal);
  }, 60_000);

  it('never opens a live table in demo mode (behaviour.md §5)', async () => {
    const fakes = new FakePromises();
    const actor = createActor(setupWith(fakes).machine, { input: VISITOR_LIVE }).start();
    fakes.resolve('loadGameDetail', EVOLUTION_TABLE);
    await settle();
    expect(actor.getSnapshot().value).toBe('error');
    expect(actor.getSnapshot().context.failure).toEqual({ step: 'demoUnavailable' });
    expect(fakes.calls.map((call) => call.id)).toEqual(['loadGameDetail']);
    actor.stop();
  });

  it('does not log a visitor out when evolution refuses a demo launch', async () => {
    const fakes = new FakePromises();
    const evolutionSlot = gameDetail({ gameProvider: 'evolution' });
    const actor = createActor(setupWith(fakes).machine, { input: { ...VISITOR, provider: 'evolution' } }).start();
    fakes.resolve('loadGameDetail', evolutionSlot);
    await settle();
    fakes.resolve('fetchGrant', 'ticket');
    await settle();
    fakes.reject('resolveLaunchUrl', evolutionRefused);
    await settle();
    expect(actor.getSnapshot().value).toBe('error');
    actor.stop();
  });
});
