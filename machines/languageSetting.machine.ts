// The player's language on the account page (issue 23; product.md §2 "Account area", §3 "Player
// profile": "languageCode sent as is except inen becomes en (caf becomes fr for language changes)").
//
// A child of the session (flow `languageSetting`), started by the account route with the page's
// language and market. The player picks one of the market's languages and saves it: the platform
// stores it as it names it (machines/lib/account.ts profileLanguageOf: caf → fr, inen → en); the
// flow ends `{ outcome: 'changed', language }` and the session switches the site to that language
// (the account page in the new langmarket) and reloads the profile. A failed save keeps the choice
// for a retry.
import { assign, fromPromise, setup } from 'xstate';
import { profileLanguageOf } from './lib/account';
import { flowErrorOf, type FlowError } from './lib/flowErrors';
import { MARKETS, type LanguageCode, type MarketCode } from './lib/markets';

export type LanguageSettingError = FlowError<never>;

export interface LanguageSettingInput {
  /** The page's language (what the site shows now). */
  language: LanguageCode;
  /** The page's market: its languages are the choices. */
  market: MarketCode;
  /** The session's player (the profile update carries it, behaviour.md §7). */
  playerId: number;
}

/** What the save sends (product.md §3: the language as the platform names it). */
export interface LanguageSaveInput {
  playerId: number;
  languageCode: string;
}

export interface LanguageSettingContext {
  current: LanguageCode;
  market: MarketCode;
  playerId: number;
  /** The language chosen in the form (the current one until the player picks another). */
  choice: LanguageCode;
  /** The last backend error (behaviour.md §8 "General"); null after a new save. */
  error: LanguageSettingError | null;
}

export type LanguageSettingEvent = { type: 'language.choose'; language: LanguageCode } | { type: 'language.save' };

export interface LanguageSettingOutput {
  outcome: 'changed';
  language: LanguageCode;
}

/** saving: the call runs; failed: its error shows. */
export type LanguageSettingTag = 'saving' | 'failed';

/** The market's languages a player may choose (the language switcher's, product.md §2). */
export function languageChoices(market: MarketCode): readonly LanguageCode[] {
  return MARKETS[market].languages;
}

export const languageSettingMachine = setup({
  types: {
    context: {} as LanguageSettingContext,
    events: {} as LanguageSettingEvent,
    input: {} as LanguageSettingInput,
    output: {} as LanguageSettingOutput,
    tags: {} as LanguageSettingTag,
  },
  actors: {
    // Supplied by src/app/flows/languageSetting.flow.ts (accountApi.saveLanguage) and by tests.
    saveLanguage: fromPromise<unknown, LanguageSaveInput>(() => Promise.reject(new Error('languageSettingMachine: provide the saveLanguage actor'))),
  },
  guards: {
    /** One of the market's languages, other than the one the site shows. */
    isNewChoice: ({ context }) => context.choice !== context.current && languageChoices(context.market).includes(context.choice),
    isMarketLanguage: ({ context }, params: { language: LanguageCode }) => languageChoices(context.market).includes(params.language),
  },
  actions: {
    choose: assign((_, params: { language: LanguageCode }) => ({ choice: params.language })),
    clearError: assign({ error: null }),
    setError: assign((_, params: { error: unknown }) => ({ error: flowErrorOf(params.error, []) })),
  },
}).createMachine({
  id: 'languageSetting',
  description:
    'Issue 23, product.md §3 "Player profile": `editing` (`language.choose` picks one of the market\'s languages) → ' +
    '`language.save` (only for a language other than the shown one) → `saving` (PATCH /player/profile with the language ' +
    'as the platform names it: caf → fr, inen → en) → `changed` (the end: the session switches the site to the language) ' +
    'or `failed` (the error shown, the choice kept for a retry).',
  context: ({ input }) => ({ current: input.language, market: input.market, playerId: input.playerId, choice: input.language, error: null }),
  initial: 'editing',
  states: {
    editing: {
      description: "The market's languages, the site's own chosen; Save is for another language.",
      on: {
        'language.choose': {
          guard: { type: 'isMarketLanguage', params: ({ event }) => ({ language: event.language }) },
          actions: { type: 'choose', params: ({ event }) => ({ language: event.language }) },
          description: 'The player picks one of the market\'s languages.',
        },
        'language.save': { guard: 'isNewChoice', target: 'saving', description: 'The player saves a language other than the shown one.' },
      },
    },
    saving: {
      description: 'PATCH /player/profile { playerId, languageCode } runs (`saveLanguage`); the form waits.',
      tags: 'saving',
      entry: 'clearError',
      invoke: {
        id: 'saveLanguage',
        src: 'saveLanguage',
        input: ({ context }) => ({ playerId: context.playerId, languageCode: profileLanguageOf(context.choice) }),
        onDone: 'changed',
        onError: { target: 'failed', actions: { type: 'setError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    failed: {
      description: 'The save failed: the error shows (behaviour.md §8), the choice stays for a retry or another pick.',
      tags: 'failed',
      on: {
        'language.choose': {
          guard: { type: 'isMarketLanguage', params: ({ event }) => ({ language: event.language }) },
          target: 'editing',
          actions: [{ type: 'choose', params: ({ event }) => ({ language: event.language }) }, 'clearError'],
          description: 'Another pick: the form is editable again and the error goes.',
        },
        'language.save': { guard: 'isNewChoice', target: 'saving', description: 'The player tries again.' },
      },
    },
    changed: {
      description: 'The platform stored the language: the flow ends with it, for the session to switch the site to it.',
      type: 'final',
    },
  },
  output: ({ context }) => ({ outcome: 'changed' as const, language: context.choice }),
});
