import { Hono } from 'hono';
import * as v from 'valibot';
import { ERROR_CODES, HttpError } from '../http/errors';
import type { SiteEnv } from '../http/site-context';
import type { SettingsStore } from '../platform/settings';

// Switches for the test harnesses (Playwright, server tests), mounted at /api/test only when the
// platform runs in test mode (PLATFORM_TEST_MODE=1); elsewhere these paths do not exist (404).

const maintenanceBodySchema = v.object({ on: v.boolean() });

export function testModeRoutes({ settings }: { settings: SettingsStore }): Hono<SiteEnv> {
  const routes = new Hono<SiteEnv>();

  routes.post('/maintenance', async (c) => {
    const body: unknown = await c.req.json().catch(() => undefined);
    const parsed = v.safeParse(maintenanceBodySchema, body);
    if (!parsed.success) throw new HttpError(400, ERROR_CODES.requestInvalid, 'Expected a JSON body { "on": boolean }.');
    const updated = await settings.update({ maintenance: parsed.output.on });
    return c.json({ maintenance: updated.maintenance });
  });

  routes.post('/reset', async (c) => c.json(await settings.reset()));

  return routes;
}
