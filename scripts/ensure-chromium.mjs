// Finds the Chromium the browser tests drive, installing one when none is found:
// Debian's package where we run as root with apt, otherwise Playwright's own download.
// Prints the path on success so other scripts can reuse it.
import { existsSync } from 'node:fs';
import { execSync } from 'node:child_process';

export function findChromium() {
  const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'];
  return candidates.find((p) => p && existsSync(p)) ?? null;
}

export function ensureChromium() {
  const found = findChromium();
  if (found) return found;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  const hasApt = existsSync('/usr/bin/apt-get');
  if (isRoot && hasApt) {
    console.log('No Chromium found: installing Debian\'s chromium with apt-get (about 30 s).');
    execSync('apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium', { stdio: 'inherit' });
  } else {
    console.log('No Chromium found: installing Playwright\'s Chromium with `npx playwright install chromium`.');
    execSync('npx playwright install chromium', { stdio: 'inherit' });
    return null; // Playwright finds its own browser.
  }
  const installed = findChromium();
  if (!installed) throw new Error('Chromium installation finished but no chromium binary was found.');
  return installed;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const path = ensureChromium();
  console.log(`Chromium: ${path ?? 'Playwright-managed'}`);
}
