import type { EventObject } from 'xstate';
import type { AddressAnswer } from '../../../machines/addressChange.machine';
import type { PlayerAddress } from '../../../machines/lib/address';
import type { ProvinceChangeInput } from '../../../machines/provinceChange.machine';
import { ApiError } from '../../../src/api/errors';

// The address and province flows' samples, shared by their path tests
// (tests/machines/addressChange.machine.test.ts, provinceChange.machine.test.ts) and `npm run paths
// addressChange` / `provinceChange` (scripts/lib/pathModels.ts): a Finnish player's address, a
// Canadian player's province, the platform's answers and the player's events, by state.

/** A Finnish player with no address yet. */
export const LOADED: AddressAnswer = { address: null, countryCode: 'FI' };
/** What the player types: a valid Helsinki address, with the spaces a phone keyboard adds. */
export const TYPED: PlayerAddress = { streetAddress: ' Mannerheimintie 1 A 5', postalCode: '00100 ', city: 'Helsinki' };
/** A postal code of another country's shape (Canada's) for a Finnish player. */
export const BAD_POSTAL_CODE: PlayerAddress = { streetAddress: 'Mannerheimintie 1 A 5', postalCode: 'M5H 2N2', city: 'Helsinki' };
/** Nothing typed. */
export const BLANK: PlayerAddress = { streetAddress: '', postalCode: '', city: '' };
/** What the platform answers to the save: the address as stored (normalised). */
export const SAVED_ANSWER: AddressAnswer = { address: { streetAddress: 'Mannerheimintie 1 A 5', postalCode: '00100', city: 'Helsinki' }, countryCode: 'FI' };

export const offline = new ApiError('network', 0, 'network.error', 'Network Error');
export const serverDown = new ApiError('http', 500, 'error.system.error', 'Internal error');
export const refusedPostalCode = new ApiError('http', 400, 'error.validation', 'Invalid', [{ field: 'postalCode', code: 'validation.postal_code' }]);

const done = (id: string, output: unknown): EventObject => ({ type: `xstate.done.actor.${id}`, actorId: id, output }) as EventObject;
const failed = (id: string, error: unknown): EventObject => ({ type: `xstate.error.actor.${id}`, actorId: id, error }) as EventObject;

/** The player's Saves: a valid address, a wrong postal code, nothing typed. */
export const SUBMITS: readonly EventObject[] = [
  { type: 'address.submit', address: TYPED } as EventObject,
  { type: 'address.submit', address: BAD_POSTAL_CODE } as EventObject,
  { type: 'address.submit', address: BLANK } as EventObject,
];

/** The address flow's events to try in a state (the value's name). */
export function addressEventsIn(state: string): EventObject[] {
  switch (state) {
    case 'loading':
      return [done('loadAddress', LOADED), failed('loadAddress', offline), failed('loadAddress', serverDown)];
    case 'loadFailed':
      return [{ type: 'address.retry' }];
    case 'saving':
      return [done('saveAddress', SAVED_ANSWER), failed('saveAddress', offline), failed('saveAddress', refusedPostalCode)];
    default:
      return [...SUBMITS];
  }
}

/** A Canadian player (the province form is theirs) and a Finnish one (no form). */
export const CANADIAN: ProvinceChangeInput = { countryCode: 'CA' };
export const FINNISH: ProvinceChangeInput = { countryCode: 'FI' };

/** The player's picks: Quebec, Ontario (the stored one), a code not in the list (ignored). */
export const PICKS: readonly EventObject[] = [
  { type: 'province.choose', provinceCode: 'QC' } as EventObject,
  { type: 'province.choose', provinceCode: 'ON' } as EventObject,
  { type: 'province.choose', provinceCode: 'XX' } as EventObject,
];

export const refusedProvince = new ApiError('http', 400, 'error.validation', 'Invalid', [{ field: 'provinceCode', code: 'validation.province' }]);

/** The province flow's events to try in a state (the value's name). */
export function provinceEventsIn(state: string): EventObject[] {
  switch (state) {
    case 'notApplicable':
      return [...PICKS, { type: 'province.save' }];
    case 'loading':
      return [done('loadProvince', 'ON'), failed('loadProvince', offline)];
    case 'loadFailed':
      return [{ type: 'province.retry' }];
    case 'saving':
      return [done('saveProvince', 'QC'), failed('saveProvince', offline), failed('saveProvince', refusedProvince)];
    default:
      return [...PICKS, { type: 'province.save' }];
  }
}
