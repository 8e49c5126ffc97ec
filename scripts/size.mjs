// `npm run size`: the bytes the home route costs a first visit, as the platform serves them (issue
// 2's JS budget, issue 10's first-load target), measured in a real browser. A size, not a timing.
// Loads /en-UN in Chromium on an empty cache and takes each response's transferred size from
// Playwright's `request.sizes()` (the encoded body as received: brotli or gzip when the server
// sent it so, and the response headers). Needs a production build (`npm run build`) and Chromium.
import { chromium } from '@playwright/test';
import { findChromium } from './ensure-chromium.mjs';
import { startPlatform } from './platform-process.mjs';

/** Issue 2: the home route's JavaScript, encoded bodies as served (1.3 x the stack floor in STACK.md). */
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

const platform = await startPlatform({ name: 'size' });
const base = platform.base;
try {
  const executablePath = findChromium() ?? undefined;
  const browser = await chromium.launch({ executablePath, args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'] });
  const page = await browser.newPage();
  const pending = [];
  let acceptEncoding = '';
  page.on('requestfinished', (request) => {
    pending.push(
      (async () => {
        const response = await request.response();
        if (!response) return null;
        const sizes = await request.sizes();
        // The headers the network stack really sent (Accept-Encoding is added below the page).
        if (request.resourceType() === 'document') acceptEncoding = (await request.allHeaders())['accept-encoding'] ?? '';
        const url = new URL(request.url());
        return {
          path: url.origin === base ? `${url.pathname}${url.search}` : url.href,
          kind: kindOf(response),
          status: response.status(),
          encoding: response.headers()['content-encoding'] ?? 'identity',
          body: sizes.responseBodySize,
          headers: sizes.responseHeadersSize,
        };
      })(),
    );
  });
  await page.goto(`${base}/en-UN`, { waitUntil: 'networkidle' });
  const responses = (await Promise.all(pending)).filter((r) => r !== null);
  await browser.close();

  responses.sort((a, b) => a.kind.localeCompare(b.kind) || a.path.localeCompare(b.path));
  console.log(`${'body'.padStart(8)} ${'headers'.padStart(7)}  ${'coding'.padEnd(8)} ${'kind'.padEnd(5)} path`);
  for (const r of responses) {
    console.log(`${String(r.body).padStart(8)} ${String(r.headers).padStart(7)}  ${r.encoding.padEnd(8)} ${r.kind.padEnd(5)} ${r.path}`);
  }
  const scripts = responses.filter((r) => r.kind === 'js');
  const jsBytes = scripts.reduce((sum, r) => sum + r.body, 0);
  const bodies = responses.reduce((sum, r) => sum + r.body, 0);
  const headers = responses.reduce((sum, r) => sum + r.headers, 0);
  const total = bodies + headers;
  console.log(`(the browser sent Accept-Encoding: ${acceptEncoding || 'none'})`);
  console.log(`home route JS: ${jsBytes} bytes as served in ${scripts.length} files (budget ${HOME_JS_BUDGET_BYTES})`);
  console.log(`first load of /en-UN: ${total} bytes transferred in ${responses.length} responses (${bodies} body + ${headers} headers; target ${FIRST_LOAD_TARGET_BYTES})`);
  if (scripts.length === 0) throw new Error('no JavaScript was loaded: is dist/ built?');
  if (jsBytes > HOME_JS_BUDGET_BYTES) {
    console.error(`home route JS over budget by ${jsBytes - HOME_JS_BUDGET_BYTES} bytes`);
    process.exitCode = 1;
  }
  if (total > FIRST_LOAD_TARGET_BYTES) {
    console.error(`first load over target by ${total - FIRST_LOAD_TARGET_BYTES} bytes`);
    process.exitCode = 1;
  }
} finally {
  await platform.stop();
}
