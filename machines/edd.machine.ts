// The enhanced-due-diligence (EDD) questionnaire (product.md §3 "EDD questionnaire": occupation (or
// other occupation), salaryRangeId, sourceOfFunds (or other source), placeOfBirth, nationality; the
// lists of occupations, sources of funds and salary ranges; "KYC level": EDD_PENDING,
// EDD_UNDER_REVIEW; behaviour.md §5 the EDD completeness rule; §7 /player/questionnaire/answer;
// §8 "General": the stored backend error).
//
// A child of the session (flow `edd`), started by the account area's route with the page's language
// and stopped when the player leaves it or logs out; it has no end. It loads the lists in that
// language with where the player's questionnaire stands, shows the form when the operator asked for
// it, checks the answers with the shared rule (machines/lib/edd.ts) before sending them, and keeps
// what the player typed when the platform refuses them. An accepted answer tells the session to load
// the player's data again (the KYC level becomes EDD_UNDER_REVIEW).
import { assign, fromPromise, sendParent, setup } from 'xstate';
import type { EddLists, EddState } from '../src/api/edd';
import { ERROR_CODES } from './lib/errorCodes';
import { EMPTY_EDD_ANSWERS, eddAnswerProblems, type EddAnswers, type EddField, type EddFieldProblem, type EddStatus } from './lib/edd';
import { flowErrorOf, type FlowError } from './lib/flowErrors';
import type { LanguageCode } from './lib/markets';

/** The platform's refusals the screen names (behaviour.md §8; src/api/edd.ts). */
export const EDD_KNOWN_ERRORS = [ERROR_CODES.eddNotRequested, ERROR_CODES.eddAlreadyApproved] as const;
export type EddError = FlowError<(typeof EDD_KNOWN_ERRORS)[number]>;

export interface EddInput {
  /** The site language the lists are asked in (the page's). */
  language: LanguageCode;
}

/** What the load answers: the lists in the language and the player's questionnaire. */
export interface EddLoaded {
  lists: EddLists;
  state: EddState;
}

export interface EddContext {
  language: LanguageCode;
  /** The lists in the page's language (null until loaded). */
  lists: EddLists | null;
  /** Where the questionnaire stands on the platform (null until loaded). */
  status: EddStatus | null;
  /** The answers as the form shows them: the player's typing, or the platform's stored answers. */
  answers: EddAnswers;
  /** What keeps the answers from being sent, shown after a send was tried (empty before, and once fixed). */
  problems: readonly EddFieldProblem[];
  /** The last backend error of a load or a send (behaviour.md §8 "General"); null after a new call. */
  error: EddError | null;
}

export type EddEvent =
  | { type: 'edd.change'; field: EddField; value: string | number }
  | { type: 'edd.submit' }
  | { type: 'edd.edit' }
  | { type: 'edd.retry' };

/**
 * loading: the lists and the state load; loadFailed: they did not (retry); form: the answers can
 * change; submitting: they are on their way; submitted: under review; approved: accepted; error: a
 * backend error shows.
 */
export type EddTag = 'loading' | 'loadFailed' | 'form' | 'submitting' | 'submitted' | 'approved' | 'error';

