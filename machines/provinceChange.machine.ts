// The Canadian player's province on the account page (issue 23; product.md §3 "Account details":
// "province forms", "Canadian provinces list (Ontario is ON)"; behaviour.md §8 "General": the
// province action stores a backend error).
//
// A child of the session (flow `provinceChange`), started by the account route with the player's
// country and stopped when the player leaves it or logs out; it has no end. Only a player whose
// country is Canada has a province (machines/lib/address.ts hasProvince): for anyone else the flow
// stays `notApplicable` and asks the platform nothing. A Canadian player's province loads, the
// player picks one of the 13 provinces and territories (machines/lib/countries.ts CA_PROVINCES)
// and saves it; the session is told (`profile.reload`, named action `tellSession`) so its profile
// shows the new province, and the next id token carries it (server/services/province.ts).
import { assign, fromPromise, sendParent, setup } from 'xstate';
import { hasProvince, isProvinceCode, type ProvinceCode } from './lib/address';
import { flowErrorOf, type FlowError } from './lib/flowErrors';

export type ProvinceChangeError = FlowError<never>;

export interface ProvinceChangeInput {
  /** The player's country (the profile's, else the token's claim); null when unknown. */
  countryCode: string | null;
}

export interface ProvinceChangeContext {
  countryCode: string | null;
  /** The province the platform holds (null: none given yet, or not loaded). */
  stored: ProvinceCode | null;
  /** The province chosen in the form (the stored one until the player picks another). */
  choice: ProvinceCode | null;
  /** The last backend error of a load or a save (behaviour.md §8 "General"); null after a new call. */
  error: ProvinceChangeError | null;
}

export type ProvinceChangeEvent = { type: 'province.choose'; provinceCode: string } | { type: 'province.save' } | { type: 'province.retry' };

/** loading, loadFailed, editable, saving, saved, saveFailed as the address's; notApplicable: no province form. */
export type ProvinceChangeTag = 'notApplicable' | 'loading' | 'loadFailed' | 'editable' | 'saving' | 'saved' | 'saveFailed';

