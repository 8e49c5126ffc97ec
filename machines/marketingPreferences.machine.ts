// The player's marketing preferences on the account page (product.md §3 "Marketing preferences:
// channels EMAIL, SMS, MAIL, PHONE, PUSH_NOTIFICATION; communications BONUS_OFFER, NEWSLETTER, CASINO,
// RESPONSIBLE_GAMING"; behaviour.md §7 "/player/marketing_preferences: GET and PATCH"; §8 "General":
// the marketing action stores a backend error).
//
// A child of the session (flow `marketingPreferences`), started by the account route and stopped
// when the player leaves it or logs out; it has no end. It loads the player's set, lets the player
// change it (one channel of one communication, or a whole communication), and saves the whole set
// (the platform replaces the stored one). A failed save keeps the player's choices for a retry; a
// failed load offers a retry. The rules are machines/lib/marketingPreferences.ts.
import { assign, fromPromise, setup } from 'xstate';
import { flowErrorOf, type FlowError } from './lib/flowErrors';
import {
  sameMarketingPreferences,
  withChoice,
  withCommunication,
  type MarketingChannel,
  type MarketingCommunication,
  type MarketingPreferences,
} from './lib/marketingPreferences';

export type MarketingPreferencesError = FlowError<never>;

export interface MarketingPreferencesContext {
  /** The player's choices as shown (null until the first load). */
  preferences: MarketingPreferences | null;
  /** The set the platform holds: the last one loaded or saved (null until the first load). */
  stored: MarketingPreferences | null;
  /** The last backend error of a load or a save (behaviour.md §8 "General"); null after a new call. */
  error: MarketingPreferencesError | null;
}

export type MarketingPreferencesEvent =
  | { type: 'preferences.choose'; communication: MarketingCommunication; channel: MarketingChannel; allowed: boolean }
  | { type: 'preferences.chooseAll'; communication: MarketingCommunication; allowed: boolean }
  | { type: 'preferences.save' }
  | { type: 'preferences.retry' };

/**
 * loading: the first load runs; loadFailed: it failed (retry); editable: the choices can change;
 * saving: the save runs; saved: the last save succeeded; saveFailed: it failed (the choices stay).
 */
export type MarketingPreferencesTag = 'loading' | 'loadFailed' | 'editable' | 'saving' | 'saved' | 'saveFailed';

/** Whether the shown choices differ from the stored set (unsaved changes). */
export function hasUnsavedChanges(context: Pick<MarketingPreferencesContext, 'preferences' | 'stored'>): boolean {
  return context.preferences !== null && context.stored !== null && !sameMarketingPreferences(context.preferences, context.stored);
}

