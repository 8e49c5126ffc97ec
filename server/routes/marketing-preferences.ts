import { Hono, type Context } from 'hono';
import type { Kysely } from 'kysely';
import { marketingPreferencesPatchSchema, type MarketingPreferencesResponse } from '../../src/api/marketingPreferences';
import type { Database } from '../db/schema';
import { requireAuth, type AuthEnv } from '../http/auth';
import { flowBodyLimit, parseJsonBody } from '../http/validation';
import { marketingPreferencesOfPlayer, saveMarketingPreferences, type MarketingPreferencesDeps } from '../services/marketing-preferences';

// The player's marketing preferences (behaviour.md §7 "/player/marketing_preferences: GET and PATCH";
// the contract is src/api/marketingPreferences.ts), mounted at /api/player/marketing_preferences for
// a logged-in player:
//   GET   /   -> { preferences }
//   PATCH /   { preferences } (the whole set) -> { preferences }
// A body that is not a JSON object is 400 error.request.invalid, one whose fields fail 400
// error.validation with the fields; nothing is written then. The rules are
// server/services/marketing-preferences.ts's.

export function marketingPreferencesRoutes({ db, clock }: { db: Kysely<Database>; clock: () => Date }): Hono<AuthEnv> {
  const routes = new Hono<AuthEnv>();
  const deps: MarketingPreferencesDeps = { db, clock };
  const playerOf = (c: Context<AuthEnv>): number => c.get('authSession').playerId;

  routes.get('/', requireAuth, async (c) => c.json<MarketingPreferencesResponse>({ preferences: await marketingPreferencesOfPlayer(deps, playerOf(c)) }));

  routes.patch('/', flowBodyLimit, requireAuth, async (c) => {
    const { preferences } = await parseJsonBody(c, marketingPreferencesPatchSchema);
    return c.json<MarketingPreferencesResponse>({ preferences: await saveMarketingPreferences(deps, playerOf(c), preferences) });
  });

  return routes;
}
