import { Hono } from 'hono';
import { cors } from 'hono/cors';
import type { Kysely } from 'kysely';
import type { Database } from './db/schema';
import { createErrorHandler, handleNotFound } from './http/errors';
import { noStore, securityHeaders } from './http/security';
import { SITE_CONTEXT_HEADER, siteContext, type SiteEnv } from './http/site-context';
import { staticApp } from './http/static';
import type { SettingsStore } from './platform/settings';
import { contentRoutes } from './routes/content';
import { platformRoutes } from './routes/platform';
import { testModeRoutes } from './routes/test-mode';

// The reference platform as a Hono app: the API under /api (behaviour.md §7) and the built app.
// server/main.ts wires it to the database and the network; tests call `app.request(...)`.

export interface AppOptions {
  db: Kysely<Database>;
  settings: SettingsStore;
  /** The built app (Vite's dist/). Without it only the API is served. */
  staticDir?: string | undefined;
  /** Adds /api/test/* and honours the x-test-country header. */
  testMode: boolean;
  /** The platform the app should call, when not this one: written into index.html and the CSP. */
  apiBaseUrl?: string | undefined;
  /** A header set by a trusted proxy or CDN with the visitor's country (e.g. CF-IPCountry). */
  countryHeader?: string | undefined;
  /** Origins allowed to call the API from a browser (an app served elsewhere). */
  corsOrigins?: readonly string[] | undefined;
  /** Now, for the copyright year; tests pass a fixed date. */
  clock?: () => Date;
  /** Where platform faults (500) are reported; console.error by default. */
  logError?: (message: string, error: unknown) => void;
}

export function createApp(options: AppOptions): Hono<SiteEnv> {
  const { db, settings, testMode } = options;
  const app = new Hono<SiteEnv>();

  app.use('*', securityHeaders({ apiBaseUrl: options.apiBaseUrl }));
  app.use('/api/*', noStore);
  if (options.corsOrigins && options.corsOrigins.length > 0) {
    app.use(
      '/api/*',
      cors({
        origin: [...options.corsOrigins],
        credentials: true,
        allowHeaders: ['Content-Type', 'Authorization', 'Access-Token', SITE_CONTEXT_HEADER],
      }),
    );
  }
  app.use('/api/*', siteContext);

  app.route('/api/content', contentRoutes({ db, clock: options.clock ?? (() => new Date()) }));
  app.route('/api/player', platformRoutes({ settings, testMode, countryHeader: options.countryHeader }));
  if (testMode) app.route('/api/test', testModeRoutes({ settings }));

  if (options.staticDir) app.use('*', staticApp({ staticDir: options.staticDir, apiBaseUrl: options.apiBaseUrl }));

  app.notFound(handleNotFound);
  app.onError(createErrorHandler(options.logError));
  return app;
}
