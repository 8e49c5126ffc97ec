import { Hono, type Context } from 'hono';
import type { Kysely } from 'kysely';
import * as v from 'valibot';
import {
  activitySettingsPatchSchema,
  coolingOffRequestSchema,
  exclusionRequestSchema,
  marketCodeSchema,
  marketRgRulesSchema,
  resetTimerRequestSchema,
  timeoutRequestSchema,
  type ActivitySettings,
  type ActivitySummary,
  type BreakResponse,
  type MinutesRemaining,
} from '../../src/api/responsibleGambling';
import type { Database } from '../db/schema';
import { requireAuth, type AuthEnv } from '../http/auth';
import { ERROR_CODES, HttpError } from '../http/errors';
import { flowBodyLimit, parseJsonBody } from '../http/validation';
import { rgRulesFor, type SettingsStore } from '../services/settings';
import { activitySettings, activitySummary, minutesRemaining, resetActivityTimer, updateActivitySettings } from '../services/activity';
import { selfExclude, takeCoolingOff, takeTimeout } from '../services/breaks';

// The reality check, the breaks and the markets' responsible-gambling rules (issue 13; the contract
// is src/api/responsibleGambling.ts; behaviour.md §7 "Responsible gambling"), mounted at /api. The
// player's calls need the id token (requireAuth on each route, as the wallet's); the market rules
// are public. The rules are server/services/activity.ts and breaks.ts.

export interface ResponsibleGamblingRoutesOptions {
  db: Kysely<Database>;
  clock: () => Date;
  settings: SettingsStore;
}

/**
 * The market rules change only when an operator changes the platform's settings: a minute in a
 * browser's or a CDN's cache is soon enough for a switched rule to show.
 */
const MARKET_RULES_CACHE_CONTROL = 'public, max-age=60';

/** Mounted at /api. */
export function responsibleGamblingRoutes({ db, clock, settings }: ResponsibleGamblingRoutesOptions): Hono<AuthEnv> {
  const routes = new Hono<AuthEnv>();
  const deps = { db, clock };
  const breakDeps = { db, clock, settings };
  const session = (c: Context<AuthEnv>) => c.get('authSession');
  const playerOf = (c: Context<AuthEnv>): number => session(c).playerId;

  // ---- the reality check (behaviour.md §4, §9)
  routes.get('/player/activity_check/settings', requireAuth, async (c) => c.json<ActivitySettings>(await activitySettings(deps, playerOf(c))));

  routes.patch('/player/activity_check/settings', flowBodyLimit, requireAuth, async (c) => {
    const body = await parseJsonBody(c, activitySettingsPatchSchema);
    return c.json<ActivitySettings>(await updateActivitySettings(deps, playerOf(c), body));
  });

  routes.get('/player/activity_check/minutes_remaining', requireAuth, async (c) => c.json<MinutesRemaining>(await minutesRemaining(deps, session(c))));

  routes.patch('/player/activity_check/reset_timer', flowBodyLimit, requireAuth, async (c) => {
    await parseJsonBody(c, resetTimerRequestSchema);
    return c.json<MinutesRemaining>(await resetActivityTimer(deps, session(c)));
  });

  routes.get('/player/activity_check/summary', requireAuth, async (c) => c.json<ActivitySummary>(await activitySummary(deps, session(c))));

  // ---- the markets' rules (public: the compliance layer's switches)
  routes.get('/markets/:market/responsible-gambling', async (c) => {
    const market = v.safeParse(marketCodeSchema, c.req.param('market'));
    if (!market.success) throw new HttpError(404, ERROR_CODES.notFound, 'No such market.');
    const rules = v.parse(marketRgRulesSchema, rgRulesFor(await settings.read(), market.output));
    c.header('Cache-Control', MARKET_RULES_CACHE_CONTROL);
    return c.json(rules);
  });

  // ---- breaks (product.md §3; behaviour.md §7): each ends the player's sessions, so it is the
  // last answer of this session. Registered last: a fuzzed break ends the fuzzer's session too.
  routes.patch('/player/timeout', flowBodyLimit, requireAuth, async (c) => {
    const body = await parseJsonBody(c, timeoutRequestSchema);
    return c.json<BreakResponse>(await takeTimeout(breakDeps, playerOf(c), body));
  });

  routes.patch('/player/timeout/cooling', flowBodyLimit, requireAuth, async (c) => {
    const body = await parseJsonBody(c, coolingOffRequestSchema);
    return c.json<BreakResponse>(await takeCoolingOff(breakDeps, playerOf(c), body));
  });

  routes.patch('/player/exclusion', flowBodyLimit, requireAuth, async (c) => {
    const body = await parseJsonBody(c, exclusionRequestSchema);
    return c.json<BreakResponse>(await selfExclude(breakDeps, playerOf(c), body));
  });

  return routes;
}
