// `npm run size`: the bytes the home route costs a first visit, as the platform serves them (issue
// 2's JS budget, issue 10's first-load target, issue 22's gzip figure), measured in a real browser.
// A size, not a timing. Loads /en-UN in Chromium on an empty cache and takes each response's
// transferred size from Playwright's `request.sizes()` (the encoded body as received, and the
// response headers): every response of the first load until the network is idle, so every script
// the home page fetches (the entry, its module preloads, the route's chunks, the catalog).
//
// The page is loaded twice, each time in a fresh context: as Chromium asks for it (Accept-Encoding
// with br: brotli is what is served), and as a browser that only takes gzip (Accept-Encoding: gzip,
// deflate). The home route's JavaScript in both codings is held to the same budget; either over it
// fails. Needs a production build (`npm run build`; STATIC_DIR=<dir> for another build folder, with
// its dist-ssr/ beside it) and Chromium.
import { chromium } from '@playwright/test';
import { findChromium } from './ensure-chromium.mjs';
import { startPlatform } from './platform-process.mjs';

/** Issue 2 / 22: the home route's JavaScript, encoded bodies as served, brotli and gzip alike (1.3 x the stack floor in STACK.md). */
export const HOME_JS_BUDGET_BYTES = 185_000;
/** Issue 10: everything the first load of /en-UN transfers (HTML, CSS, JS, JSON, images; bodies and headers). */
export const FIRST_LOAD_TARGET_BYTES = 250_000;

const kindOf = (response) => {
  const type = (response.headers()['content-type'] ?? '').split(';')[0].trim();
  if (type.includes('javascript')) return 'js';
  if (type === 'text/css') return 'css';
  if (type === 'text/html') return 'html';
  if (type.includes('json')) return 'json';
  if (type.startsWith('image/')) return 'image';
  return type || 'other';
};

/** One first load of `url` in a fresh context; `acceptEncoding` replaces the browser's own when given. */
async function firstLoad(browser, base, url, acceptEncoding) {
  const context = await browser.newContext(acceptEncoding ? { extraHTTPHeaders: { 'Accept-Encoding': acceptEncoding } } : {});
  const page = await context.newPage();
  const pending = [];
  let sent = '';
  page.on('requestfinished', (request) => {
    pending.push(
      (async () => {
        const response = await request.response();
        if (!response) return null;
        const sizes = await request.sizes();
        // The headers the network stack really sent (Accept-Encoding is added below the page).
        if (request.resourceType() === 'document') sent = (await request.allHeaders())['accept-encoding'] ?? '';
        const address = new URL(request.url());
        return {
          path: address.origin === base ? `${address.pathname}${address.search}` : address.href,
          kind: kindOf(response),
          status: response.status(),
          encoding: response.headers()['content-encoding'] ?? 'identity',
          body: sizes.responseBodySize,
          headers: sizes.responseHeadersSize,
        };
      })(),
    );
  });
  await page.goto(url, { waitUntil: 'networkidle' });
  const responses = (await Promise.all(pending)).filter((r) => r !== null);
  await context.close();
  responses.sort((a, b) => a.kind.localeCompare(b.kind) || a.path.localeCompare(b.path));
  const scripts = responses.filter((r) => r.kind === 'js');
  return { responses, scripts, sent, jsBytes: scripts.reduce((sum, r) => sum + r.body, 0) };
}

const platform = await startPlatform({ name: 'size' });
const base = platform.base;
try {
  const executablePath = findChromium() ?? undefined;
  const browser = await chromium.launch({ executablePath, args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'] });
  const served = await firstLoad(browser, base, `${base}/en-UN`);
  const gzip = await firstLoad(browser, base, `${base}/en-UN`, 'gzip, deflate');
  await browser.close();

  const gzipOf = new Map(gzip.responses.map((r) => [r.path, r]));
  console.log(`${'body'.padStart(8)} ${'headers'.padStart(7)}  ${'coding'.padEnd(8)} ${'kind'.padEnd(5)} ${'gzip'.padStart(8)}  path`);
  for (const r of served.responses) {
    const other = gzipOf.get(r.path);
    const gz = other ? `${other.body}${other.encoding === 'identity' ? '=' : ''}` : '-';
    console.log(`${String(r.body).padStart(8)} ${String(r.headers).padStart(7)}  ${r.encoding.padEnd(8)} ${r.kind.padEnd(5)} ${gz.padStart(8)}  ${r.path}`);
  }
  const bodies = served.responses.reduce((sum, r) => sum + r.body, 0);
  const headers = served.responses.reduce((sum, r) => sum + r.headers, 0);
  const total = bodies + headers;
  const codings = (load) => [...new Set(load.scripts.map((r) => r.encoding))].join('/');
  console.log(`(gzip column: the same first load with Accept-Encoding: gzip, deflate; '=' sent as is)`);
  console.log(`(the browser sent Accept-Encoding: ${served.sent || 'none'}; the gzip load sent: ${gzip.sent || 'none'})`);
  console.log(`home route JS as served (${codings(served)}): ${served.jsBytes} bytes in ${served.scripts.length} files (budget ${HOME_JS_BUDGET_BYTES})`);
  console.log(`home route JS in gzip   (${codings(gzip)}): ${gzip.jsBytes} bytes in ${gzip.scripts.length} files (budget ${HOME_JS_BUDGET_BYTES})`);
  console.log(`first load of /en-UN: ${total} bytes transferred in ${served.responses.length} responses (${bodies} body + ${headers} headers; target ${FIRST_LOAD_TARGET_BYTES})`);
  if (served.scripts.length === 0) throw new Error('no JavaScript was loaded: is dist/ built?');
  if (gzip.scripts.some((r) => r.encoding === 'br')) throw new Error('the gzip load was answered in brotli: Accept-Encoding was not replaced');
  const missing = served.scripts.filter((r) => !gzipOf.has(r.path)).map((r) => r.path);
  if (missing.length > 0) console.warn(`scripts of the first load missing from the gzip load: ${missing.join(' ')}`);
  for (const [name, load] of [['as served', served], ['in gzip', gzip]]) {
    if (load.jsBytes > HOME_JS_BUDGET_BYTES) {
      console.error(`home route JS ${name} over budget by ${load.jsBytes - HOME_JS_BUDGET_BYTES} bytes`);
      process.exitCode = 1;
    }
  }
  if (total > FIRST_LOAD_TARGET_BYTES) {
    console.error(`first load over target by ${total - FIRST_LOAD_TARGET_BYTES} bytes`);
    process.exitCode = 1;
  }
} finally {
  await platform.stop();
}
