// Cookie consent (behaviour.md §4 "Other states": a notification is shown; accepting stores the
// options and marks them accepted; options can be updated or loaded from local storage.
// behaviour.md §9 and product.md §3 "Account details": essentials, performanceFunctional and
// marketing, all true by default, stored under one local storage key with an accepted flag.
// behaviour.md §7 "/player/cookies/consent: GET and PATCH with the version": a logged-in player's
// answer lives on the platform too, with the policy version it answers; issue 23).
// The machine never touches storage nor the network: `loadConsent` and `persistConsent` (the
// browser's storage), `loadPlatformConsent` and `savePlatformConsent` (the platform) come from src/.
// The session tells it when a player logs in and out (`consent.loggedIn`, `consent.loggedOut`).
import { assign, fromPromise, not, raise, setup, stateIn } from 'xstate';
import type { DoneActorEvent, ErrorActorEvent } from 'xstate';
import { COOKIE_POLICY_VERSION } from './lib/constants';
import {
  consentOptionsFrom,
  cookieConsentSync,
  DEFAULT_COOKIE_CONSENT_OPTIONS,
  hasCurrentAnswer,
  type CookieConsentAnswer,
  type CookieConsentOptions,
  type LocalCookieConsent,
  type PlatformCookieConsent,
} from './lib/cookieConsent';

export { DEFAULT_COOKIE_CONSENT_OPTIONS } from './lib/cookieConsent';
export type { CookieConsentAnswer, CookieConsentOptions, PlatformCookieConsent } from './lib/cookieConsent';

/** The value kept under COOKIE_CONSENT_STORAGE_KEY: the options, accepted, the version answered and when. */
export type StoredCookieConsent = CookieConsentOptions & LocalCookieConsent;

export interface CookieConsentContext extends LocalCookieConsent {
  options: CookieConsentOptions;
}

export type CookieConsentEvent =
  /** The notice's Accept all or Save choices; `at` is when (ms since the epoch). */
  | { type: 'consent.accept'; options?: Partial<CookieConsentOptions>; at: number }
  /** The account's cookie settings (options left out keep their value). */
  | { type: 'consent.update'; options: Partial<CookieConsentOptions>; at: number }
  | { type: 'consent.load' }
  /** From the session: a player logged in (any login, a restored session included). */
  | { type: 'consent.loggedIn' }
  /** From the session: the player is logging out. */
  | { type: 'consent.loggedOut' }
  /** Raised by the platform region: the platform's answer became the browser's. */
  | { type: 'consent.adopted' }
  | DoneActorEvent<StoredCookieConsent | null, 'loadConsent'>
  | ErrorActorEvent<unknown, 'loadConsent'>;

export type CookieConsentTag = 'loading' | 'notice' | 'syncing' | 'syncFailed';

/** The default persistConsent: stores nothing (src/ provides the localStorage writer). */
const storeNothing: (args: unknown, params: StoredCookieConsent) => void = () => undefined;

/** What persistConsent stores: the answer the context now holds (after its transition's assign). */
function storedOf({ context }: { context: CookieConsentContext }): StoredCookieConsent {
  return { ...context.options, accepted: context.accepted, version: context.version, answeredAt: context.answeredAt };
}

