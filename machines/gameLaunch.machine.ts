// The game launch flow (behaviour.md §4 "Other states": "Game launch: loading, game, error. A game
// token error sets the game status to error."; §5 demo vs real, live never demo; §7 "Games"; §8
// game detail errors, "An evolution authentication 400 logs the player out", "A token failure
// raises 401 Token expired"; issue 12 "Game launch").
//
// A child of the session (flow `gameLaunch`), started by the play routes
// (/online-casino/play/{provider}/{id}, /live-casino-online/play/{provider}/{id}, /play/{gameSlug});
// the session adds who plays (demo when nobody is logged in, real money otherwise), the language,
// currency, country and jurisdiction. Its states:
//
//   loading.detail  the game detail call (a demo variant for visitors): "No game data returned"
//                   when the answer holds no game; live casino in demo mode stops here (a visitor
//                   cannot play a live table: demoUnavailable, the route sends them away).
//   loading.grant   real money: the game-token call (its failure is the spec's token error);
//                   demo: the game-ticket call.
//   loading.url     the provider's launch call (src/api/gameLaunch.ts): the URL for the frame. An
//                   evolution 400 ends the flow with `logout` (the session logs the player out).
//   game            the frame is shown; a real-money launch is posted to the recently played list
//                   (errors there do not matter). `game.frame` carries a message from the frame,
//                   already checked by the screen (origin and shape): `close` ends the game.
//   error           what failed and why; `game.retry` starts again.
//   closed, loggedOut  final: the route leaves the game; the session logs out on `logout`.
import { assign, fromPromise, setup } from 'xstate';
import type { GameDetail } from '../src/api/games';
import { ERROR_CODES } from './lib/errorCodes';
import { flowErrorOf, type FlowError } from './lib/flowErrors';
import type { GameChannel, LobbyType } from './lib/games';

/** What the play route knows. */
export interface GameLaunchRouteInput {
  lobby: LobbyType;
  /** The route's provider segment (`/play/{provider}/...`); null for /play/{gameSlug}. */
  provider: string | null;
  /** The game's id, or its gameSlug on /play/{gameSlug}. */
  game: string;
  channel: GameChannel;
  /** The visitor's country as the access check saw it (the session prefers the player's own). */
  visitorCountry: string | null;
}

/** What the session adds (machines/session.machine.ts gameLaunchInputOf). */
export interface GameLaunchInput extends Omit<GameLaunchRouteInput, 'visitorCountry'> {
  demo: boolean;
  language: string;
  currency: string;
  country: string | null;
  jurisdiction: string;
}

/** The server codes the flow tells apart (src/api/games.ts, behaviour.md §8). */
export const GAME_LAUNCH_ERROR_CODES = [
  ERROR_CODES.notFound,
  ERROR_CODES.gameRestricted,
  ERROR_CODES.gameDemoUnavailable,
  ERROR_CODES.gameAccessRestricted,
  ERROR_CODES.gameTokenExpired,
  // Issue 13: real-money play waits for the limits the player's market requires (409; the screen links to them).
  ERROR_CODES.limitsRequired,
] as const;

/** Which step failed (the screen words it), with the server's code. */
export type GameLaunchFailure =
  | { step: 'detail'; error: FlowError<(typeof GAME_LAUNCH_ERROR_CODES)[number]> }
  | { step: 'noGameData' }
  | { step: 'providerMismatch' }
  | { step: 'demoUnavailable' }
  | { step: 'grant'; error: FlowError<(typeof GAME_LAUNCH_ERROR_CODES)[number]> }
  | { step: 'url'; error: FlowError<(typeof GAME_LAUNCH_ERROR_CODES)[number]> };

/** A message from the game frame, after the screen checked its origin and shape (src/api/gameLaunch.ts). */
export type GameFrameEvent = { kind: 'close' } | { kind: 'round-ended' } | { kind: 'balance' } | { kind: 'error'; code: GameFrameErrorCode };

/** Why a game cannot go on (src/api/gameLaunch.ts gameFrameMessageSchema): the screen words each. */
export type GameFrameErrorCode = 'NOT_ENOUGH_FUNDS' | 'RESTRICTED' | 'SESSION_ENDED' | 'UNAVAILABLE';

export interface GameLaunchContext {
  input: GameLaunchInput;
  detail: GameDetail | null;
  /** The game token (real money) or ticket (demo): the launch call carries it. */
  grant: string | null;
  /** The provider's launch URL for the frame. */
  url: string | null;
  failure: GameLaunchFailure | null;
  /** The last error the game itself reported (shown beside the frame). */
  frameError: GameFrameErrorCode | null;
  outcome: GameLaunchOutput['outcome'];
}

export type GameLaunchEvent = { type: 'game.retry' } | { type: 'game.close' } | { type: 'game.frame'; message: GameFrameEvent };

export interface GameLaunchOutput {
  /** `logout`: the provider refused the player's session (evolution 400): the session logs out. */
  outcome: 'closed' | 'logout';
}

