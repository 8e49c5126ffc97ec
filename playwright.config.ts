import { defineConfig, devices } from '@playwright/test';
import { existsSync } from 'node:fs';

// Browser tests run against the production build served by the reference platform, on a free
// port (E2E_PORT, chosen by scripts/test-all.mjs) with a fresh database in test mode.
const port = Number(process.env.E2E_PORT ?? 3210);
// Several runs may share a work tree (E2E_DATA_DIR, and STATIC_DIR for a build of their own).
const dataDir = process.env.E2E_DATA_DIR ?? '.tmp/e2e-data';
const chromium = [process.env.CHROMIUM_PATH, '/usr/bin/chromium'].find((p) => p && existsSync(p));

// Two browsers at once (E2E_WORKERS to change it): a browser test mostly waits (for the page, the
// platform, the app's own timers), one at a time used about a third of one core of this 2-core
// machine. Every spec file still runs whole in one worker, its tests in order (fullyParallel false),
// on the one platform of the run, so two files may run side by side only when neither changes what
// the other reads: the seeded players (server/services/seed-players.ts) are shared by name.
//  - 'shared-players': the files that change a seeded player another file also uses (the money of
//    player@ and uk@: deposits, credits, rounds, net positions; terms@'s terms version, which both
//    auth and the layout walk reset and accept), one file at a time, first (the longest chain);
//  - 'games-player': the two files that play with games@ (balance, rounds, recently played), one at
//    a time;
//  - 'site': every other file, side by side with the above (visitors, a player of the file's own,
//    new players, or a seeded player only logged in with, whose money nothing there reads);
//  - 'platform-modes': maintenance and restricted modes change the platform for everyone, after all.
// A new spec that changes a seeded player another spec reads belongs to one of the serial projects.
const SHARED_PLAYERS = /[\\/](auth|banking|compliance|games-launch|layout-walk|pay-and-play)\.spec\.ts$/;
const GAMES_PLAYER = /[\\/](games|game-session)\.spec\.ts$/;
const PLATFORM_MODES = /platform-modes/;
const desktop = { ...devices['Desktop Chrome'], viewport: { width: 1440, height: 900 } };

export default defineConfig({
  testDir: 'tests/e2e',
  outputDir: 'test-results',
  fullyParallel: false,
  workers: Number(process.env.E2E_WORKERS ?? 2),
  retries: 0,
  // A test's time limit (a hang's bound, not a speed check): 60 s. Ten tests take 15-22 s on this
  // machine class with two workers; with three workers (a busier machine), one of them passed 30 s.
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['json', { outputFile: '.tmp/playwright.json' }]],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    trace: 'off',
    screenshot: 'only-on-failure',
    launchOptions: {
      ...(chromium ? { executablePath: chromium } : {}),
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    },
  },
  projects: [
    // The serial projects come first: the scheduler takes the first job a free worker may run.
    { name: 'shared-players', testMatch: SHARED_PLAYERS, workers: 1, use: desktop },
    { name: 'games-player', testMatch: GAMES_PLAYER, workers: 1, use: desktop },
    { name: 'site', testIgnore: [SHARED_PLAYERS, GAMES_PLAYER, PLATFORM_MODES], use: desktop },
    // Maintenance and restricted modes change the platform for everyone: run them after the rest.
    { name: 'platform-modes', testMatch: PLATFORM_MODES, dependencies: ['shared-players', 'games-player', 'site'], use: { ...devices['Desktop Chrome'] } },
  ],
  webServer: {
    command: `rm -rf ${dataDir} && node --import tsx server/main.ts`,
    url: `http://127.0.0.1:${port}/api/content/markets`,
    reuseExistingServer: false,
    timeout: 60_000,
    env: { PORT: String(port), DATA_DIR: dataDir, PLATFORM_TEST_MODE: '1', HOST: '127.0.0.1', ...(process.env.STATIC_DIR ? { STATIC_DIR: process.env.STATIC_DIR } : {}) },
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
