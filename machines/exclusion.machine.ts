// Breaks and self-exclusion (behaviour.md §4 "Gambling limits and responsible gambling":
// "Self-exclusion goes through request, success, error and clean. Timeout goes through request,
// success and error."; "Cooling-off starts at 1 day with initiator PLAYER"; "Exclusion indefinite is
// sent as 12 months together with an account-disable-indefinitely indication"; §7 /player/timeout,
// /player/timeout/cooling, /player/exclusion; §9; issue 13 "Time-out, cooling-off, self-exclusion").
//
// A child of the session (flow `exclusion`, players only). Two ways in:
// - the gambling-limits page starts it with no input (or `{ panic: false }`): the player picks a
//   cooling-off (COOLING_OFF_DAY_CHOICES days), a time-out (the market's timeoutMonthChoices, read
//   from the platform's market rules, else the built-in ones) or a self-exclusion
//   (EXCLUSION_MONTH_CHOICES months, or indefinite), reads what happens and confirms;
// - the German panic button (GlüStV 2021 §6a (5): one press, no confirmation) starts it with
//   `{ panic: true }`: straight to the request of a PANIC_BREAK_DAYS-day cooling-off.
//
//   starting         panic -> requesting; otherwise loadingChoices
//   loadingChoices   the market's time-out lengths (a failure keeps the built-in ones)
//   choosing         the three radio groups
//   confirming       what happens: logged out now, games closed, no login until the end, the balance
//   requesting       the call (breakRequestOf: which one, with which body)
//   failed           the error; retry, or back to the choice ("clean")
//   started          final, { outcome: 'started', kind, until }: the session logs the player out at
//                    once (LogoutReason 'break') and a toast says until when
//
// A failed panic request also shows a toast (the named action `announce`): the panic button may be
// pressed on any page, where no section shows the flow's error.
import { assign, fromPromise, setup } from 'xstate';
import type { BreakResponse, CoolingOffRequest, ExclusionRequest, TimeoutRequest } from '../src/api/responsibleGambling';
import { COOLING_OFF_INITIATOR, INDEFINITE_EXCLUSION_MONTHS } from './lib/constants';
import { flowErrorOf, type FlowError } from './lib/flowErrors';
import type { MarketCode } from './lib/markets';
import { COOLING_OFF_DAY_CHOICES, EXCLUSION_MONTH_CHOICES, marketRgRules, PANIC_BREAK_DAYS } from './lib/responsibleGambling';
import type { ToastKind, ToastMessage } from './lib/toasts';

/** What the player chose: a cooling-off in days, a time-out in months, a self-exclusion in months or indefinite. */
export type BreakChoice = { kind: 'coolingOff'; days: number } | { kind: 'timeout'; months: number } | { kind: 'exclusion'; months: number | 'indefinite' };
export type BreakKind = BreakChoice['kind'];

/** Which call a choice is, with its body (src/api/responsibleGambling.ts). */
export type BreakRequest =
  { call: 'coolingOff'; body: CoolingOffRequest } | { call: 'timeout'; body: TimeoutRequest } | { call: 'exclusion'; body: ExclusionRequest };

/** The lengths offered (an indefinite self-exclusion is always offered besides the months). */
export interface BreakChoices {
  coolingOffDays: readonly number[];
  timeoutMonths: readonly number[];
  exclusionMonths: readonly number[];
}

/** What the route (or the panic button) gives: `panic: true` asks for the panic break at once. */
export interface ExclusionRouteInput {
  panic?: boolean;
}

/** What the session adds: the market whose rules apply to the player (their country's). */
export interface ExclusionInput {
  panic: boolean;
  market: MarketCode;
}

export type ExclusionError = FlowError<never>;

export interface ExclusionContext {
  panic: boolean;
  market: MarketCode;
  choices: BreakChoices;
  /** The choice being confirmed or requested; null until the player chooses (or the panic break). */
  choice: BreakChoice | null;
  error: ExclusionError | null;
  /** The platform's answer: when the break ends (null: indefinite). */
  result: BreakResponse | null;
}

export type ExclusionEvent =
  /** The player picked a length and asks to go on to the confirmation. */
  | { type: 'exclusion.choose'; choice: BreakChoice }
  | { type: 'exclusion.confirm' }
  /** Back to the choice (from the confirmation, or after an error: the "clean" step). */
  | { type: 'exclusion.back' }
  | { type: 'exclusion.retry' };

