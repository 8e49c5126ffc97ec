import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Hono } from 'hono';
import { cors } from 'hono/cors';
import type { Kysely } from 'kysely';
import { IDLE_LIMIT_MS, LOGIN_LOCK_ATTEMPTS_DEFAULT, LOGIN_LOCK_WINDOW_MINUTES_DEFAULT } from '../machines/lib/constants';
import type { Database } from './db/schema';
import { compressApi } from './http/compress';
import { createErrorHandler, handleNotFound } from './http/errors';
import { requestGuard } from './http/request-guard';
import { noStore, securityHeaders } from './http/security';
import { FLOW_BODY_MAX_BYTES } from './http/validation';
import { SITE_CONTEXT_HEADER, siteContext, type SiteEnv } from './http/site-context';
import { pagesApp, type PageRenderer } from './http/pages';
import { staticApp } from './http/static';
import { DEFAULT_CAPTCHA_SECRET, ID_TOKEN_LIFETIME_S, SESSION_ABSOLUTE_LIFETIME_MS } from './config';
import { setMessageSender } from './services/messages';
import { providerKeyring, type ProviderKey } from './services/provider-keys';
import { createAuthServices, type AuthPolicy } from './services/sessions';
import { provideAuth } from './http/session-cookie';
import { DEFAULT_THROTTLE_POLICY, type ThrottlePolicy } from './services/throttle';
import { rgRulesFor, type SettingsStore } from './services/settings';
import { assertProvidersFit, provideProviders, providerHosts, simulatedProviders, type PlatformMode, type PlatformProviders } from './providers';
import { authRoutes } from './routes/auth';
import { contentRoutes } from './routes/content';
import { passwordResetRoutes } from './routes/password-reset';
import { payAndPlayRoutes } from './routes/pay-and-play';
import { phoneRoutes } from './routes/phone';
import { platformRoutes } from './routes/platform';
import { registrationRoutes } from './routes/registration';
import { seoRoutes } from './routes/seo';
import { testCodeRoutes } from './routes/test-codes';
import { testModeRoutes } from './routes/test-mode';
import { providerWalletRoutes } from './routes/provider-wallet';
import { walletRoutes } from './routes/wallet';
import { bonusRoutes } from './routes/bonuses';
import { limitsRoutes } from './routes/limits';
import { marketingPreferencesRoutes } from './routes/marketing-preferences';
import { cookieConsentRoutes } from './routes/cookie-consent';
import { documentsRoutes } from './routes/documents';
import { diskDocumentStorage, type DocumentStorage } from './services/document-storage';
import { simulatedIdentityProvider } from './providers/simulated-identity';
import { secondFactorRoutes } from './routes/second-factor';
import { accountRoutes } from './routes/account';
import { addressRoutes } from './routes/address';
import { eddRoutes } from './routes/edd';
import { walletLiveRoutes } from './routes/wallet-live';
import { gameLaunchRoutes } from './routes/game-launch';
import { gamesContentRoutes, jackpotRoutes } from './routes/games-content';
import { playerGamesRoutes } from './routes/player-games';
import { responsibleGamblingRoutes } from './routes/responsible-gambling';
import type { WalletLive } from './http/wallet-live';

// The reference platform as a Hono app: the API under /api (behaviour.md §7) and the built app.
// server/main.ts wires it to the database and the network; tests call `app.request(...)`.

