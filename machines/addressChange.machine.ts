// The player's postal address on the account page (issue 23; product.md §3 "Account details":
// "address ... forms"; behaviour.md §7 /player/address; §8 "General": the address action stores a
// backend error).
//
// A child of the session (flow `addressChange`), started by the account route and stopped when the
// player leaves it or logs out; it has no end. It loads the player's address and country, takes the
// form's values on Save, checks them with the shared rule (machines/lib/address.ts addressErrors: the
// postal code in the shape of the player's country's) and sends them; the platform checks the same.
// Whatever the outcome, the values typed stay in the form (`draft`) until the player changes them.
import { assign, fromPromise, setup } from 'xstate';
import {
  addressErrors,
  EMPTY_ADDRESS,
  type AddressField,
  type AddressFieldErrors,
  type PlayerAddress,
} from './lib/address';
import { flowErrorOf, type FlowError } from './lib/flowErrors';

export type AddressChangeError = FlowError<never>;

/** What the load and the save answer (src/api/address.ts AddressResponse). */
export interface AddressAnswer {
  address: PlayerAddress | null;
  countryCode: string;
}

export interface AddressChangeContext {
  /** The player's country (its postal-code pattern applies); null until the first load. */
  countryCode: string | null;
  /** The address the platform holds (null: none yet, or not loaded). */
  stored: PlayerAddress | null;
  /** The values in the form: the stored address once loaded, then what the player sent last. */
  draft: PlayerAddress;
  /** Each field's problem (the form's rule, or the platform's 400 error.validation), by field. */
  fieldErrors: AddressFieldErrors;
  /** The last backend error of a load or a save (behaviour.md §8 "General"); null after a new call. */
  error: AddressChangeError | null;
}

export type AddressChangeEvent = { type: 'address.submit'; address: PlayerAddress } | { type: 'address.retry' };

/**
 * loading: the first load runs; loadFailed: it failed (retry); editable: the form can be sent;
 * invalid: the values break a field rule; saving: the save runs; saved: the last save succeeded;
 * saveFailed: it failed (the values stay).
 */
export type AddressChangeTag = 'loading' | 'loadFailed' | 'editable' | 'invalid' | 'saving' | 'saved' | 'saveFailed';

/** The fields of a 400 error.validation that are the form's, by field. */
function serverFieldErrors(error: AddressChangeError): AddressFieldErrors {
  const errors: Partial<Record<AddressField, string>> = {};
  for (const { field, code } of error.fieldErrors) {
    if (field === 'streetAddress' || field === 'postalCode' || field === 'city') errors[field] ??= code;
  }
  return errors;
}