export interface ExclusionOutput {
  outcome: 'started';
  kind: BreakKind;
  /** When the break ends (ISO); null for an indefinite exclusion. */
  until: string | null;
}

/** form: the choice; confirm: the confirmation; loading: a call runs; error: the request failed. */
export type ExclusionTag = 'form' | 'confirm' | 'loading' | 'error';

/** The panic button's break (GlüStV 2021 §6a (5)): a cooling-off of PANIC_BREAK_DAYS days. */
export const PANIC_BREAK: BreakChoice = { kind: 'coolingOff', days: PANIC_BREAK_DAYS };

/**
 * The call and body for a choice: a cooling-off with initiator PLAYER (behaviour.md §4, §9); an
 * indefinite exclusion as INDEFINITE_EXCLUSION_MONTHS with accountDisableIndefinitely (§4, §9);
 * every exclusion at once (exclusionDelayInHours 0: issue 13, a delay would let the player go on).
 */
export function breakRequestOf(choice: BreakChoice): BreakRequest {
  switch (choice.kind) {
    case 'coolingOff':
      return { call: 'coolingOff', body: { days: choice.days, initiator: COOLING_OFF_INITIATOR } };
    case 'timeout':
      return { call: 'timeout', body: { months: choice.months } };
    case 'exclusion':
      return choice.months === 'indefinite'
        ? { call: 'exclusion', body: { exclusionInMonths: INDEFINITE_EXCLUSION_MONTHS, exclusionDelayInHours: 0, accountDisableIndefinitely: true } }
        : { call: 'exclusion', body: { exclusionInMonths: choice.months, exclusionDelayInHours: 0 } };
  }
}

/** The lengths a market offers before its platform rules are read (machines/lib/responsibleGambling.ts). */
export function defaultBreakChoices(market: MarketCode): BreakChoices {
  return {
    coolingOffDays: COOLING_OFF_DAY_CHOICES,
    timeoutMonths: marketRgRules(market).timeoutMonthChoices,
    exclusionMonths: EXCLUSION_MONTH_CHOICES,
  };
}

/** Is the choice one of those offered? */
export function isOfferedChoice(choice: BreakChoice, choices: BreakChoices): boolean {
  switch (choice.kind) {
    case 'coolingOff':
      return choices.coolingOffDays.includes(choice.days);
    case 'timeout':
      return choices.timeoutMonths.includes(choice.months);
    case 'exclusion':
      return choice.months === 'indefinite' || choices.exclusionMonths.includes(choice.months);
  }
}

/** The default `announce`: nothing (src/app provides the session's toasts). */
const announceNothing: (args: unknown, params: { kind: ToastKind; message: ToastMessage }) => void = () => undefined;