/** The platform's answer as the browser's own. */
function fromPlatform(platform: PlatformCookieConsent, accepted: boolean): CookieConsentContext {
  return { options: consentOptionsFrom(platform.options), accepted, version: platform.version, answeredAt: platform.answeredAt };
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
    // Supplied by src/: GET /player/cookies/consent (null: the player never answered).
    loadPlatformConsent: fromPromise<PlatformCookieConsent | null>(() =>
      Promise.reject(new Error('cookieConsentMachine: provide the loadPlatformConsent actor')),
    ),
    // Supplied by src/: PATCH /player/cookies/consent; answers what the platform stored.
    savePlatformConsent: fromPromise<PlatformCookieConsent, CookieConsentAnswer>(() =>
      Promise.reject(new Error('cookieConsentMachine: provide the savePlatformConsent actor')),
    ),
  },
  actions: {
    // Supplied by src/: writes the value under COOKIE_CONSENT_STORAGE_KEY.
    persistConsent: storeNothing,
    assignStored: assign((_, params: { stored: StoredCookieConsent | null }) =>
      params.stored
        ? { options: consentOptionsFrom(params.stored), accepted: params.stored.accepted, version: params.stored.version, answeredAt: params.stored.answeredAt }
        : { options: { ...DEFAULT_COOKIE_CONSENT_OPTIONS }, accepted: false, version: null, answeredAt: null },
    ),
    assignDefaults: assign({ options: () => ({ ...DEFAULT_COOKIE_CONSENT_OPTIONS }), accepted: false, version: null, answeredAt: null }),
    // Options the notice did not ask about keep their default (true); the answer is to the policy in force.
    assignAccepted: assign((_, params: { options: Partial<CookieConsentOptions> | undefined; at: number }) => ({
      options: consentOptionsFrom(params.options ?? {}),
      accepted: true,
      version: COOKIE_POLICY_VERSION,
      answeredAt: params.at,
    })),
    // Options the update leaves out keep their current value.
    assignUpdated: assign(({ context }, params: { options: Partial<CookieConsentOptions>; at: number }) => ({
      options: consentOptionsFrom({ ...context.options, ...params.options }),
      accepted: true,
      version: COOKIE_POLICY_VERSION,
      answeredAt: params.at,
    })),
    assignPlatform: assign((_, params: { platform: PlatformCookieConsent }) => fromPlatform(params.platform, true)),
    // An older policy's answer: its choices are offered again, not accepted.
    assignPlatformChoices: assign((_, params: { platform: PlatformCookieConsent }) => fromPlatform(params.platform, false)),
    tellAdopted: raise({ type: 'consent.adopted' }),
  },
  guards: {
    isStoredCurrent: (_, params: { stored: StoredCookieConsent | null }) =>
      params.stored !== null && hasCurrentAnswer(params.stored),
    isReading: stateIn('#cookieConsent.choice.loading'),
    isAsking: stateIn('#cookieConsent.choice.notice'),
    hasRead: not(stateIn('#cookieConsent.choice.loading')),
    isUpload: ({ context }, params: { platform: PlatformCookieConsent | null }) => cookieConsentSync(context, params.platform) === 'upload',
    isAdopt: ({ context }, params: { platform: PlatformCookieConsent | null }) => cookieConsentSync(context, params.platform) === 'adopt',
    isAskAgain: ({ context }, params: { platform: PlatformCookieConsent | null }) => cookieConsentSync(context, params.platform) === 'askAgain',
  },
}).createMachine({
  id: 'cookieConsent',
  description:
    'behaviour.md §4 "Other states", §7 and §9: two regions. `choice`: the notification is shown until the ' +
    'visitor answers the cookie policy in force (COOKIE_POLICY_VERSION); an answer stores essentials, ' +
    'performanceFunctional and marketing (all true by default; essentials cannot be refused) with ' +
    '`accepted: true`, the version and when, under `COOKIE_CONSENT_STORAGE_KEY`; an answer to an older ' +
    'version shows the notice again. `platform`: while a player is logged in (the session sends ' +
    '`consent.loggedIn` and `consent.loggedOut`) the answer is kept on the platform too. At login the ' +
    "player's latest explicit answer to the policy in force wins, wherever it was given " +
    '(machines/lib/cookieConsent.ts cookieConsentSync): a later answer made on this browser (before ' +
    'logging in, or one that failed to reach the platform) is uploaded; otherwise the platform\'s answer ' +
    'becomes the browser\'s and the notice is not shown again; an answer the platform holds to an older ' +
    'version shows the notice again with those choices. Each later answer (the notice, the account\'s ' +
    'cookie settings) is sent to the platform. A failed call keeps the browser\'s answer, never blocks ' +
    'the page, and is retried at the next login. Storage and the platform are outside the machine: ' +
    '`loadConsent`, `persistConsent`, `loadPlatformConsent` and `savePlatformConsent` come from src/.',
  context: {
    options: { ...DEFAULT_COOKIE_CONSENT_OPTIONS },
    accepted: false,
    version: null,
    answeredAt: null,
  } satisfies CookieConsentContext,
  type: 'parallel',
  states: {
    choice: {
      description: "The browser's answer: read from storage, asked with the notice, changed in the account.",
      initial: 'loading',
      on: {
        'consent.load': {
          description: 'Re-read storage (another tab may have answered the notice). Not a re-entry of the region: the platform region stays as it is.',
          target: '.loading',
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
                description: 'The visitor answered the policy in force: no notice.',
                guard: { type: 'isStoredCurrent', params: ({ event }) => ({ stored: event.output }) },
                target: 'accepted',
                actions: { type: 'assignStored', params: ({ event }) => ({ stored: event.output }) },
              },
              {
                description: 'Nothing stored, not accepted, or an older version answered: the notice, with what was stored (or the defaults).',
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
          description: 'The cookie notice is shown until the visitor answers the policy in force.',
          tags: 'notice',
          on: {
            'consent.accept': {
              description: 'The options are stored, accepted, with the version and when.',
              target: 'accepted',
              actions: [
                { type: 'assignAccepted', params: ({ event }) => ({ options: event.options, at: event.at }) },
                { type: 'persistConsent', params: storedOf },
              ],
            },
            'consent.update': {
              description: "Saved from the account's cookie settings while the notice shows: an answer too.",
              target: 'accepted',
              actions: [
                { type: 'assignUpdated', params: ({ event }) => ({ options: event.options, at: event.at }) },
                { type: 'persistConsent', params: storedOf },
              ],
            },
            'consent.adopted': {
              description: "The platform's answer to the policy in force became the browser's (stored by the platform region): no notice.",
              target: 'accepted',
            },
          },
        },
        accepted: {
          description: 'Consent given to the policy in force; the options can still be changed (account details), each change stored.',
          on: {
            'consent.update': {
              actions: [
                { type: 'assignUpdated', params: ({ event }) => ({ options: event.options, at: event.at }) },
                { type: 'persistConsent', params: storedOf },
              ],
            },
          },
        },
      },
    },
    platform: {
      description: "The platform's copy of a logged-in player's answer (behaviour.md §7 /player/cookies/consent).",
      initial: 'visitor',
      on: {
        'consent.loggedIn': [
          {
            description: 'Logged in while the stored consent is still being read: the sync waits for it.',
            guard: 'isReading',
            target: '.waiting',
          },
          {
            description: "Logged in (a login, a restored session, another login): the platform's answer is asked for.",
            target: '.fetching',
          },
        ],
        'consent.loggedOut': {
          description: 'Logged out: a call under way is dropped; the answer stays on this browser.',
          target: '.visitor',
        },
      },
      states: {
        visitor: {
          description: 'Nobody is logged in: answers stay on this browser (uploaded at the next login).',
        },
        waiting: {
          description: 'A player is logged in; the stored consent is still being read.',
          on: {
            'xstate.done.actor.loadConsent': { description: 'Read: the sync starts.', target: 'fetching' },
            'xstate.error.actor.loadConsent': { description: 'Unreadable (the notice shows): the sync starts.', target: 'fetching' },
          },
        },
        fetching: {
          description: "GET /player/cookies/consent: the platform's answer, to compare with the browser's.",
          tags: 'syncing',
          invoke: {
            id: 'loadPlatformConsent',
            src: 'loadPlatformConsent',
            onDone: [
              {
                description: "The browser's answer is the latest to the policy in force: it is sent to the platform.",
                guard: { type: 'isUpload', params: ({ event }) => ({ platform: event.output }) },
                target: 'uploading',
              },
              {
                description: "The platform's answer is the latest to the policy in force: it becomes the browser's, and the notice is not shown again.",
                guard: { type: 'isAdopt', params: ({ event }) => ({ platform: event.output }) },
                target: 'linked',
                actions: [
                  { type: 'assignPlatform', params: ({ event }) => ({ platform: event.output as PlatformCookieConsent }) },
                  { type: 'persistConsent', params: storedOf },
                  'tellAdopted',
                ],
              },
              {
                description: 'The platform holds an answer to an older version: the notice shows again, with those choices.',
                guard: { type: 'isAskAgain', params: ({ event }) => ({ platform: event.output }) },
                target: 'linked',
                actions: { type: 'assignPlatformChoices', params: ({ event }) => ({ platform: event.output as PlatformCookieConsent }) },
              },
              {
                description: 'Neither holds an answer: the notice stays until the player answers.',
                target: 'linked',
              },
            ],
            onError: {
              description: "The platform could not be asked: the browser's answer stands; the next login tries again.",
              target: 'failed',
            },
          },
        },
        uploading: {
          description: "PATCH /player/cookies/consent with the browser's answer and its version.",
          tags: 'syncing',
          invoke: {
            id: 'savePlatformConsent',
            src: 'savePlatformConsent',
            input: ({ context }) => ({ options: context.options, version: context.version ?? COOKIE_POLICY_VERSION }),
            onDone: {
              description: "Stored: the platform's answer (with its time) is the browser's.",
              target: 'linked',
              actions: [
                { type: 'assignPlatform', params: ({ event }) => ({ platform: event.output }) },
                { type: 'persistConsent', params: storedOf },
              ],
            },
            onError: {
              description: "Not stored: the browser's answer stands; the next answer or the next login tries again.",
              target: 'failed',
            },
          },
          on: {
            'consent.update': {
              description: 'A newer change while one is on its way: the newer one is sent instead.',
              guard: 'hasRead',
              target: 'uploading',
              reenter: true,
            },
          },
        },
        linked: {
          description: 'The platform holds the browser\'s answer (or neither holds one yet); each new answer is sent.',
          on: {
            'consent.accept': { description: 'The notice answered: sent to the platform.', guard: 'isAsking', target: 'uploading' },
            'consent.update': { description: 'The cookie settings changed: sent to the platform.', guard: 'hasRead', target: 'uploading' },
          },
        },
        failed: {
          description: "The last call failed: the browser's answer is kept (never blocking the page); the next answer or the next login tries again.",
          tags: 'syncFailed',
          on: {
            'consent.accept': { description: 'The notice answered: sent again.', guard: 'isAsking', target: 'uploading' },
            'consent.update': { description: 'The cookie settings changed: sent again.', guard: 'hasRead', target: 'uploading' },
          },
        },
      },
    },
  },
});