export const provinceChangeMachine = setup({
  types: {
    context: {} as ProvinceChangeContext,
    events: {} as ProvinceChangeEvent,
    input: {} as ProvinceChangeInput,
    tags: {} as ProvinceChangeTag,
  },
  actors: {
    // Supplied by src/app/flows/provinceChange.flow.ts (addressApi) and by tests.
    loadProvince: fromPromise<ProvinceCode | null>(() => Promise.reject(new Error('provinceChangeMachine: provide the loadProvince actor'))),
    saveProvince: fromPromise<ProvinceCode | null, ProvinceCode>(() =>
      Promise.reject(new Error('provinceChangeMachine: provide the saveProvince actor')),
    ),
  },
  guards: {
    /** A Canadian player: the province form is theirs. */
    hasProvince: ({ context }) => hasProvince(context.countryCode),
    /** One of the 13 codes. */
    isProvince: (_, params: { provinceCode: string }) => isProvinceCode(params.provinceCode),
    /** A province chosen, other than the stored one. */
    isNewChoice: ({ context }) => context.choice !== null && context.choice !== context.stored,
  },
  actions: {
    clearError: assign({ error: null }),
    setError: assign((_, params: { error: unknown }) => ({ error: flowErrorOf(params.error, []) })),
    /** The platform's province: what is stored and what the form shows. */
    assignStored: assign((_, params: { provinceCode: ProvinceCode | null }) => ({ stored: params.provinceCode, choice: params.provinceCode })),
    choose: assign((_, params: { provinceCode: string }) => ({ choice: isProvinceCode(params.provinceCode) ? params.provinceCode : null })),
    /** The session loads the profile again: it shows the new province (src/app provides nothing: a plain sendParent). */
    tellSession: sendParent({ type: 'profile.reload' }),
  },
}).createMachine({
  id: 'provinceChange',
  description:
    'Issue 23, product.md §3 "Account details" ("province forms", "Canadian provinces list (Ontario is ON)"): a player ' +
    'whose country is not Canada is `notApplicable` (no form, no call). A Canadian player: `loading` (GET /player/province) ' +
    '→ `editing`, where `province.choose` picks one of the 13 provinces and territories and `province.save` (another ' +
    'than the stored one) → `saving` (PUT /player/province) → `saved` (a confirmation; the session reloads the profile, ' +
    'and the next id token carries the province) or `saveFailed` (the backend error stored, behaviour.md §8, the choice ' +
    'kept for a retry). A failed load is `loadFailed`, with `province.retry`. Started by /my-account/account; it has no end.',
  context: ({ input }) => ({ countryCode: input.countryCode, stored: null, choice: null, error: null }),
  initial: 'deciding',
  states: {
    deciding: {
      description: "The player's country decides at once: a Canadian player's province loads, anyone else has no province form.",
      always: [
        { guard: 'hasProvince', target: 'loading', description: 'A player in Canada.' },
        { target: 'notApplicable', description: 'A player anywhere else.' },
      ],
    },
    notApplicable: {
      description: 'Not a Canadian player: there is no province form and nothing is asked of the platform.',
      tags: 'notApplicable',
    },
    loading: {
      description: "The player's province loads (`loadProvince`, GET /player/province); nothing can be chosen yet.",
      tags: 'loading',
      entry: 'clearError',
      invoke: {
        id: 'loadProvince',
        src: 'loadProvince',
        onDone: { target: 'editing', actions: { type: 'assignStored', params: ({ event }) => ({ provinceCode: event.output }) } },
        onError: { target: 'loadFailed', actions: { type: 'setError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    loadFailed: {
      description: 'The province did not load: the backend error is stored and shown, with a retry.',
      tags: 'loadFailed',
      on: { 'province.retry': { target: 'loading', description: 'Try again: the province loads again.' } },
    },
    editing: {
      description: 'The 13 provinces and territories, the stored one chosen; Save is for another one.',
      tags: 'editable',
      on: {
        'province.choose': {
          guard: { type: 'isProvince', params: ({ event }) => ({ provinceCode: event.provinceCode }) },
          actions: { type: 'choose', params: ({ event }) => ({ provinceCode: event.provinceCode }) },
          description: 'The player picks a province (a code not in the list is ignored).',
        },
        'province.save': { guard: 'isNewChoice', target: 'saving', description: 'The player saves a province other than the stored one.' },
      },
    },
    saving: {
      description: 'The province is sent (`saveProvince`, PUT /player/province); the form waits.',
      tags: 'saving',
      entry: 'clearError',
      invoke: {
        id: 'saveProvince',
        src: 'saveProvince',
        input: ({ context }) => context.choice as ProvinceCode,
        onDone: {
          target: 'saved',
          actions: [{ type: 'assignStored', params: ({ event }) => ({ provinceCode: event.output }) }, 'tellSession'],
        },
        onError: { target: 'saveFailed', actions: { type: 'setError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    saved: {
      description: 'The province is saved: a confirmation shows until the next pick, which is editing again.',
      tags: ['editable', 'saved'],
      on: {
        'province.choose': {
          guard: { type: 'isProvince', params: ({ event }) => ({ provinceCode: event.provinceCode }) },
          target: 'editing',
          actions: { type: 'choose', params: ({ event }) => ({ provinceCode: event.provinceCode }) },
          description: 'Another pick: the confirmation goes.',
        },
      },
    },
    saveFailed: {
      description: 'The save failed: the backend error is stored and shown (behaviour.md §8), the choice stays for a retry or another pick.',
      tags: ['editable', 'saveFailed'],
      on: {
        'province.choose': {
          guard: { type: 'isProvince', params: ({ event }) => ({ provinceCode: event.provinceCode }) },
          actions: { type: 'choose', params: ({ event }) => ({ provinceCode: event.provinceCode }) },
          description: 'Another pick; the error stays shown until the next save.',
        },
        'province.save': { guard: 'isNewChoice', target: 'saving', description: 'The player tries again.' },
      },
    },
  },
});
