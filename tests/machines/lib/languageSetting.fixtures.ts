import type { EventObject } from 'xstate';
import type { LanguageSettingInput } from '../../../machines/languageSetting.machine';
import { ApiError } from '../../../src/api/errors';

// The language setting's samples, shared by its path test (tests/machines/languageSetting.machine.test.ts)
// and `npm run paths languageSetting` (scripts/lib/pathModels.ts): a Canadian player on the English
// page, whose market offers English (ca) and Canadian French (caf).

export const INPUT: LanguageSettingInput = { language: 'ca', market: 'CA', playerId: 7 };

export const offline = new ApiError('network', 0, 'network.error', 'Network Error');
export const refused = new ApiError('http', 400, 'error.validation', 'Invalid', [{ field: 'languageCode', code: 'validation.language' }]);

const done = (id: string, output: unknown): EventObject => ({ type: `xstate.done.actor.${id}`, actorId: id, output }) as EventObject;
const failed = (id: string, error: unknown): EventObject => ({ type: `xstate.error.actor.${id}`, actorId: id, error }) as EventObject;

/** The player's picks: the market's other language, its own, and one of another market (ignored). */
export const PICKS: readonly EventObject[] = [
  { type: 'language.choose', language: 'caf' } as EventObject,
  { type: 'language.choose', language: 'ca' } as EventObject,
  { type: 'language.choose', language: 'de' } as EventObject,
];

/** The events to try in a state (the value's name). */
export function eventsIn(state: string): EventObject[] {
  switch (state) {
    case 'saving':
      return [done('saveLanguage', { playerId: 7 }), failed('saveLanguage', offline), failed('saveLanguage', refused)];
    case 'changed':
      return [];
    default:
      return [...PICKS, { type: 'language.save' }];
  }
}