export const exclusionMachine = setup({
  types: {
    context: {} as ExclusionContext,
    events: {} as ExclusionEvent,
    input: {} as ExclusionInput,
    output: {} as ExclusionOutput,
    tags: {} as ExclusionTag,
  },
  actors: {
    // Supplied by src/ (responsibleGamblingApi) and by tests.
    /** The market's time-out lengths in months (GET /markets/{market}/responsible-gambling timeoutMonthChoices). */
    loadTimeoutChoices: fromPromise<readonly number[], { market: MarketCode }>(() => Promise.reject(new Error('exclusionMachine: provide loadTimeoutChoices'))),
    /** PATCH /player/timeout/cooling, /player/timeout or /player/exclusion, as the request says. */
    requestBreak: fromPromise<BreakResponse, BreakRequest>(() => Promise.reject(new Error('exclusionMachine: provide requestBreak'))),
  },
  actions: {
    /** A toast that does not end the flow; src/app provides it (the session's toast actor). */
    announce: announceNothing,
    assignTimeoutChoices: assign(({ context }, params: { months: readonly number[] }) => ({
      choices: { ...context.choices, timeoutMonths: params.months },
    })),
    assignChoice: assign((_, params: { choice: BreakChoice }) => ({ choice: params.choice })),
    assignError: assign((_, params: { error: unknown }) => ({ error: flowErrorOf(params.error, []) })),
    clearError: assign({ error: null }),
    assignResult: assign((_, params: { result: BreakResponse }) => ({ result: params.result })),
  },
  guards: {
    isPanic: ({ context }) => context.panic,
    isOffered: ({ context }, params: { choice: BreakChoice }) => isOfferedChoice(params.choice, context.choices),
  },
}).createMachine({
  id: 'exclusion',
  description:
    'behaviour.md §4: "Self-exclusion goes through request, success, error and clean. Timeout goes through ' +
    'request, success and error."; cooling-off from 1 day with initiator PLAYER; indefinite exclusion as 12 ' +
    'months with accountDisableIndefinitely; §7, §9. A session flow (players only) started by the ' +
    'gambling-limits page with no input, or by the DE panic button with `{ panic: true }` (GlüStV 2021 §6a: ' +
    'straight to the request of a PANIC_BREAK_DAYS cooling-off, no confirmation; a failure also shows a ' +
    'toast). **loadingChoices**: the market\'s time-out lengths (a failure keeps the built-in ones) → ' +
    '**choosing** (cooling-off days, time-out months, self-exclusion months or indefinite; ' +
    '`exclusion.choose` with an offered length) → **confirming** (`exclusion.confirm` | `exclusion.back`) → ' +
    '**requesting** (`requestBreak` with `breakRequestOf(choice)`) → **started** (final, `{ outcome, kind, ' +
    'until }`: the session logs out at once) | **failed** (`exclusion.retry`, or `exclusion.back`: the clean ' +
    'step).',
  context: ({ input }) =>
    ({
      panic: input.panic,
      market: input.market,
      choices: defaultBreakChoices(input.market),
      choice: input.panic ? PANIC_BREAK : null,
      error: null,
      result: null,
    }) satisfies ExclusionContext,
  initial: 'starting',
  states: {
    starting: {
      description: 'The panic button goes straight to the request; the gambling-limits page to the choice.',
      always: [{ description: 'GlüStV 2021 §6a (5): one press, no confirmation.', guard: 'isPanic', target: 'requesting' }, { target: 'loadingChoices' }],
    },
    loadingChoices: {
      description: "Reads the market's time-out lengths from the platform's market rules.",
      tags: 'loading',
      invoke: {
        id: 'loadTimeoutChoices',
        src: 'loadTimeoutChoices',
        input: ({ context }) => ({ market: context.market }),
        onDone: { target: 'choosing', actions: { type: 'assignTimeoutChoices', params: ({ event }) => ({ months: event.output }) } },
        onError: {
          description: "The market's built-in lengths stay (the platform checks every request anyway).",
          target: 'choosing',
        },
      },
    },
    choosing: {
      description: 'Cooling-off, time-out or self-exclusion, each with its lengths.',
      tags: 'form',
      on: {
        'exclusion.choose': {
          description: 'A length that is offered: on to the confirmation.',
          guard: { type: 'isOffered', params: ({ event }) => ({ choice: event.choice }) },
          target: 'confirming',
          actions: { type: 'assignChoice', params: ({ event }) => ({ choice: event.choice }) },
        },
      },
    },
    confirming: {
      description: 'What happens: logged out now, games closed, no login until the end; the balance stays (a self-exclusion pays it back).',
      tags: 'confirm',
      on: {
        'exclusion.confirm': 'requesting',
        'exclusion.back': 'choosing',
      },
    },
    requesting: {
      description: 'The request: cooling-off, time-out or self-exclusion.',
      tags: 'loading',
      entry: 'clearError',
      invoke: {
        id: 'requestBreak',
        src: 'requestBreak',
        // The choice is set in every way here (the panic break, or a confirmed one).
        input: ({ context }) => breakRequestOf(context.choice ?? PANIC_BREAK),
        onDone: { target: 'started', actions: { type: 'assignResult', params: ({ event }) => ({ result: event.output }) } },
        onError: [
          {
            description: 'The panic break failed: a toast too, since the button may be on any page.',
            guard: 'isPanic',
            target: 'failed',
            actions: [
              { type: 'assignError', params: ({ event }) => ({ error: event.error }) },
              { type: 'announce', params: { kind: 'error', message: 'exclusion.failed' } },
            ],
          },
          { target: 'failed', actions: { type: 'assignError', params: ({ event }) => ({ error: event.error }) } },
        ],
      },
    },
    failed: {
      description: 'The request failed: nothing changed on the platform; retry, or go back to the choice.',
      tags: 'error',
      on: {
        'exclusion.retry': 'requesting',
        'exclusion.back': {
          description: 'The "clean" step: the error is cleared and the choice shown again.',
          target: 'choosing',
          actions: 'clearError',
        },
      },
    },
    started: {
      description: 'The break has started: the session logs the player out at once and says until when.',
      type: 'final',
    },
  },
  output: ({ context }) => ({ outcome: 'started', kind: (context.choice ?? PANIC_BREAK).kind, until: context.result?.until ?? null }),
});
