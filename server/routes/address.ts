import { Hono, type Context } from 'hono';
import type { Kysely } from 'kysely';
import { addressRequestSchema, provinceRequestSchema, type AddressResponse, type ProvinceResponse } from '../../src/api/address';
import type { Database } from '../db/schema';
import { requireAuth, type AuthEnv } from '../http/auth';
import { flowBodyLimit, parseJsonBody } from '../http/validation';
import { addressOfPlayer, saveAddress } from '../services/address';
import { provinceOfPlayer, saveProvince } from '../services/province';

// The player's address and province (issue 23; behaviour.md §7 "/player/address"; the contract is
// src/api/address.ts), mounted at /api/player for a logged-in player:
//   GET /address   -> { address, countryCode }
//   PUT /address   { streetAddress, postalCode, city } -> { address, countryCode }
//   GET /province  -> { provinceCode }             (409 error.province.not_applicable outside Canada)
//   PUT /province  { provinceCode } -> { provinceCode }
// A body that is not a JSON object is 400 error.request.invalid, one whose fields fail 400
// error.validation with the fields; nothing is written then. The rules are
// server/services/address.ts's and province.ts's.

export function addressRoutes({ db, clock }: { db: Kysely<Database>; clock: () => Date }): Hono<AuthEnv> {
  const routes = new Hono<AuthEnv>();
  const deps = { db, clock };
  const playerOf = (c: Context<AuthEnv>): number => c.get('authSession').playerId;

  routes.get('/address', requireAuth, async (c) => c.json<AddressResponse>(await addressOfPlayer(deps, playerOf(c))));

  routes.put('/address', flowBodyLimit, requireAuth, async (c) => {
    const address = await parseJsonBody(c, addressRequestSchema);
    return c.json<AddressResponse>(await saveAddress(deps, playerOf(c), address));
  });

  routes.get('/province', requireAuth, async (c) => c.json<ProvinceResponse>(await provinceOfPlayer(deps, playerOf(c))));

  routes.put('/province', flowBodyLimit, requireAuth, async (c) => {
    const { provinceCode } = await parseJsonBody(c, provinceRequestSchema);
    return c.json<ProvinceResponse>(await saveProvince(deps, playerOf(c), provinceCode));
  });

  return routes;
}