export interface AppOptions {
  db: Kysely<Database>;
  settings: SettingsStore;
  /** The built app (Vite's dist/). Without it only the API is served. */
  staticDir?: string | undefined;
  /** The pages' first paint (dist-ssr/prerender.js, server/main.ts loads it); pages carry their head only without it. */
  pageRenderer?: PageRenderer | null | undefined;
  /** Adds /api/test/* and honours the x-test-country header (simulation mode only). */
  testMode: boolean;
  /** PLATFORM_MODE (server/config.ts); `simulation` by default. */
  mode?: PlatformMode | undefined;
  /**
   * The third parties (server/providers). Simulation mode uses the simulated ones when absent;
   * production mode throws unless every one is given and real.
   */
  providers?: Partial<PlatformProviders> | undefined;
  /** The platform the app should call, when not this one: written into index.html and the CSP. */
  apiBaseUrl?: string | undefined;
  /** A header set by a trusted proxy or CDN with the visitor's country (e.g. CF-IPCountry). */
  countryHeader?: string | undefined;
  /** Origins allowed to call the API from a browser (an app served elsewhere). */
  corsOrigins?: readonly string[] | undefined;
  /** Now, for the copyright year, token times, idle limits and the login lock; tests pass their own. */
  clock?: () => Date;
  /** Login lock, token lifetime and idle limit; the defaults are the spec's (server/config.ts). */
  auth?: Partial<AuthOptions> | undefined;
  /** The simulated captcha provider's secret (CAPTCHA_SECRET); a fixed test value by default. */
  captchaSecret?: string | undefined;
  /** Per-number, per-address and login limits (server/config.ts); the defaults unless a test or test mode changes them. */
  throttle?: Partial<ThrottlePolicy> | undefined;
  /** SITE_URL: the origin of links in e-mails (the unlock link), robots.txt and the sitemaps; the request's origin when unset. */
  siteUrl?: string | undefined;
  /** Where platform faults (500) are reported; console.error by default. */
  logError?: (message: string, error: unknown) => void;
  /**
   * GAME_WALLET_SECRET: the simulated demo provider's own secret and its configured wallet key
   * (server/services/provider-keys.ts); generated and stored when absent.
   */
  gameWalletSecret?: string | undefined;
  /** GAME_PROVIDER_KEYS: the game providers' wallet keys from the environment (server/contract/provider-wallet.ts). */
  gameProviderKeys?: readonly ProviderKey[] | undefined;
  /**
   * The wallet's live connections of this process (server/http/wallet-live.ts; server/main.ts
   * gives its `wss` to the HTTP server). Without it the socket's path answers 426.
   */
  walletLive?: WalletLive | undefined;
  /**
   * GAME_PROVIDER_ORIGIN: the simulated game provider's own origin (issue 12); when absent,
   * http://games.localhost on the port the site is asked on.
   */
  gameProviderOrigin?: string | undefined;
  /**
   * Where the players' document files live (issue 23): server/main.ts gives the disk store under
   * DATA_DIR/documents; without it, a folder of the system's temporary directory.
   */
  documentStorage?: DocumentStorage | undefined;
}

export interface AuthOptions {
  /** GLI-19 2.5.3: failed logins within the window that lock the account. */
  loginLockAttempts: number;
  loginLockWindowMinutes: number;
  tokenLifetimeS: number;
  /** GLI-19 2.5.4 (machines/lib/constants.ts IDLE_LIMIT_MS). */
  idleLimitMs: number;
  /** SESSION_SECRET; generated and kept in platform_settings when absent. */
  sessionSecret: string | undefined;
}

function authPolicy(auth: Partial<AuthOptions> = {}): AuthPolicy {
  return {
    tokenLifetimeS: auth.tokenLifetimeS ?? ID_TOKEN_LIFETIME_S,
    idleLimitMs: auth.idleLimitMs ?? IDLE_LIMIT_MS,
    lock: {
      attempts: auth.loginLockAttempts ?? LOGIN_LOCK_ATTEMPTS_DEFAULT,
      windowMs: (auth.loginLockWindowMinutes ?? LOGIN_LOCK_WINDOW_MINUTES_DEFAULT) * 60_000,
    },
  };
}

