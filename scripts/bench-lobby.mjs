// `npm run bench:lobby` (and part of `npm run bench`): the casino lobby with 10,000 games (issue 12
// "Tests and figures"), in Chromium with the CPU slowed 4x (a phone), against the production build
// on a platform started with CATALOG_CASINO_GAMES=10000. Three figures, each with its target:
//   LCP               the largest contentful paint of /en-UN/online-casino (a fresh page, 375 px wide)
//   scrolling         the longest task while scrolling the 'all' category page (10,000 games, the
//                     virtual grid) from top to bottom, and how many tasks took over 50 ms
//   search            keystroke to paint, p95 over typed searches in the lobby's search box (the
//                     Event Timing API's duration of each key's input event: from the key to the
//                     next frame painted after it), once the game index is loaded
// Figures are printed with the targets; the exit code is 1 when one is missed.
// LOBBY_BENCH_EXPERIMENT=no-tile-images hides the games' artwork, to tell the images' paint cost
// from the app's (an investigation aid; the figures with it are not the lobby's).
/* global window, document -- the page.evaluate and addInitScript callbacks run in the browser */
import { pathToFileURL } from 'node:url';
import { chromium } from '@playwright/test';
import { findChromium } from './ensure-chromium.mjs';
import { startPlatform } from './platform-process.mjs';

export const LOBBY_TARGETS = { lcpMs: 1_000, longestScrollTaskMs: 50, searchP95Ms: 50 };
const CPU_SLOWDOWN = 4;
const GAMES = 10_000;
const SEARCHES = ['book', 'gates of', 'aurora', 'sweet', 'tiger', 'bok of'];

const percentile = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
};

async function throttledPage(browser, viewport) {
  const context = await browser.newContext({ viewport, deviceScaleFactor: 2 });
  // A returning visitor: the cookie notice would be the largest paint otherwise.
  await context.addInitScript(() => {
    localStorage.setItem('cookieConsent', JSON.stringify({ essentials: true, performanceFunctional: true, marketing: true, accepted: true }));
  });
  const page = await context.newPage();
  if (process.env.LOBBY_BENCH_EXPERIMENT === 'no-tile-images') {
    await page.addInitScript(() => {
      document.addEventListener('DOMContentLoaded', () => {
        const style = document.createElement('style');
        style.textContent = 'img[src*="/artwork/games/"]{display:none}';
        document.head.append(style);
      });
    });
  }
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
  return { context, page };
}

async function measureLcp(browser, base) {
  const { context, page } = await throttledPage(browser, { width: 375, height: 812 });
  await page.addInitScript(() => {
    window.__lcp = 0;
    window.__lcpElement = '';
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) {
        window.__lcp = entry.startTime;
        window.__lcpElement = `${entry.element?.tagName ?? '?'} ${entry.url || (entry.element?.textContent ?? '').slice(0, 40)}`;
      }
    }).observe({ type: 'largest-contentful-paint', buffered: true });
  });
  await page.goto(`${base}/en-UN/online-casino`, { waitUntil: 'networkidle' });
  await page.waitForTimeout(1_000);
  const lcp = await page.evaluate(() => ({ ms: window.__lcp, element: window.__lcpElement }));
  await context.close();
  return lcp;
}

async function measureScroll(browser, base) {
  const { context, page } = await throttledPage(browser, { width: 1440, height: 900 });
  await page.addInitScript(() => {
    window.__tasks = [];
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) window.__tasks.push(entry.duration);
    }).observe({ type: 'longtask', buffered: false });
  });
  await page.goto(`${base}/en-UN/online-casino/all`, { waitUntil: 'networkidle' });
  await page.waitForSelector('main ul a[href*="/play/"]');
  // Only what scrolling costs: the tasks of loading the page are forgotten.
  await page.evaluate(() => {
    window.__tasks = [];
  });
  let height = 0;
  for (let step = 0; step < 400; step += 1) {
    await page.mouse.wheel(0, 1_200);
    await page.waitForTimeout(50);
    const now = await page.evaluate(() => [window.scrollY + window.innerHeight, document.documentElement.scrollHeight]);
    if (now[0] >= now[1] - 2 && now[1] === height) break;
    height = now[1];
  }
  // The grid draws the tiles that came into view a row per frame (VirtualGrid): their tasks count too.
  await page.waitForTimeout(1_500);
  const shown = await page.evaluate(() => document.querySelectorAll('main ul a[href*="/play/"]').length);
  const tasks = await page.evaluate(() => window.__tasks);
  await context.close();
  return { longest: tasks.length === 0 ? 0 : Math.max(...tasks), over50: tasks.filter((ms) => ms > 50).length, shown };
}

