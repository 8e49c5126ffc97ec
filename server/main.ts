import { join } from 'node:path';
import { serve } from '@hono/node-server';
import { createApp } from './app';
import { loadPageRenderer } from './http/page-renderer';
import { readConfig } from './config';
import { seedContentIfEmpty } from './content/seed';
import { createDatabase } from './db/database';
import { migrateToLatest } from './db/migrate';
import { setMessageLog } from './services/messages';
import { seedPlayers } from './services/seed-players';
import { createSettingsStore } from './services/settings';
import { createWalletLive } from './http/wallet-live';
import { diskDocumentStorage } from './services/document-storage';
import { productionProblems, realProvidersFromEnv, type PlatformProviders } from './providers';
import { loadCatalog } from './content/catalog';
import { prepareSanitizer } from './content/sanitize';
import { setHashCostForTests, TEST_SCRYPT_PARAMS } from './crypto/passwords';
import { simulatedPaymentProvider } from './providers/simulated-payments';
import { retryDueRefunds } from './services/payment-refunds';
import { REFUND_SWEEP_INTERVAL_MS } from './domain/pay-and-play';
import { redactError } from './http/redact';

// `node --import tsx server/main.ts` (npm start / npm run serve): opens the database (PGlite in
// DATA_DIR, or PostgreSQL at DATABASE_URL), migrates, seeds the content on first start, serves the
// API and the built app on PORT, and closes the database on SIGINT/SIGTERM.

const config = readConfig();

/** Test mode: the browser tests and the upload bench send many files as the same seeded players (the limit itself: tests/server/documents.test.ts). */
const TEST_MODE_DOCUMENT_UPLOADS = [{ max: 200, windowMs: 10 * 60_000 }];