export const marketingPreferencesMachine = setup({
  types: {
    context: {} as MarketingPreferencesContext,
    events: {} as MarketingPreferencesEvent,
    tags: {} as MarketingPreferencesTag,
  },
  actors: {
    // Supplied by src/app/flows/marketingPreferences.flow.ts (marketingPreferencesApi) and by tests.
    loadPreferences: fromPromise<MarketingPreferences>(() =>
      Promise.reject(new Error('marketingPreferencesMachine: provide the loadPreferences actor')),
    ),
    savePreferences: fromPromise<MarketingPreferences, MarketingPreferences>(() =>
      Promise.reject(new Error('marketingPreferencesMachine: provide the savePreferences actor')),
    ),
  },
  actions: {
    clearError: assign({ error: null }),
    setError: assign((_, params: { error: unknown }) => ({ error: flowErrorOf(params.error, []) })),
    /** The platform's set, loaded or saved: it is both what shows and what is stored. */
    assignStored: assign((_, params: { preferences: MarketingPreferences }) => ({ preferences: params.preferences, stored: params.preferences })),
    choose: assign(({ context }, params: { communication: MarketingCommunication; channel: MarketingChannel; allowed: boolean }) => ({
      preferences: context.preferences === null ? null : withChoice(context.preferences, params.communication, params.channel, params.allowed),
    })),
    chooseAll: assign(({ context }, params: { communication: MarketingCommunication; allowed: boolean }) => ({
      preferences: context.preferences === null ? null : withCommunication(context.preferences, params.communication, params.allowed),
    })),
  },
}).createMachine({
  id: 'marketingPreferences',
  description:
    'product.md §3 "Marketing preferences" and behaviour.md §7 `/player/marketing_preferences` (GET and PATCH): ' +
    '`loading` → `editing`, where `preferences.choose` (one channel of one communication) and `preferences.chooseAll` ' +
    '(every channel of one communication) change the choices; `preferences.save` → `saving` (the whole set, which ' +
    'replaces the stored one) → `saved` (a confirmation; the next change is `editing` again) or `saveFailed` (the ' +
    'backend error stored, behaviour.md §8, and the choices kept for a retry). A failed load is `loadFailed`, with ' +
    '`preferences.retry`. Started by /my-account/account; it has no end.',
  context: { preferences: null, stored: null, error: null } satisfies MarketingPreferencesContext,
  initial: 'loading',
  states: {
    loading: {
      description: 'The player\'s preferences load (`loadPreferences`, GET /player/marketing_preferences); nothing can be chosen yet.',
      tags: 'loading',
      entry: 'clearError',
      invoke: {
        id: 'loadPreferences',
        src: 'loadPreferences',
        onDone: { target: 'editing', actions: { type: 'assignStored', params: ({ event }) => ({ preferences: event.output }) } },
        onError: { target: 'loadFailed', actions: { type: 'setError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    loadFailed: {
      description: 'The preferences did not load: the backend error is stored and shown, with a retry.',
      tags: 'loadFailed',
      on: { 'preferences.retry': 'loading' },
    },
    editing: {
      description: 'The choices show and can change, one channel or a whole communication at a time; Save sends the whole set.',
      tags: 'editable',
      on: {
        // Each change event carries its own parameters (the communication, the channel, allowed).
        'preferences.choose': { actions: { type: 'choose', params: ({ event }) => event } },
        'preferences.chooseAll': { actions: { type: 'chooseAll', params: ({ event }) => event } },
        'preferences.save': 'saving',
      },
    },
    saving: {
      description:
        'The whole set is sent (`savePreferences`, PATCH /player/marketing_preferences) and replaces the stored one; the ' +
        'choices cannot change until the answer.',
      tags: 'saving',
      entry: 'clearError',
      invoke: {
        id: 'savePreferences',
        src: 'savePreferences',
        input: ({ context }) => context.preferences as MarketingPreferences,
        onDone: { target: 'saved', actions: { type: 'assignStored', params: ({ event }) => ({ preferences: event.output }) } },
        onError: { target: 'saveFailed', actions: { type: 'setError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    saved: {
      description: 'The set is saved: a confirmation shows until the next change, which is editing again; Save sends it again.',
      tags: ['editable', 'saved'],
      on: {
        'preferences.choose': { target: 'editing', actions: { type: 'choose', params: ({ event }) => event } },
        'preferences.chooseAll': { target: 'editing', actions: { type: 'chooseAll', params: ({ event }) => event } },
        'preferences.save': 'saving',
      },
    },
    saveFailed: {
      description:
        'The save failed: the backend error is stored and shown (behaviour.md §8), the player\'s choices stay as they were ' +
        'for a retry (Save), and can still change (the error stays shown until the next save).',
      tags: ['editable', 'saveFailed'],
      on: {
        // Each change event carries its own parameters (the communication, the channel, allowed).
        'preferences.choose': { actions: { type: 'choose', params: ({ event }) => event } },
        'preferences.chooseAll': { actions: { type: 'chooseAll', params: ({ event }) => event } },
        'preferences.save': 'saving',
      },
    },
  },
});
