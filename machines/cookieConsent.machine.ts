// Cookie consent (behaviour.md §4 "Other states": a notification is shown; accepting stores the
// options and marks them accepted; options can be updated or loaded from local storage.
// behaviour.md §9 and product.md §3 "Account details": essentials, performanceFunctional and
// marketing, all true by default, stored under one local storage key with an accepted flag).
// The machine never touches storage: `loadConsent` and `persistConsent` come from src/.
import { assertEvent, assign, fromPromise, setup } from 'xstate';
import type { DoneActorEvent, ErrorActorEvent } from 'xstate';

export interface CookieConsentOptions {
  essentials: boolean;
  performanceFunctional: boolean;
  marketing: boolean;
}

/** The value kept under COOKIE_CONSENT_STORAGE_KEY. */
export type StoredCookieConsent = CookieConsentOptions & { accepted: boolean };

/** behaviour.md §9: every category defaults to true. */
export const DEFAULT_COOKIE_CONSENT_OPTIONS: Readonly<CookieConsentOptions> = {
  essentials: true,
  performanceFunctional: true,
  marketing: true,
};

export interface CookieConsentContext {
  options: CookieConsentOptions;
  accepted: boolean;
}

export type CookieConsentEvent =
  | { type: 'consent.accept'; options?: Partial<CookieConsentOptions> }
  | { type: 'consent.update'; options: Partial<CookieConsentOptions> }
  | { type: 'consent.load' };

/** The storage read's answers, typed so that shared actions can read them with assertEvent. */
type CookieConsentActorEvent =
  | DoneActorEvent<StoredCookieConsent | null, 'loadConsent'>
  | ErrorActorEvent<unknown, 'loadConsent'>;

export type CookieConsentTag = 'loading' | 'notice';

/** Essentials cannot be refused: the site does not work without them. */
function withEssentials(options: CookieConsentOptions): CookieConsentOptions {
  return { ...options, essentials: true };
}

/** Keeps only the three known booleans of whatever storage held. */
function optionsFrom(stored: Partial<CookieConsentOptions>): CookieConsentOptions {
  return withEssentials({
    essentials: true,
    performanceFunctional: stored.performanceFunctional ?? DEFAULT_COOKIE_CONSENT_OPTIONS.performanceFunctional,
    marketing: stored.marketing ?? DEFAULT_COOKIE_CONSENT_OPTIONS.marketing,
  });
}

/** The default persistConsent: stores nothing (src/ provides the localStorage writer). */
const storeNothing: (args: unknown, params: StoredCookieConsent) => void = () => undefined;

/** What persistConsent stores: the options the context now holds (after its transition's assign), accepted. */
function acceptedConsent({ context }: { context: CookieConsentContext }): StoredCookieConsent {
  return { ...context.options, accepted: true };
}

export const cookieConsentMachine = setup({
  types: {
    context: {} as CookieConsentContext,
    events: {} as CookieConsentEvent | CookieConsentActorEvent,
    tags: {} as CookieConsentTag,
  },
  actors: {
    // Supplied by src/: reads and parses localStorage[COOKIE_CONSENT_STORAGE_KEY]; null when empty,
    // rejects when the stored value does not parse.
    loadConsent: fromPromise<StoredCookieConsent | null>(() =>
      Promise.reject(new Error('cookieConsentMachine: provide the loadConsent actor')),
    ),
  },
  actions: {
    // Supplied by src/: writes the value under COOKIE_CONSENT_STORAGE_KEY.
    persistConsent: storeNothing,
    assignStored: assign(({ event }) => {
      assertEvent(event, 'xstate.done.actor.loadConsent');
      const stored = event.output;
      return stored
        ? { options: optionsFrom(stored), accepted: stored.accepted }
        : { options: { ...DEFAULT_COOKIE_CONSENT_OPTIONS }, accepted: false };
    }),
    assignDefaults: assign({ options: () => ({ ...DEFAULT_COOKIE_CONSENT_OPTIONS }), accepted: false }),
    assignAccepted: assign(({ event }) => {
      assertEvent(event, 'consent.accept');
      // Options the notice did not ask about keep their default (true).
      return { options: optionsFrom(event.options ?? {}), accepted: true };
    }),
    assignUpdated: assign(({ context, event }) => {
      assertEvent(event, 'consent.update');
      // Options the update leaves out keep their current value.
      return { options: optionsFrom({ ...context.options, ...event.options }) };
    }),
  },
  guards: {
    isStoredAccepted: ({ event }) => {
      assertEvent(event, 'xstate.done.actor.loadConsent');
      return event.output?.accepted === true;
    },
  },
}).createMachine({
  id: 'cookieConsent',
  context: {
    options: { ...DEFAULT_COOKIE_CONSENT_OPTIONS },
    accepted: false,
  } satisfies CookieConsentContext,
  initial: 'loading',
  // Re-read storage from any state (another tab may have answered the notice).
  on: { 'consent.load': { target: '.loading', reenter: true } },
  states: {
    loading: {
      tags: 'loading',
      invoke: {
        id: 'loadConsent',
        src: 'loadConsent',
        onDone: [
          { guard: 'isStoredAccepted', target: 'accepted', actions: 'assignStored' },
          { target: 'notice', actions: 'assignStored' },
        ],
        // A corrupt stored value: ask again, with the defaults.
        onError: { target: 'notice', actions: 'assignDefaults' },
      },
    },
    notice: {
      tags: 'notice',
      on: {
        'consent.accept': {
          target: 'accepted',
          actions: [
            'assignAccepted',
            { type: 'persistConsent', params: acceptedConsent },
          ],
        },
      },
    },
    accepted: {
      on: {
        'consent.update': {
          actions: [
            'assignUpdated',
            { type: 'persistConsent', params: acceptedConsent },
          ],
        },
      },
    },
  },
});