export const eddMachine = setup({
  types: {
    context: {} as EddContext,
    events: {} as EddEvent,
    input: {} as EddInput,
    tags: {} as EddTag,
  },
  actors: {
    // Supplied by src/app/flows/edd.flow.ts (eddApi) and by tests.
    loadQuestionnaire: fromPromise<EddLoaded, LanguageCode>(() => Promise.reject(new Error('eddMachine: provide the loadQuestionnaire actor'))),
    sendAnswers: fromPromise<EddState, EddAnswers>(() => Promise.reject(new Error('eddMachine: provide the sendAnswers actor'))),
  },
  actions: {
    clearError: assign({ error: null }),
    setError: assign((_, params: { error: unknown }) => ({ error: flowErrorOf(params.error, EDD_KNOWN_ERRORS) })),
    /** The lists and the platform's state: its answers, when it has some, are what the form shows. */
    assignLoaded: assign(({ context }, params: EddLoaded) => ({
      lists: params.lists,
      status: params.state.status,
      answers: params.state.answers ?? context.answers,
    })),
    /** The platform's answer to a send: what it stored. */
    assignSent: assign((_, params: { state: EddState }) => ({
      status: params.state.status,
      answers: params.state.answers ?? EMPTY_EDD_ANSWERS,
      problems: [],
    })),
    /** One field changed; the problems shown (after a tried send) follow the answers. */
    change: assign(({ context }, params: { field: EddField; value: string | number }) => {
      const answers = { ...context.answers, [params.field]: params.value };
      return { answers, problems: context.problems.length > 0 ? eddAnswerProblems(answers) : [] };
    }),
    showProblems: assign(({ context }) => ({ problems: eddAnswerProblems(context.answers) })),
    /** The platform's field refusals, shown like the rule's (a 400 error.validation). */
    showFieldErrors: assign(({ context }) => ({
      problems: (context.error?.fieldErrors ?? []).flatMap((fieldError) =>
        Object.keys(EMPTY_EDD_ANSWERS).includes(fieldError.field) ? [{ field: fieldError.field as EddField, code: fieldError.code as EddFieldProblem['code'] }] : [],
      ),
    })),
    /** The player's data changed (the KYC level): the session loads it again. */
    tellSession: sendParent({ type: 'profile.reload' }),
  },
  guards: {
    isComplete: ({ context }) => eddAnswerProblems(context.answers).length === 0,
    isAsked: (_, params: { status: EddStatus }) => params.status === 'pending',
    isUnderReview: (_, params: { status: EddStatus }) => params.status === 'underReview',
    isApproved: (_, params: { status: EddStatus }) => params.status === 'approved',
  },
}).createMachine({
  id: 'edd',
  description:
    'product.md §3 "EDD questionnaire" and behaviour.md §7 `/player/questionnaire/answer`: `loading` (the lists in the ' +
    "page's language and where the questionnaire stands) → `notAsked`, `form` (asked: the KYC level EDD_PENDING), " +
    '`submitted` (EDD_UNDER_REVIEW) or `approved`. In `form`, `edd.change` sets a field and `edd.submit` sends the ' +
    'answers when behaviour.md §5\'s completeness rule holds (else the problems show and nothing is sent) → ' +
    '`submitting` → `submitted` (the session reloads the player\'s data) or `submitFailed` (the backend error stored, ' +
    'behaviour.md §8, and what was typed kept for a retry). `edd.edit` changes answers under review. Started by the ' +
    'account area; it has no end.',
  context: ({ input }) =>
    ({
      language: input.language,
      lists: null,
      status: null,
      answers: EMPTY_EDD_ANSWERS,
      problems: [],
      error: null,
    }) satisfies EddContext,
  initial: 'loading',
  states: {
    loading: {
      description: "The lists load in the page's language with the player's questionnaire (`loadQuestionnaire`); nothing shows yet.",
      tags: 'loading',
      entry: 'clearError',
      invoke: {
        id: 'loadQuestionnaire',
        src: 'loadQuestionnaire',
        input: ({ context }) => context.language,
        onDone: [
          {
            guard: { type: 'isAsked', params: ({ event }) => ({ status: event.output.state.status }) },
            target: 'form',
            actions: { type: 'assignLoaded', params: ({ event }) => event.output },
          },
          {
            guard: { type: 'isUnderReview', params: ({ event }) => ({ status: event.output.state.status }) },
            target: 'submitted',
            actions: { type: 'assignLoaded', params: ({ event }) => event.output },
          },
          {
            guard: { type: 'isApproved', params: ({ event }) => ({ status: event.output.state.status }) },
            target: 'approved',
            actions: { type: 'assignLoaded', params: ({ event }) => event.output },
          },
          { target: 'notAsked', actions: { type: 'assignLoaded', params: ({ event }) => event.output } },
        ],
        onError: { target: 'loadFailed', actions: { type: 'setError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    loadFailed: {
      description: 'The lists or the state did not load: the backend error is stored and shown, with a retry.',
      tags: ['loadFailed', 'error'],
      on: { 'edd.retry': 'loading' },
    },
    notAsked: {
      description: 'Nobody asked this player for the questionnaire: the screen shows nothing of it.',
    },
    form: {
      description:
        'The questionnaire is asked (EDD_PENDING) or being changed: each field can change; a send is tried only when the ' +
        'answers are complete (behaviour.md §5), else the problems show field by field and nothing is sent.',
      tags: 'form',
      on: {
        'edd.change': { actions: { type: 'change', params: ({ event }) => event } },
        'edd.submit': [
          { guard: 'isComplete', target: 'submitting' },
          { description: 'Incomplete: the problems show, what was typed stays, nothing is sent.', actions: 'showProblems' },
        ],
      },
    },
    submitting: {
      description: 'The answers are sent (`sendAnswers`, POST /player/questionnaire/answer); the fields cannot change until the answer.',
      tags: 'submitting',
      entry: 'clearError',
      invoke: {
        id: 'sendAnswers',
        src: 'sendAnswers',
        input: ({ context }) => context.answers,
        onDone: { target: 'submitted', actions: [{ type: 'assignSent', params: ({ event }) => ({ state: event.output }) }, 'tellSession'] },
        onError: {
          target: 'submitFailed',
          actions: [{ type: 'setError', params: ({ event }) => ({ error: event.error }) }, 'showFieldErrors'],
        },
      },
    },
    submitFailed: {
      description:
        'The platform refused the answers or did not answer: the backend error shows (with the fields it names), what the ' +
        'player typed stays and can change, and a send tries again.',
      tags: ['form', 'error'],
      on: {
        'edd.change': { actions: { type: 'change', params: ({ event }) => event } },
        'edd.submit': [
          { guard: 'isComplete', target: 'submitting' },
          { description: 'Incomplete: the problems show, what was typed stays, nothing is sent.', actions: 'showProblems' },
        ],
      },
    },
    submitted: {
      description: 'The answers are with the operator (EDD_UNDER_REVIEW): they show as sent; `edd.edit` changes them while under review.',
      tags: 'submitted',
      on: { 'edd.edit': 'form' },
    },
    approved: {
      description: 'The operator accepted the answers: the questionnaire is done and no longer changes.',
      tags: 'approved',
    },
  },
});
