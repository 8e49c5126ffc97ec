import { defineConfig, devices } from '@playwright/test';
import { existsSync } from 'node:fs';

// Browser tests run against the production build served by the reference platform, on a free
// port (E2E_PORT, chosen by scripts/test-all.mjs) with a fresh database in test mode.
const port = Number(process.env.E2E_PORT ?? 3210);
// Several runs may share a work tree (E2E_DATA_DIR, and STATIC_DIR for a build of their own).
const dataDir = process.env.E2E_DATA_DIR ?? '.tmp/e2e-data';
const chromium = [process.env.CHROMIUM_PATH, '/usr/bin/chromium'].find((p) => p && existsSync(p));

export default defineConfig({
  testDir: 'tests/e2e',
  outputDir: 'test-results',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list'], ['json', { outputFile: '.tmp/playwright.json' }]] : [['list'], ['json', { outputFile: '.tmp/playwright.json' }]],
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
    { name: 'site', testIgnore: /platform-modes/, use: { ...devices['Desktop Chrome'], viewport: { width: 1440, height: 900 } } },
    // Maintenance and restricted modes change the platform for everyone: run them after the rest.
    { name: 'platform-modes', testMatch: /platform-modes/, dependencies: ['site'], use: { ...devices['Desktop Chrome'] } },
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