export interface LaunchUrlInput {
  detail: GameDetail;
  input: GameLaunchInput;
  /** The game token (real money) or ticket (demo) of the grant step; null before it. */
  grant: string | null;
}

/** Does an error carry HTTP status 400 (an ApiError at run time, a plain object in tests)? */
function isBadRequest(error: unknown): boolean {
  return typeof error === 'object' && error !== null && 'status' in error && error.status === 400;
}

const failureOf = (error: unknown) => flowErrorOf(error, GAME_LAUNCH_ERROR_CODES);

export const gameLaunchMachine = setup({
  types: {
    context: {} as GameLaunchContext,
    events: {} as GameLaunchEvent,
    input: {} as GameLaunchInput,
    output: {} as GameLaunchOutput,
  },
  actors: {
    /** gamesApi.gameDetail (its demo variant for visitors): the game, or null when the answer holds none. */
    loadGameDetail: fromPromise<GameDetail | null, GameLaunchInput>(() => Promise.reject(new Error('gameLaunchMachine: provide loadGameDetail'))),
    /** Real money: gamesApi.gameToken; demo: gamesApi.gameTicket (partner 653, the jurisdiction). */
    fetchGrant: fromPromise<string, LaunchUrlInput>(() => Promise.reject(new Error('gameLaunchMachine: provide fetchGrant'))),
    /** src/api/gameLaunch.ts launchGameUrl: the provider's call for this game. */
    resolveLaunchUrl: fromPromise<string, LaunchUrlInput>(() => Promise.reject(new Error('gameLaunchMachine: provide resolveLaunchUrl'))),
    /** gamesApi.addRecentGame (real money only). */
    recordRecentGame: fromPromise<unknown, LaunchUrlInput>(() => Promise.reject(new Error('gameLaunchMachine: provide recordRecentGame'))),
  },
  actions: {
    assignDetail: assign((_, params: { detail: GameDetail }) => ({ detail: params.detail })),
    assignGrant: assign((_, params: { grant: string }) => ({ grant: params.grant })),
    assignUrl: assign((_, params: { url: string }) => ({ url: params.url })),
    assignFailure: assign((_, params: { failure: GameLaunchFailure }) => ({ failure: params.failure })),
    assignFrameError: assign((_, params: { code: GameFrameErrorCode }) => ({ frameError: params.code })),
    clearLaunch: assign({ detail: null, grant: null, url: null, failure: null, frameError: null }),
    assignLogoutOutcome: assign({ outcome: 'logout' as const }),
  },
  guards: {
    noGameData: (_, params: { detail: GameDetail | null }) => params.detail === null,
    /** The route's provider segment names another provider than the game's. */
    providerMismatch: ({ context }, params: { detail: GameDetail | null }) =>
      context.input.provider !== null && params.detail !== null && params.detail.gameProvider !== context.input.provider,
    /** behaviour.md §5: live casino games are not playable in demo mode. */
    liveInDemo: ({ context }, params: { detail: GameDetail | null }) => context.input.demo && params.detail !== null && !params.detail.demoAvailable,
    isRealMoney: ({ context }) => !context.input.demo,
    /** behaviour.md §8: an evolution authentication 400 logs the player out (real money only: a visitor has nothing to log out). */
    evolutionRefusedPlayer: ({ context }, params: { error: unknown }) =>
      !context.input.demo && context.detail?.gameProvider === 'evolution' && isBadRequest(params.error),
  },
}).createMachine({
  id: 'gameLaunch',
  description:
    'behaviour.md §4 "Game launch: loading, game, error"; §5 (demo money when logged out, real when logged ' +
    'in; live casino never demo); §7 "Games"; §8 (game detail errors, "No game data returned", token ' +
    'failure, evolution 400 logs out). Started by the play routes; the session adds demo/real, language, ' +
    'currency, country and jurisdiction. **loading**: `detail` (game detail, its demo variant for visitors; ' +
    'null → error `noGameData`; another provider than the route\'s → `providerMismatch`; a live table in demo ' +
    '→ `demoUnavailable`) → `grant` (real: game token; demo: game ticket; a failure is the spec\'s token ' +
    'error) → `url` (the provider\'s launch call; an evolution 400 for a player → final `loggedOut`, output ' +
    '`logout`). **game**: the frame; a real-money launch posts to the recently played list first (`posting`, ' +
    'failures ignored); `game.frame` messages (checked by the screen: origin and shape) record the game\'s ' +
    'own error or, `close`, end it. **error**: `game.retry` starts again. `game.close` → final `closed`.',
  context: ({ input }) => ({ input, detail: null, grant: null, url: null, failure: null, frameError: null, outcome: 'closed' }),
  initial: 'loading',
  states: {
    loading: {
      description: 'behaviour.md §4 "Game launch: loading": the detail, the grant and the launch URL, one after the other.',
      tags: 'loading',
      initial: 'detail',
      states: {
        detail: {
          description:
            'The game detail is asked for (its demo variant for a visitor). No data is "No game data returned" ' +
            '(behaviour.md §8); another provider than the route names, or a live table in demo (§5: live casino is ' +
            'never demo), is an error before any token is asked for.',
          invoke: {
            id: 'loadGameDetail',
            src: 'loadGameDetail',
            input: ({ context }) => context.input,
            onDone: [
              {
                guard: { type: 'noGameData', params: ({ event }) => ({ detail: event.output }) },
                target: '#gameLaunch.error',
                actions: { type: 'assignFailure', params: { failure: { step: 'noGameData' } } },
              },
              {
                guard: { type: 'providerMismatch', params: ({ event }) => ({ detail: event.output }) },
                target: '#gameLaunch.error',
                actions: { type: 'assignFailure', params: { failure: { step: 'providerMismatch' } } },
              },
              {
                guard: { type: 'liveInDemo', params: ({ event }) => ({ detail: event.output }) },
                target: '#gameLaunch.error',
                actions: { type: 'assignFailure', params: { failure: { step: 'demoUnavailable' } } },
              },
              {
                target: 'grant',
                actions: { type: 'assignDetail', params: ({ event }) => ({ detail: event.output as GameDetail }) },
              },
            ],
            onError: {
              target: '#gameLaunch.error',
              actions: { type: 'assignFailure', params: ({ event }) => ({ failure: { step: 'detail', error: failureOf(event.error) } }) },
            },
          },
        },
        grant: {
          description: 'Real money: the game token; demo: the game ticket. A failure here is the spec\'s "game token error".',
          invoke: {
            id: 'fetchGrant',
            src: 'fetchGrant',
            input: ({ context }) => ({ detail: context.detail as GameDetail, input: context.input, grant: context.grant }),
            onDone: { target: 'url', actions: { type: 'assignGrant', params: ({ event }) => ({ grant: event.output }) } },
            onError: {
              target: '#gameLaunch.error',
              actions: { type: 'assignFailure', params: ({ event }) => ({ failure: { step: 'grant', error: failureOf(event.error) } }) },
            },
          },
        },
        url: {
          description: "The provider's launch call (behaviour.md §7: pragmatic, pariplay, softswiss, evolution, playngo, yggdrasil, relax, quickspin, novomatic).",
          invoke: {
            id: 'resolveLaunchUrl',
            src: 'resolveLaunchUrl',
            input: ({ context }) => ({ detail: context.detail as GameDetail, input: context.input, grant: context.grant }),
            onDone: { target: '#gameLaunch.game', actions: { type: 'assignUrl', params: ({ event }) => ({ url: event.output }) } },
            onError: [
              { guard: { type: 'evolutionRefusedPlayer', params: ({ event }) => ({ error: event.error }) }, target: '#gameLaunch.loggedOut' },
              {
                target: '#gameLaunch.error',
                actions: { type: 'assignFailure', params: ({ event }) => ({ failure: { step: 'url', error: failureOf(event.error) } }) },
              },
            ],
          },
        },
      },
    },
    game: {
      description: 'The game runs in its frame. A real-money launch goes to the recently played list (limit 30).',
      initial: 'recording',
      states: {
        recording: {
          description: 'The frame is about to show: a real-money launch is recorded as recently played first, a demo is not.',
          always: [{ guard: 'isRealMoney', target: 'posting' }, { target: 'shown' }],
        },
        posting: {
          description:
            'The game is posted to the player\'s recently played list while the frame already plays; a failure ' +
            'is ignored, the list is a convenience.',
          invoke: {
            id: 'recordRecentGame',
            src: 'recordRecentGame',
            input: ({ context }) => ({ detail: context.detail as GameDetail, input: context.input, grant: context.grant }),
            // The list is a convenience: its failure never stops the game.
            onDone: 'shown',
            onError: 'shown',
          },
        },
        shown: {
          description:
            'The game plays in its frame. The frame\'s messages (checked by the screen) may report the game\'s own ' +
            'error, shown beside it, or close it; the player may close it too.',
        },
      },
      on: {
        'game.close': '#gameLaunch.closed',
        'game.frame': [
          { guard: ({ event }) => event.message.kind === 'close', target: '#gameLaunch.closed' },
          {
            guard: ({ event }) => event.message.kind === 'error',
            actions: {
              type: 'assignFrameError',
              params: ({ event }) => ({ code: event.message.kind === 'error' ? event.message.code : 'UNAVAILABLE' }),
            },
          },
        ],
      },
    },
    error: {
      description: 'behaviour.md §4 "error": the step that failed and the server code; the player may try again.',
      on: {
        'game.retry': { target: 'loading', actions: 'clearLaunch' },
        'game.close': 'closed',
      },
    },
    closed: { type: 'final', description: 'The player or the game itself closed the game: the game page goes back to the lobby.' },
    loggedOut: {
      description: 'behaviour.md §8: evolution refused the player (400): the session logs the player out.',
      type: 'final',
      entry: 'assignLogoutOutcome',
    },
  },
  output: ({ context }) => ({ outcome: context.outcome }),
});
