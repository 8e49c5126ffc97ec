// `node scripts/icons.mjs`: renders public/favicon.svg (the logo mark) into the PNG icons that
// index.html links: a 32 px favicon (transparent) and a 180 px apple-touch-icon on the theme's
// background (iOS takes no SVG touch icon and rounds the corners itself). PNG rather than the SVG
// as the favicon: Chromium builds an isolated SVG document for an SVG icon on the page's main
// thread after every load (issue 22, Total Blocking Time). Run it after changing favicon.svg.
// Needs Chromium (CHROMIUM_PATH or /usr/bin/chromium), as the browser tests do.
import { readFileSync } from 'node:fs';
import { chromium } from 'playwright';
import { findChromium } from './ensure-chromium.mjs';

const ICONS = [
  { size: 32, file: 'public/favicon-32.png', background: null },
  { size: 180, file: 'public/apple-touch-icon.png', background: '#0a0e1a' }, // index.html's theme-color
];

const svg = readFileSync('public/favicon.svg', 'utf8');
const executablePath = findChromium();
if (!executablePath) throw new Error('No Chromium (CHROMIUM_PATH or /usr/bin/chromium): run `node scripts/ensure-chromium.mjs`.');
const browser = await chromium.launch({ executablePath, args: ['--no-sandbox'] });
try {
  for (const { size, file, background } of ICONS) {
    const page = await browser.newPage({ viewport: { width: size, height: size }, deviceScaleFactor: 1 });
    const sized = svg.replace('<svg ', `<svg width="${size}" height="${size}" `);
    await page.setContent(`<body style="margin:0;background:${background ?? 'transparent'}">${sized}</body>`);
    await page.screenshot({ path: file, omitBackground: background === null });
    await page.close();
    console.log(`${file}: ${size} x ${size}`);
  }
} finally {
  await browser.close();
}
