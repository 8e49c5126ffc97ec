import { Hono } from 'hono';
import { decideAccess, resolveCountry, type CountrySources } from '../domain/access';
import type { SettingsStore } from '../services/settings';
import type { SiteEnv } from '../http/site-context';

// Player-facing platform state, mounted at /api/player: the access check (behaviour.md §4).

export interface PlatformRoutesOptions extends CountrySources {
  settings: SettingsStore;
}

export function platformRoutes({ settings, ...sources }: PlatformRoutesOptions): Hono<SiteEnv> {
  const routes = new Hono<SiteEnv>();

  routes.get('/access/context', async (c) => {
    const current = await settings.read();
    const country = resolveCountry((name) => c.req.header(name), sources, current.defaultCountry);
    return c.json(decideAccess(current, country));
  });

  return routes;
}