export function createApp(options: AppOptions): Hono<SiteEnv> {
  const { db, settings, testMode } = options;
  const clock = options.clock ?? (() => new Date());
  const mode = options.mode ?? 'simulation';
  if (mode === 'production' && testMode) throw new Error('Test mode reads the simulated outbox: it cannot run in production mode.');
  const authPolicyOfApp = authPolicy(options.auth);
  // The game providers' wallet keys, one keyring for the wallet's routes and the demo provider.
  const keyring = providerKeyring({ db, clock, configured: options.gameProviderKeys, demoSecret: options.gameWalletSecret });
  const providers: Partial<PlatformProviders> =
    mode === 'simulation'
      ? {
          ...simulatedProviders({
            db,
            clock,
            captchaSecret: options.captchaSecret ?? DEFAULT_CAPTCHA_SECRET,
            gameWalletSecret: options.gameWalletSecret,
            keyring,
            gameProviderOrigin: options.gameProviderOrigin,
            walletRoutes: providerWalletRoutes,
          }),
          ...options.providers,
        }
      : { ...options.providers };
  assertProvidersFit(mode, providers);
  // One platform per process: the code senders (server/services/codes.ts) reach the sender here.
  setMessageSender(providers.messages);
  const authServices = createAuthServices({ db, clock, policy: authPolicyOfApp, sessionSecret: options.auth?.sessionSecret });
  const app = new Hono<SiteEnv>();

  // A provider's own host (the demo games' origin, issue 12) is answered by the provider alone,
  // before any of the site's middleware, pages or API.
  app.use('*', providerHosts(providers));
  app.use('*', securityHeaders({ apiBaseUrl: options.apiBaseUrl, frameSources: [providers.games.frameSource] }));
  app.use('/api/*', noStore);
  // Brotli or gzip for answers of 1 KiB or more (issue 10); inside noStore, so errors are compressed too.
  app.use('/api/*', compressApi);
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
  // The identity-verification provider of the documents (issue 23): simulated in simulation mode.
  const identityProvider = mode === 'simulation' ? simulatedIdentityProvider() : undefined;
  // Same-origin JSON only for requests that change something; no NUL or lone surrogate anywhere.
  app.use(
    '/api/*',
    requestGuard({
      corsOrigins: options.corsOrigins,
      // The simulated bank page and payment page are HTML forms posting to themselves.
      formPaths: [providers.bankIdentification.routes, providers.payments.routes, identityProvider?.routes].flatMap((routes) => (routes ? [`${routes.path}/`] : [])),
      maxBodyBytes: FLOW_BODY_MAX_BYTES,
      // The player's document upload streams its own multipart body (issue 23, server/routes/documents.ts).
      uploadPaths: ['/api/player/documents'],
    }),
  );
  app.use('/api/*', siteContext);
  app.use('/api/*', provideAuth(authServices));
  app.use('/api/*', provideProviders(providers, mode));

  // Lobbies and games (issue 12): before the content routes, whose unknown paths answer 404.
  app.route('/api/content', gamesContentRoutes({ db, clock }));
  app.route('/api', jackpotRoutes({ db, clock }));
  app.route('/api/content', contentRoutes({ db, clock }));
  app.route('/api/player', platformRoutes({ settings, testMode, countryHeader: options.countryHeader }));
  const throttle: ThrottlePolicy = { ...DEFAULT_THROTTLE_POLICY, ...options.throttle };
  // Where a login came from, for the login history (server/services/login-history.ts).
  const loginPlace = { addressHeader: throttle.addressHeader, countrySources: { countryHeader: options.countryHeader, testMode } };
  app.route('/api/player', authRoutes({ throttle, siteUrl: options.siteUrl, countrySources: loginPlace.countrySources }));
  // The wallet's live connection and its token (issue 11): before any /api/player/wallet routes
  // guarded as a whole by requireAuth, since the socket's token is in its query.
  app.route('/api', walletLiveRoutes({ live: options.walletLive }));
  // Identity flows (issue 3): registration, password reset, phone change, pay and play.
  const flows = { db, clock, throttle };
  // Issue 23: a sign-up asks the self-exclusion register of the visitor's country too (where the request comes from).
  app.route('/api/player/registration', registrationRoutes({ ...flows, countrySources: { countryHeader: options.countryHeader, testMode } }));
  app.route('/api/player/password_reset', passwordResetRoutes(flows));
  app.route('/api/player/phone_number', phoneRoutes(flows));
  // The player's marketing preferences (behaviour.md §7 /player/marketing_preferences, GET and PATCH).
  app.route('/api/player/marketing_preferences', marketingPreferencesRoutes({ db, clock }));
  // The player's cookie consent with its policy version (behaviour.md §7 /player/cookies/consent, GET and PATCH).
  app.route('/api/player/cookies/consent', cookieConsentRoutes({ db, clock }));
  // The address and the Canadian province (issue 23).
  app.route('/api/player', addressRoutes({ db, clock }));
  // The player's identity documents (issue 23; behaviour.md §7 /player/documents).
  const documentStorage = options.documentStorage ?? diskDocumentStorage(join(tmpdir(), 'aurora-play-documents'));
  app.route(
    '/api/player/documents',
    documentsRoutes({ db, clock, storage: documentStorage, uploadLimits: options.throttle?.documentUploadsPerPlayer, identity: identityProvider }),
  );
  // The account's second factor (issue 23: passkeys, authenticator app, recovery codes).
  app.route('/api/player/second_factor', secondFactorRoutes({ throttle, siteUrl: options.siteUrl, countrySources: loginPlace.countrySources }));
  // The EDD questionnaire (behaviour.md §7 /player/questionnaire/answer; product.md §3 "EDD questionnaire").
  app.route('/api/player/questionnaire', eddRoutes({ db, clock }));
  app.route('/api/paynplay', payAndPlayRoutes({ db, clock, settings, loginPlace }));
  // Wallet and banking (issue 11): the player's wallet, cashier and history; the game providers' seamless wallet.
  app.route('/api/player/wallet', walletRoutes({ db, clock, settings }));
  // Issue 24: bonuses and rewards (src/api/bonuses.ts).
  app.route('/api/player/bonus', bonusRoutes({ db, clock, settings }));
  // Deposit and spend limits (issue 13), which the cashier and the seamless wallet enforce.
  app.route('/api/player', limitsRoutes({ db, clock, settings }));
  app.route(
    '/api/provider/wallet',
    providerWalletRoutes({ db, clock, keyring, sessionLimits: { idleLimitMs: authPolicyOfApp.idleLimitMs, absoluteLifetimeMs: SESSION_ABSOLUTE_LIFETIME_MS } }),
  );
  // Games (issue 12): the player's favourites and recent games; game detail, tokens and the providers' launch calls.
  app.route('/api/player', playerGamesRoutes({ db, clock }));
  app.route('/api', gameLaunchRoutes({ db, clock, settings, testMode, countryHeader: options.countryHeader, siteUrl: options.siteUrl }));
  // Responsible gambling (issue 13): the reality check, breaks and the markets' rules. Its break routes end the session that calls them.
  app.route('/api', responsibleGamblingRoutes({ db, clock, settings }));
  // The rest of the account area (issue 23): the login history, the account's closure. Last, as the
  // breaks: a closure ends the player's sessions (a fuzzed one, the fuzzer's).
  app.route('/api/player', accountRoutes({ db, clock, throttle }));
  // Pages and endpoints of the providers themselves: the simulated bank page and captcha solver.
  for (const provider of [providers.bankIdentification, providers.captcha, providers.messages, providers.payments]) {
    if (provider.routes) app.route(provider.routes.path, provider.routes.app);
  }
  if (identityProvider?.routes) app.route(identityProvider.routes.path, identityProvider.routes.app);
  if (testMode) app.route('/api/test', testModeRoutes({ settings, db, clock }));
  if (testMode) app.route('/api/test/codes', testCodeRoutes({ db }));

  // robots.txt and the sitemaps, before the pages and the static app.
  app.route('/', seoRoutes({ db, siteUrl: options.siteUrl }));
  if (options.staticDir) {
    // Pages first (a path without a file extension), then the built app's files.
    app.use(
      '*',
      pagesApp({
        db,
        staticDir: options.staticDir,
        clock,
        renderer: options.pageRenderer ?? null,
        apiBaseUrl: options.apiBaseUrl,
        platformMode: mode,
        siteUrl: options.siteUrl,
        maintenance: async () => (await settings.read()).maintenance,
        rgRules: async (market) => rgRulesFor(await settings.read(), market),
      }),
    );
    app.use('*', staticApp({ staticDir: options.staticDir, apiBaseUrl: options.apiBaseUrl, platformMode: mode }));
  }

  app.notFound(handleNotFound);
  app.onError(createErrorHandler(options.logError));
  return app;
}