// Production mode starts only with a real provider for every third party (issue 9): say why not
// and stop before the database is touched. Simulation mode uses server/providers/simulated.ts.
let providers: Partial<PlatformProviders> = {};
if (config.mode === 'production') {
  const real = realProvidersFromEnv(process.env);
  const problems = [...real.problems, ...productionProblems(real.providers)];
  if (problems.length > 0) {
    console.error(`PLATFORM_MODE=production: refusing to start.\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
    process.exit(1);
  }
  providers = real.providers;
} else {
  console.log(
    'SIMULATION MODE (PLATFORM_MODE=simulation): bank identification, captcha, SMS / e-mail, payments, the game provider and the self-exclusion registers are simulated; ' +
      'nothing real is identified, sent or paid. Set PLATFORM_MODE=production with real providers to run for players.',
  );
}

// Test mode (the browser tests; never with PLATFORM_MODE=production): new password hashes, the
// seeded players' among them, at TEST_SCRYPT_PARAMS, as the server tests and the fuzz make them.
// At the production cost each registration and log-in is about 0.3 s of a core, and the browser
// tests make a few hundred of them on a machine their browsers already keep busy. The cost is
// stored with each hash; the production cost has its own tests (tests/server/auth*.test.ts).
if (config.testMode) setHashCostForTests(TEST_SCRYPT_PARAMS);

const database = await createDatabase(
  config.databaseUrl ? { url: config.databaseUrl } : { dataDir: join(config.dataDir, 'pglite') },
);

try {
  const migrated = await migrateToLatest(database.db);
  if (migrated.length > 0) console.log(`Migrated: ${migrated.map((m) => m.migrationName).join(', ')}`);
  const seed = await seedContentIfEmpty(database.db);
  console.log(seed.seeded ? `Seeded ${String(seed.documents)} content documents.` : `Content: ${String(seed.documents)} documents.`);
  if (config.seedTestPlayers) {
    const players = await seedPlayers(database.db);
    if (players.created > 0) console.log(`Seeded ${String(players.created)} test players.`);
  }
} catch (error) {
  await database.close();
  throw error;
}

// The simulated SMS / e-mail provider delivers nothing: whoever runs the platform reads the codes
// here. A simulation-only feature: a real sender's messages are never printed.
if (config.mode === 'simulation') {
  setMessageLog((message) => console.log(`[simulated ${message.channel}] to ${message.destination}: ${message.body}`));
}

// The pages' first paint, built beside the app (`npm run build`: vite build --ssr into dist-ssr/).
const pageRenderer = await loadPageRenderer(config.staticDir);

// The games catalog (issue 12), built once now rather than by the first lobby request.
loadCatalog();

// The wallet's live connections (issue 11): this process LISTENs for postings and ended sessions
// and pushes to the sockets it holds, whichever process posted.
const walletLive = createWalletLive({ db: database.db, listen: database.listen });
try {
  await walletLive.start();
} catch (error) {
  await walletLive.close();
  await database.close();
  throw error;
}

// The payment provider, one for the app and the refund sweep below (simulation mode: the simulated
// one, as the app would make it).
const payments = providers.payments ?? simulatedPaymentProvider({ db: database.db, clock: () => new Date() });

const app = createApp({
  db: database.db,
  pageRenderer,
  settings: createSettingsStore(database.db),
  staticDir: config.staticDir,
  testMode: config.testMode,
  mode: config.mode,
  providers: { ...providers, payments },
  apiBaseUrl: config.apiBaseUrl,
  countryHeader: config.countryHeader,
  corsOrigins: config.corsOrigins,
  captchaSecret: config.captchaSecret,
  gameWalletSecret: config.gameWalletSecret,
  gameProviderKeys: config.gameProviderKeys,
  siteUrl: config.siteUrl,
  // The players' document files (issue 23): under the data folder, outside the web root.
  documentStorage: diskDocumentStorage(join(config.dataDir, 'documents')),
  // The demo game provider's own origin (issue 12); unset: http://games.localhost on the site's port.
  gameProviderOrigin: config.gameProviderOrigin,
  walletLive,
  // Test mode: every browser test comes from 127.0.0.1, so only the per-address counts are off
  // (the per-number and per-account ones stay); PLATFORM_TEST_MODE is never set in production.
  throttle: { addressHeader: config.clientAddressHeader, ...(config.testMode ? { codeSendsPerAddress: null, loginAddressDelayAfter: null, documentUploadsPerPlayer: TEST_MODE_DOCUMENT_UPLOADS } : {}) },
  auth: {
    loginLockAttempts: config.loginLockAttempts,
    loginLockWindowMinutes: config.loginLockWindowMinutes,
    sessionSecret: config.sessionSecret,
  },
});

const server = serve({ fetch: app.fetch, port: config.port, ...(config.host ? { hostname: config.host } : {}), websocket: { server: walletLive.wss } }, (info) => {
  const host = config.host ?? 'localhost';
  const where = database.engine === 'postgres' ? 'PostgreSQL' : `PGlite in ${join(config.dataDir, 'pglite')}`;
  console.log(`Platform on http://${host}:${String(info.port)} (${where}, ${config.mode} mode${config.testMode ? ', test mode' : ''})`);
  // The content pages' sanitiser (server/content/sanitize.ts), loaded now rather than by the first
  // request for a static page, which waited 1.5 s for it; after the listen, so the start takes no longer.
  void prepareSanitizer().catch((error: unknown) => {
    console.error('The content sanitiser did not load:', redactError(error));
  });
});

// Idle keep-alive connections stay open longer than any client keeps one (Node's default is 5 s).
// With the default, a client that reuses a connection just as the server closes it gets
// ECONNRESET (stop 29's CI run failed on exactly that); a load balancer in front keeps its
// connections about 60 s, so the platform keeps them 65 s. The header timeout must be longer still.
const KEEP_ALIVE_TIMEOUT_MS = 65_000;
if ('keepAliveTimeout' in server) {
  server.keepAliveTimeout = KEEP_ALIVE_TIMEOUT_MS;
  server.headersTimeout = KEEP_ALIVE_TIMEOUT_MS + 1_000;
}

// Pay and play's refunds that the payment provider did not take at once (server/services/payment-refunds.ts):
// this process tries the due ones now and every REFUND_SWEEP_INTERVAL_MS, one sweep at a time.
// Other processes on the same PostgreSQL sweep too; a refund one of them takes is not due for the others.
let refundSweep: Promise<void> | undefined;
function sweepRefunds(): void {
  refundSweep ??= retryDueRefunds({ db: database.db, clock: () => new Date() }, payments)
    .then(
      ({ refunded, failed }) => {
        if (refunded + failed > 0) console.log(`Payment refunds: ${String(refunded)} refunded, ${String(failed)} still owed.`);
      },
      (error: unknown) => {
        console.error('Payment refunds: the sweep failed', redactError(error));
      },
    )
    .finally(() => {
      refundSweep = undefined;
    });
}
sweepRefunds();
const refundTimer = setInterval(sweepRefunds, REFUND_SWEEP_INTERVAL_MS);
refundTimer.unref();

let stopping = false;
function stop(signal: string): void {
  if (stopping) return;
  stopping = true;
  console.log(`${signal}: closing.`);
  clearInterval(refundTimer);
  // The sockets first (1001: the clients reconnect, to another process or to this one restarted):
  // an open WebSocket would hold server.close() open.
  void walletLive.close().finally(() => {
    server.close(() => {
      void database.close().then(() => process.exit(0));
    });
  });
  // Keep-alive connections can hold server.close() open; the database must still be closed.
  setTimeout(() => void database.close().then(() => process.exit(0)), 3_000).unref();
}
process.on('SIGINT', () => stop('SIGINT'));
process.on('SIGTERM', () => stop('SIGTERM'));
