import type { Context, MiddlewareHandler } from 'hono';
import type { PlatformMode, PlatformProviders } from './types';

// The providers on a request's context (server/app.ts installs provideProviders on /api): routes ask
// providersOf(c). Apart from index.ts so a simulator's own routes read it without importing the index.

export interface ProviderVariables {
  providers: PlatformProviders;
  platformMode: PlatformMode;
}

/** Puts the providers on every /api request's context (server/app.ts). */
export function provideProviders(providers: PlatformProviders, mode: PlatformMode): MiddlewareHandler<{ Variables: ProviderVariables }> {
  return async (c, next) => {
    c.set('providers', providers);
    c.set('platformMode', mode);
    await next();
  };
}

/**
 * Hands every request for a provider's own host (the demo games' origin, server/providers/demo-games)
 * to that provider's app, before anything of the site runs: the site's pages, API and headers never
 * answer on that host, and the provider's pages never on the site's. server/app.ts installs it first.
 */
export function providerHosts(providers: Pick<PlatformProviders, 'games'>): MiddlewareHandler {
  const hosts = [providers.games.host].filter((host) => host !== undefined);
  return async (c, next) => {
    for (const host of hosts) if (host.matches(c.req.url)) return host.app.fetch(c.req.raw, c.env);
    await next();
  };
}

export function providersOf(c: Context): PlatformProviders {
  const providers = (c as Context<{ Variables: Partial<ProviderVariables> }>).get('providers');
  if (!providers) throw new Error('The provideProviders middleware is not installed on this route (server/app.ts).');
  return providers;
}