export const addressChangeMachine = setup({
  types: {
    context: {} as AddressChangeContext,
    events: {} as AddressChangeEvent,
    tags: {} as AddressChangeTag,
  },
  actors: {
    // Supplied by src/app/flows/addressChange.flow.ts (addressApi) and by tests.
    loadAddress: fromPromise<AddressAnswer>(() => Promise.reject(new Error('addressChangeMachine: provide the loadAddress actor'))),
    saveAddress: fromPromise<AddressAnswer, PlayerAddress>(() => Promise.reject(new Error('addressChangeMachine: provide the saveAddress actor'))),
  },
  guards: {
    /** The values sent pass the shared rule for the player's country. */
    isValid: (_, params: { countryCode: string | null; address: PlayerAddress }) =>
      Object.keys(addressErrors(params.countryCode ?? '', params.address)).length === 0,
  },
  actions: {
    clearError: assign({ error: null }),
    /** The platform's answer: what it holds, in the form too. */
    assignAnswer: assign((_, params: { answer: AddressAnswer }) => ({
      countryCode: params.answer.countryCode,
      stored: params.answer.address,
      draft: params.answer.address ?? EMPTY_ADDRESS,
      fieldErrors: {},
    })),
    /** The values the player sent, kept in the form whatever happens to them. */
    assignDraft: assign((_, params: { address: PlayerAddress }) => ({ draft: params.address, fieldErrors: {} })),
    /** The shared rule's problems with the values sent. */
    assignFieldErrors: assign(({ context }, params: { address: PlayerAddress }) => ({
      draft: params.address,
      fieldErrors: addressErrors(context.countryCode ?? '', params.address),
    })),
    setError: assign((_, params: { error: unknown }) => {
      const error = flowErrorOf(params.error, []);
      return { error, fieldErrors: serverFieldErrors(error) };
    }),
  },
}).createMachine({
  id: 'addressChange',
  description:
    'Issue 23, product.md §3 "Account details" and behaviour.md §7 `/player/address`: `loading` (the address and the ' +
    "player's country) → `editing`; `address.submit` with the form's values → `saving` when they pass the shared rule " +
    '(machines/lib/address.ts: each field required and bounded, the postal code in the shape of the player\'s country\'s), ' +
    'else `invalid` with the field errors; `saving` (PUT /player/address, the whole address) → `saved` (a confirmation) or ' +
    '`saveFailed` (the backend error stored, behaviour.md §8; a 400 error.validation\'s fields by their fields). The values ' +
    'typed stay in the form in every state. A failed load is `loadFailed`, with `address.retry`. Started by ' +
    '/my-account/account; it has no end.',
  context: { countryCode: null, stored: null, draft: EMPTY_ADDRESS, fieldErrors: {}, error: null } satisfies AddressChangeContext,
  initial: 'loading',
  states: {
    loading: {
      description: "The player's address and country load (`loadAddress`, GET /player/address); the form waits.",
      tags: 'loading',
      entry: 'clearError',
      invoke: {
        id: 'loadAddress',
        src: 'loadAddress',
        onDone: { target: 'editing', actions: { type: 'assignAnswer', params: ({ event }) => ({ answer: event.output }) } },
        onError: { target: 'loadFailed', actions: { type: 'setError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    loadFailed: {
      description: 'The address did not load: the backend error is stored and shown, with a retry.',
      tags: 'loadFailed',
      on: { 'address.retry': { target: 'loading', description: 'Try again: the address loads again.' } },
    },
    editing: {
      description: 'The form shows the stored address (empty when there is none); Save sends the values typed.',
      tags: 'editable',
      on: {
        'address.submit': [
          {
            guard: { type: 'isValid', params: ({ context, event }) => ({ countryCode: context.countryCode, address: event.address }) },
            target: 'saving',
            actions: { type: 'assignDraft', params: ({ event }) => ({ address: event.address }) },
            description: 'Values that pass the rule are sent.',
          },
          {
            target: 'invalid',
            actions: { type: 'assignFieldErrors', params: ({ event }) => ({ address: event.address }) },
            description: 'Values that break the rule stay in the form, each problem by its field.',
          },
        ],
      },
    },
    invalid: {
      description: 'The values sent break a field rule: each problem shows by its field, the values stay; Save checks again.',
      tags: ['editable', 'invalid'],
      on: {
        'address.submit': [
          {
            guard: { type: 'isValid', params: ({ context, event }) => ({ countryCode: context.countryCode, address: event.address }) },
            target: 'saving',
            actions: { type: 'assignDraft', params: ({ event }) => ({ address: event.address }) },
            description: 'Corrected values are sent.',
          },
          {
            target: 'invalid',
            actions: { type: 'assignFieldErrors', params: ({ event }) => ({ address: event.address }) },
            description: 'Still not valid: the problems of the new values show.',
          },
        ],
      },
    },
    saving: {
      description: 'The address is sent (`saveAddress`, PUT /player/address) and replaces the stored one; the form waits.',
      tags: 'saving',
      entry: 'clearError',
      invoke: {
        id: 'saveAddress',
        src: 'saveAddress',
        input: ({ context }) => context.draft,
        onDone: { target: 'saved', actions: { type: 'assignAnswer', params: ({ event }) => ({ answer: event.output }) } },
        onError: { target: 'saveFailed', actions: { type: 'setError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    saved: {
      description: 'The address is saved: the form shows it as the platform stored it (normalised), with a confirmation until the next Save.',
      tags: ['editable', 'saved'],
      on: {
        'address.submit': [
          {
            guard: { type: 'isValid', params: ({ context, event }) => ({ countryCode: context.countryCode, address: event.address }) },
            target: 'saving',
            actions: { type: 'assignDraft', params: ({ event }) => ({ address: event.address }) },
            description: 'Another change is sent.',
          },
          {
            target: 'invalid',
            actions: { type: 'assignFieldErrors', params: ({ event }) => ({ address: event.address }) },
            description: 'A change that breaks the rule stays in the form, each problem by its field.',
          },
        ],
      },
    },
    saveFailed: {
      description:
        "The save failed: the backend error is stored and shown (behaviour.md §8), the platform's field errors by their " +
        'fields; the values typed stay for a retry (Save).',
      tags: ['editable', 'saveFailed'],
      on: {
        'address.submit': [
          {
            guard: { type: 'isValid', params: ({ context, event }) => ({ countryCode: context.countryCode, address: event.address }) },
            target: 'saving',
            actions: { type: 'assignDraft', params: ({ event }) => ({ address: event.address }) },
            description: 'The player tries again.',
          },
          {
            target: 'invalid',
            actions: { type: 'assignFieldErrors', params: ({ event }) => ({ address: event.address }) },
            description: 'Values changed to break the rule stay in the form, each problem by its field.',
          },
        ],
      },
    },
  },
});