async function measureSearch(browser, base) {
  const { context, page } = await throttledPage(browser, { width: 375, height: 812 });
  await page.addInitScript(() => {
    window.__keys = [];
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) if (entry.name === 'keydown' || entry.name === 'keypress' || entry.name === 'input') window.__keys.push(entry.duration);
    }).observe({ type: 'event', durationThreshold: 16, buffered: false });
  });
  await page.goto(`${base}/en-UN/online-casino`, { waitUntil: 'networkidle' });
  const box = page.getByRole('searchbox', { name: 'Search games' });
  // The index of every game comes when the search box is first used.
  const index = page.waitForResponse((response) => response.url().includes('/lobbies/casino/games'));
  await box.click();
  await index;
  await page.waitForTimeout(500);
  await page.evaluate(() => {
    window.__keys = [];
  });
  let keys = 0;
  for (const text of SEARCHES) {
    await box.fill('');
    await page.waitForTimeout(200);
    for (const key of text) {
      await page.keyboard.type(key);
      keys += 1;
      await page.waitForTimeout(120);
    }
  }
  await page.waitForTimeout(500);
  // Events shorter than the observer's threshold (16 ms) are not reported: they count as 16 ms.
  const reported = await page.evaluate(() => window.__keys);
  const durations = [...reported, ...Array.from({ length: Math.max(0, keys - reported.length) }, () => 16)];
  await context.close();
  return { p95: percentile(durations, 95), keys, reported: reported.length };
}

/** Runs the three measurements; resolves true when every target is met. */
export async function lobbyBench() {
  const executablePath = findChromium();
  if (!executablePath) {
    console.error('lobby: no Chromium (CHROMIUM_PATH or /usr/bin/chromium): run `node scripts/ensure-chromium.mjs`.');
    return false;
  }
  const platform = await startPlatform({ name: 'bench-lobby', env: { CATALOG_CASINO_GAMES: String(GAMES) } });
  const browser = await chromium.launch({
    executablePath,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  let ok = true;
  const line = (name, value, unit, target, extra = '') => {
    const met = value <= target;
    if (!met) ok = false;
    console.log(`${name.padEnd(34)} ${value.toFixed(0).padStart(7)} ${unit.padEnd(3)} target <= ${target} ${met ? 'ok' : 'MISSED'}${extra}`);
  };
  try {
    // Warm the platform's caches, as a live site's are: the lobby and the index are built once per
    // market and channel, and the page's first paint once a minute per path.
    await fetch(`${platform.base}/en-UN/online-casino`);
    await fetch(`${platform.base}/api/content/UN/en/lobbies/casino?channel=mobile`);
    await fetch(`${platform.base}/api/content/UN/en/lobbies/casino/games?channel=mobile`);
    console.log(`lobby with ${String(GAMES)} casino games, Chromium at ${String(CPU_SLOWDOWN)}x CPU slowdown`);
    const lcp = await measureLcp(browser, platform.base);
    line('lobby LCP (375 px)', lcp.ms, 'ms', LOBBY_TARGETS.lcpMs, `, ${lcp.element}`);
    const scroll = await measureScroll(browser, platform.base);
    line('longest task scrolling a category', scroll.longest, 'ms', LOBBY_TARGETS.longestScrollTaskMs, `, ${String(scroll.over50)} tasks over 50 ms, ${String(scroll.shown)} tiles in the page at the end`);
    const search = await measureSearch(browser, platform.base);
    line('search keystroke to paint, p95', search.p95, 'ms', LOBBY_TARGETS.searchP95Ms, `, ${String(search.keys)} keys (${String(search.reported)} over 16 ms)`);
  } finally {
    await browser.close();
    await platform.stop();
  }
  return ok;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  process.exitCode = (await lobbyBench()) ? 0 : 1;
}
