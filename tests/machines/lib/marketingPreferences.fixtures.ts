import type { EventObject } from 'xstate';
import { defaultMarketingPreferences, NO_MARKETING, withChoice, type MarketingPreferences } from '../../../machines/lib/marketingPreferences';
import { ApiError } from '../../../src/api/errors';

// The marketing preferences' samples, shared by its path test
// (tests/machines/marketingPreferences.machine.test.ts) and `npm run paths marketingPreferences`
// (scripts/lib/pathModels.ts): the platform's answers and the player's choices, by state.

/** What the platform holds at first: the sign-up's opt-in (bonus offers and news by e-mail and SMS). */
export const LOADED: MarketingPreferences = defaultMarketingPreferences(true);
/** What the platform answers to a save: the set it was sent (it replaces the stored one). */
export const SAVED_ANSWER: MarketingPreferences = withChoice(NO_MARKETING, 'RESPONSIBLE_GAMING', 'EMAIL', true);

export const offline = new ApiError('network', 0, 'network.error', 'Network Error');
export const serverDown = new ApiError('http', 500, 'error.system.error', 'Internal error');
export const refused = new ApiError('http', 400, 'error.validation', 'Invalid', [{ field: 'preferences.CASINO.SMS', code: 'validation.invalid' }]);

const done = (id: string, output: unknown): EventObject => ({ type: `xstate.done.actor.${id}`, actorId: id, output }) as EventObject;
const failed = (id: string, error: unknown): EventObject => ({ type: `xstate.error.actor.${id}`, actorId: id, error }) as EventObject;

/** The player's changes: one channel on, one off, a whole communication on and off. */
export const CHOICES: readonly EventObject[] = [
  { type: 'preferences.choose', communication: 'CASINO', channel: 'PUSH_NOTIFICATION', allowed: true } as EventObject,
  { type: 'preferences.choose', communication: 'BONUS_OFFER', channel: 'SMS', allowed: false } as EventObject,
  { type: 'preferences.chooseAll', communication: 'RESPONSIBLE_GAMING', allowed: true } as EventObject,
  { type: 'preferences.chooseAll', communication: 'NEWSLETTER', allowed: false } as EventObject,
];

/** The events to try in a state (the value's name): the calls' answers where one is pending, the player's events elsewhere. */
export function eventsIn(state: string): EventObject[] {
  switch (state) {
    case 'loading':
      return [done('loadPreferences', LOADED), failed('loadPreferences', offline), failed('loadPreferences', serverDown)];
    case 'loadFailed':
      return [{ type: 'preferences.retry' }];
    case 'saving':
      return [done('savePreferences', SAVED_ANSWER), failed('savePreferences', offline), failed('savePreferences', refused)];
    default:
      return [...CHOICES, { type: 'preferences.save' }];
  }
}
