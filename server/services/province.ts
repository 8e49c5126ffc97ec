import type { Kysely } from 'kysely';
import { hasProvince, isProvinceCode, type ProvinceCode } from '../../machines/lib/address';
import type { ProvinceResponse } from '../../src/api/address';
import type { Database } from '../db/schema';
import { ERROR_CODES, HttpError } from '../http/errors';
import { inTransaction } from '../repositories/transaction';
import { currentPlayer } from './account';
import { recordActivity } from './account-activity';
import { createPlayerStore, type Player } from './players';

// The Canadian player's province (issue 23; product.md §3 "Account details": "province forms",
// "Canadian provinces list (Ontario is ON)"; the contract is src/api/address.ts, the list
// machines/lib/countries.ts CA_PROVINCES):
//
// - only a player whose country is Canada has one: anyone else is answered 409
//   error.province.not_applicable (not 403: a 403 to the player's own call logs them out);
// - a change is stored on the player (players.province_code) in one transaction with its line in the
//   account's activity log (PROVINCE_CHANGED, note: the code); the id token is signed from the player
//   row (server/services/sessions.ts idTokenFor), so the next token (a refresh, a login) carries it
//   as its province_code claim.

export interface ProvinceDeps {
  db: Kysely<Database>;
  clock: () => Date;
}

const notApplicable = () => new HttpError(409, ERROR_CODES.provinceNotApplicable, 'Only a player in Canada has a province.');

function provinceOf(player: Player): ProvinceCode | null {
  const code = player.province_code;
  return code !== null && isProvinceCode(code) ? code : null;
}

/** A Canadian player's province (null: none given yet); 409 for anyone else. */
export async function provinceOfPlayer(deps: ProvinceDeps, playerId: number): Promise<ProvinceResponse> {
  const player = await currentPlayer(deps, playerId);
  if (!hasProvince(player.country_code)) throw notApplicable();
  return { provinceCode: provinceOf(player) };
}

/** Sets a Canadian player's province; 409 for anyone else, with nothing written. */
export async function saveProvince(deps: ProvinceDeps, playerId: number, provinceCode: ProvinceCode): Promise<ProvinceResponse> {
  const player = await currentPlayer(deps, playerId);
  if (!hasProvince(player.country_code)) throw notApplicable();
  return inTransaction(deps.db, async (trx) => {
    const now = deps.clock();
    const updated = (await createPlayerStore(trx, deps.clock).update(player.id, { province_code: provinceCode })) ?? player;
    await recordActivity(trx, { playerId: player.id, at: now, kind: 'PROVINCE_CHANGED', note: provinceCode });
    return { provinceCode: provinceOf(updated) };
  });
}
