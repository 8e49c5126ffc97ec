// `npm run size`: gzip bytes (level 9) of the JavaScript the home route actually loads in a real
// browser, against the budget of issue 2 (1.3 x the stack floor in STACK.md). A size, not a timing.
// Needs a production build (`npm run build`) and Chromium.
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import { findChromium } from './ensure-chromium.mjs';
import { startPlatform } from './platform-process.mjs';

export const HOME_JS_GZIP_BUDGET = 185_000;

const platform = await startPlatform({ name: 'size' });
const base = platform.base;
try {
  const executablePath = findChromium() ?? undefined;
  const browser = await chromium.launch({ executablePath, args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'] });
  const page = await browser.newPage();
  const scripts = new Set();
  page.on('response', (response) => {
    const url = new URL(response.url());
    if (url.origin === base && url.pathname.endsWith('.js')) scripts.add(url.pathname);
  });
  await page.goto(`${base}/en-UN`, { waitUntil: 'networkidle' });
  await browser.close();
  let total = 0;
  const rows = [...scripts].sort().map((path) => {
    const gz = gzipSync(readFileSync(`dist${path}`), { level: 9 }).length;
    total += gz;
    return `${String(gz).padStart(8)}  ${path}`;
  });
  console.log(rows.join('\n'));
  console.log(`home route JS: ${total} bytes gzip in ${scripts.size} files (budget ${HOME_JS_GZIP_BUDGET})`);
  if (scripts.size === 0) throw new Error('no JavaScript was loaded: is dist/ built?');
  if (total > HOME_JS_GZIP_BUDGET) {
    console.error(`over budget by ${total - HOME_JS_GZIP_BUDGET} bytes`);
    process.exitCode = 1;
  }
} finally {
  await platform.stop();
}
