import { Hono } from 'hono';
import type { Kysely } from 'kysely';
import * as v from 'valibot';
import type { Database } from '../db/schema';
import { ERROR_CODES, HttpError } from '../http/errors';
import type { SiteEnv } from '../http/site-context';
import { createPlayerStore } from '../platform/players';
import type { SettingsStore } from '../platform/settings';

// Switches for the test harnesses (Playwright, server tests), mounted at /api/test only when the
// platform runs in test mode (PLATFORM_TEST_MODE=1); elsewhere these paths do not exist (404).

const maintenanceBodySchema = v.object({ on: v.boolean() });
const termsVersionBodySchema = v.object({
  email: v.pipe(v.string(), v.maxLength(254)),
  version: v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(1_000_000)),
});

export interface TestModeRoutesOptions {
  settings: SettingsStore;
  db: Kysely<Database>;
}

export function testModeRoutes({ settings, db }: TestModeRoutesOptions): Hono<SiteEnv> {
  const routes = new Hono<SiteEnv>();

  routes.post('/maintenance', async (c) => {
    const body: unknown = await c.req.json().catch(() => undefined);
    const parsed = v.safeParse(maintenanceBodySchema, body);
    if (!parsed.success) throw new HttpError(400, ERROR_CODES.requestInvalid, 'Expected a JSON body { "on": boolean }.');
    const updated = await settings.update({ maintenance: parsed.output.on });
    return c.json({ maintenance: updated.maintenance });
  });

  // A player's accepted terms version, so a browser test can play "the terms changed since".
  routes.post('/players/terms-version', async (c) => {
    const body: unknown = await c.req.json().catch(() => undefined);
    const parsed = v.safeParse(termsVersionBodySchema, body);
    if (!parsed.success) {
      throw new HttpError(400, ERROR_CODES.requestInvalid, 'Expected a JSON body { "email": string, "version": number }.');
    }
    const players = createPlayerStore(db);
    const player = await players.findByEmail(parsed.output.email);
    if (!player) throw new HttpError(404, ERROR_CODES.notFound, 'No player has this e-mail.');
    await players.update(player.id, { terms_accepted_version: parsed.output.version });
    return c.json({ email: player.email, version: parsed.output.version });
  });

  // Back to the default switches, with every login lock lifted (a test's failed logins do not
  // lock the next test out).
  routes.post('/reset', async (c) => {
    await createPlayerStore(db).clearAllLoginFailures();
    return c.json(await settings.reset());
  });

  return routes;
}
