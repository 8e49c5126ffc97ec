import type { Kysely } from 'kysely';
import { addressErrors, normalizedAddress, type AddressField, type PlayerAddress } from '../../machines/lib/address';
import type { AddressResponse } from '../../src/api/address';
import type { Database } from '../db/schema';
import { validationError } from '../http/validation';
import { addressRowOf, saveAddressRow } from '../repositories/address';
import { inTransaction } from '../repositories/transaction';
import { currentPlayer } from './account';
import { recordActivity } from './account-activity';

// The player's postal address (issue 23; product.md §3 "Account details"; behaviour.md §7
// /player/address; the contract is src/api/address.ts, the rules machines/lib/address.ts, the same
// the form checks):
//
// - the answer is the stored address (null before the first save) with the player's country, whose
//   postal-code pattern applies; the country is the registration's and does not change here;
// - a save replaces the address whole, in one transaction with its line in the account's activity
//   log (ADDRESS_CHANGED, no note: the address is personal data); a refused one (a field out of its
//   rules, the postal code not in the shape of the player's country's) is 400 error.validation with
//   the fields, and nothing is written.

export interface AddressDeps {
  db: Kysely<Database>;
  clock: () => Date;
}

function addressOf(row: { street_address: string; postal_code: string; city: string } | undefined): PlayerAddress | null {
  return row === undefined ? null : { streetAddress: row.street_address, postalCode: row.postal_code, city: row.city };
}

/** The player's address (null: none given yet) and country. */
export async function addressOfPlayer(deps: AddressDeps, playerId: number): Promise<AddressResponse> {
  const player = await currentPlayer(deps, playerId);
  return { address: addressOf(await addressRowOf(deps.db, player.id)), countryCode: player.country_code };
}

/** Replaces the player's address with `address` (checked for the player's country) and answers what is stored. */
export async function saveAddress(deps: AddressDeps, playerId: number, address: PlayerAddress): Promise<AddressResponse> {
  const player = await currentPlayer(deps, playerId);
  const errors = addressErrors(player.country_code, address);
  const fields = Object.entries(errors) as [AddressField, string][];
  if (fields.length > 0) throw validationError(fields.map(([field, code]) => ({ field, code })));
  const stored = normalizedAddress(address);
  return inTransaction(deps.db, async (trx) => {
    const now = deps.clock();
    await saveAddressRow(trx, player.id, { street_address: stored.streetAddress, postal_code: stored.postalCode, city: stored.city }, now);
    await recordActivity(trx, { playerId: player.id, at: now, kind: 'ADDRESS_CHANGED', note: null });
    return { address: addressOf(await addressRowOf(trx, player.id)), countryCode: player.country_code };
  });
}
