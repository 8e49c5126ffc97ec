// Cookie consent (behaviour.md §4 "Other states": a notification is shown; accepting stores the
// options and marks them accepted; options can be updated or loaded from local storage.
// behaviour.md §9 and product.md §3 "Account details": essentials, performanceFunctional and
// marketing, all true by default, stored under one local storage key with an accepted flag).
// The machine never touches storage: `loadConsent` and `persistConsent` come from src/.
import { assign, fromPromise, setup } from 'xstate';

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
    events: {} as CookieConsentEvent,
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
    assignStored: assign((_, params: { stored: StoredCookieConsent | null }) =>
      params.stored
        ? { options: optionsFrom(params.stored), accepted: params.stored.accepted }
        : { options: { ...DEFAULT_COOKIE_CONSENT_OPTIONS }, accepted: false },
    ),
    assignDefaults: assign({ options: () => ({ ...DEFAULT_COOKIE_CONSENT_OPTIONS }), accepted: false }),
    // Options the notice did not ask about keep their default (true).
    assignAccepted: assign((_, params: { options: Partial<CookieConsentOptions> | undefined }) => ({
      options: optionsFrom(params.options ?? {}),
      accepted: true,
    })),
    // Options the update leaves out keep their current value.
    assignUpdated: assign(({ context }, params: { options: Partial<CookieConsentOptions> }) => ({
      options: optionsFrom({ ...context.options, ...params.options }),
    })),
  },
  guards: {
    isStoredAccepted: (_, params: { stored: StoredCookieConsent | null }) => params.stored?.accepted === true,
  },
}).createMachine({
  id: 'cookieConsent',
  description:
    'behaviour.md §4 "Other states" and §9: the notification is shown until the visitor accepts; accepting ' +
    'stores essentials, performanceFunctional and marketing (all true by default; essentials cannot be ' +
    'refused) with `accepted: true` under `COOKIE_CONSENT_STORAGE_KEY`. Options can be updated later, and ' +
    '`consent.load` re-reads storage. Storage is outside the machine: `loadConsent` (actor) and ' +
    '`persistConsent` (action) come from src/.',
  context: {
    options: { ...DEFAULT_COOKIE_CONSENT_OPTIONS },
    accepted: false,
  } satisfies CookieConsentContext,
  initial: 'loading',
  on: {
    'consent.load': {
      description: 'Re-read storage from any state (another tab may have answered the notice).',
      target: '.loading',
      reenter: true,
    },
  },
  states: {
    loading: {
      description: 'Reads the stored consent (src/ reads localStorage).',
      tags: 'loading',
      invoke: {
        id: 'loadConsent',
        src: 'loadConsent',
        onDone: [
          {
            description: 'The visitor already accepted: no notice.',
            guard: { type: 'isStoredAccepted', params: ({ event }) => ({ stored: event.output }) },
            target: 'accepted',
            actions: { type: 'assignStored', params: ({ event }) => ({ stored: event.output }) },
          },
          {
            description: 'Nothing stored, or not accepted: the notice, with what was stored (or the defaults).',
            target: 'notice',
            actions: { type: 'assignStored', params: ({ event }) => ({ stored: event.output }) },
          },
        ],
        onError: {
          description: 'A corrupt stored value: ask again, with the defaults.',
          target: 'notice',
          actions: 'assignDefaults',
        },
      },
    },
    notice: {
      description: 'The cookie notice is shown until the visitor accepts.',
      tags: 'notice',
      on: {
        'consent.accept': {
          description: 'The options are stored, accepted.',
          target: 'accepted',
          actions: [
            { type: 'assignAccepted', params: ({ event }) => ({ options: event.options }) },
            { type: 'persistConsent', params: acceptedConsent },
          ],
        },
      },
    },
    accepted: {
      description: 'Consent given; the options can still be changed (account details), each change stored.',
      on: {
        'consent.update': {
          actions: [
            { type: 'assignUpdated', params: ({ event }) => ({ options: event.options }) },
            { type: 'persistConsent', params: acceptedConsent },
          ],
        },
      },
    },
  },
});
