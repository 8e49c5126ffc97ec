import { mkdirSync, readFileSync } from 'node:fs';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { TERMS_RELEASES } from '../../server/content/terms';
import { expect, expectNoSeriousA11yViolations } from './fixtures';

// The helpers the browser journeys share (one copy each): the header and its login dialog, the
// codes the simulated SMS / e-mail provider sent, fresh players, and the layout checks.

/** The seeded test players' password (server/platform/seed, test mode). */
export const SEEDED_PASSWORD = 'Aurora-Player-1';

export function header(page: Page): Locator {
  return page.getByRole('banner');
}

/** Opens the login dialog from the header's "Log in" (English). */
export async function openLogin(page: Page): Promise<Locator> {
  await header(page).getByRole('button', { name: 'Log in' }).click();
  const dialog = page.getByRole('dialog', { name: 'Log in' });
  await expect(dialog).toBeVisible();
  return dialog;
}

export async function submitLogin(dialog: Locator, email: string, password: string): Promise<void> {
  await dialog.getByRole('textbox', { name: 'E-mail' }).fill(email);
  await dialog.getByLabel('Password', { exact: true }).fill(password);
  await dialog.getByRole('button', { name: 'Log in' }).click();
}

/** Logs in with the header's login dialog on the page that is open; the dialog closes. */
export async function logIn(page: Page, email: string, password = SEEDED_PASSWORD): Promise<void> {
  await submitLogin(await openLogin(page), email, password);
  await expect(page.getByRole('dialog', { name: 'Log in' })).toBeHidden();
}

/** The last code the simulated SMS / e-mail provider sent to `to` (test mode only). */
export async function lastCode(request: APIRequestContext, to: string): Promise<string> {
  const response = await request.get(`/api/test/codes/last?to=${encodeURIComponent(to)}`);
  expect(response.status()).toBe(200);
  const { code } = (await response.json()) as { code: string };
  return code;
}

/** A six-digit code that is not `code`. */
export function wrongCode(code: string): string {
  return code === '000000' ? '111111' : '000000';
}

/** A fresh e-mail and phone body per run (the platform remembers every registration). */
export function newPlayer(tag: string): { email: string; phoneBody: string } {
  const unique = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;
  const digits = String(Math.floor(Math.random() * 1e8)).padStart(8, '0');
  return { email: `signup-${tag}-${unique}@example.com`, phoneBody: `4${digits}` };
}

/** server/config.ts DEFAULT_CAPTCHA_SECRET: the captcha answer the platform takes in test mode. */
export const TEST_CAPTCHA_SECRET = 'aurora-test-captcha-0000';

export interface FreshPlayer {
  /** Part of the e-mail, to tell the spec's players apart (newPlayer). */
  tag: string;
  firstName: string;
  lastName: string;
  password: string;
  countryCode?: string;
  languageCode?: string;
  marketingOptIn?: boolean;
}

/**
 * Registers a new Finnish-phone player through the platform's own sign-up calls (details, the SMS or
 * e-mail code when the market asks for one, completion) with the latest terms accepted. The
 * completion's session cookie lands in `request`'s context (a page's `page.request` logs the page in).
 * A spec that changes a player uses one of these, never a shared seeded one.
 */
export async function registerFreshPlayer(request: APIRequestContext, player: FreshPlayer): Promise<{ email: string; playerId: number }> {
  const { email, phoneBody } = newPlayer(player.tag);
  const registered = await request.post('/api/player/registration', {
    headers: { hcaptchaToken: TEST_CAPTCHA_SECRET },
    data: {
      firstName: player.firstName,
      lastName: player.lastName,
      email,
      password: player.password,
      mobilePhone: `+358${phoneBody}`,
      phonePrefix: '+358',
      phoneBody,
      countryCode: player.countryCode ?? 'FI',
      languageCode: player.languageCode ?? 'en',
      termsAndConditions: true,
      cookiePolicyAccepted: true,
      marketingOptIn: player.marketingOptIn ?? false,
      allConditions: true,
      termsAndConditionsAcceptedVersion: Math.max(...TERMS_RELEASES.map((release) => release.version)),
    },
  });
  expect(registered.status(), await registered.text()).toBe(201);
  const { playerId, token, verification } = (await registered.json()) as { playerId: number; token: string; verification: 'SMS' | 'EMAIL' | 'NONE' };
  if (verification !== 'NONE') {
    const channel = verification === 'SMS' ? 'sms' : 'email';
    expect((await request.post(`/api/player/registration/${channel}_request`, { data: { playerId, token } })).status()).toBe(200);
    const code = await lastCode(request, verification === 'SMS' ? `+358${phoneBody}` : email);
    expect((await request.post(`/api/player/registration/${channel}_verification`, { data: { playerId, token, code } })).status()).toBe(200);
  }
  const completed = await request.put('/api/player/registration', { data: { playerId, token } });
  expect(completed.status(), await completed.text()).toBe(200);
  return { email, playerId };
}

/** A personal id the simulated bank has never seen: a new pay-and-play player each run. */
export function freshPersonalId(): string {
  const digits = `${Date.now()}${Math.floor(Math.random() * 1e6)}`.slice(-10);
  return `${digits.slice(0, 6)}-${digits.slice(6)}`;
}

/** How far the page scrolls sideways (0 or less: it fits). */
export async function horizontalOverflow(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
}

/** A full-page screenshot under test-results/screenshots/. */
export async function screenshot(page: Page, name: string): Promise<void> {
  mkdirSync('test-results/screenshots', { recursive: true });
  await page.screenshot({ path: `test-results/screenshots/${name}.png`, fullPage: true });
}

export interface LayoutProblem {
  what: string;
  right: number;
}

/**
 * What does not fit the viewport's width (issue 8): the document scrolling sideways, and every
 * visible element whose box reaches past the right edge (or starts left of 0). Elements inside a
 * container that scrolls sideways itself (overflow-x auto or scroll, a carousel) can be reached and
 * do not count; an element cut by an overflow-hidden container does. Visually hidden elements
 * (1 px clipped labels) and the skip link parked above the page do not count. Returns every culprit
 * so that one failure names them all.
 */
export async function layoutProblems(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const problems: string[] = [];
    const describe = (el: Element): string => {
      const id = el.id ? `#${el.id}` : '';
      const role = el.getAttribute('role');
      const text = (el.getAttribute('aria-label') ?? el.textContent).trim().replace(/\s+/g, ' ').slice(0, 40);
      return `${el.tagName.toLowerCase()}${id}${role ? `[role=${role}]` : ''}${text ? ` "${text}"` : ''}`;
    };
    const scrolls = document.documentElement.scrollWidth;
    if (scrolls > width) problems.push(`the document is ${String(scrolls)} px wide`);
    const inSideScroller = (el: Element): boolean => {
      for (let parent = el.parentElement; parent && parent !== document.body; parent = parent.parentElement) {
        const overflowX = getComputedStyle(parent).overflowX;
        if (overflowX === 'auto' || overflowX === 'scroll') {
          const box = parent.getBoundingClientRect();
          if (box.right <= width + 0.5 && box.left >= -0.5) return true;
        }
      }
      return false;
    };
    for (const el of Array.from(document.body.querySelectorAll('*'))) {
      const style = getComputedStyle(el);
      if (style.display === 'none' || style.visibility === 'hidden') continue;
      const box = el.getBoundingClientRect();
      if (box.width <= 1 || box.height <= 1) continue;
      if (box.right <= width + 0.5 && box.left >= -0.5) continue;
      if (box.bottom < 0) continue;
      if (inSideScroller(el)) continue;
      problems.push(`${describe(el)} spans ${String(Math.round(box.left))}..${String(Math.round(box.right))} px`);
    }
    return problems;
  });
}

/**
 * The step fits the viewport (layoutProblems finds nothing) and its primary button, when given, is
 * inside it: scrolled to vertically, its whole box lies within the viewport's width (left edge of
 * the page) and nothing covers its centre. `where` names the step in the failure.
 */
export async function expectFitsViewport(page: Page, where: string, primary?: Locator): Promise<void> {
  // Measured from the left edge: an earlier step's button may have scrolled the page sideways.
  await page.evaluate(() => document.fonts.ready.then(() => window.scrollTo(0, window.scrollY)));
  // Soft: a walk goes on past a wide step and reports every step that does not fit, then fails.
  expect.soft(await layoutProblems(page), `${where}: elements wider than the ${String(page.viewportSize()?.width)} px viewport`).toEqual([]);
  if (primary === undefined) return;
  await expect(primary, `${where}: the primary button`).toBeVisible();
  const fit = await primary.evaluate((el) => {
    // Scrolled to vertically only: a player cannot scroll the page sideways (the body clips it).
    el.scrollIntoView({ block: 'center', inline: 'nearest' });
    window.scrollTo(0, window.scrollY);
    const box = el.getBoundingClientRect();
    const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
    return {
      left: box.left,
      right: box.right,
      width: document.documentElement.clientWidth,
      reachable: hit !== null && (hit === el || el.contains(hit)),
    };
  });
  expect.soft(fit.left, `${where}: the primary button's left edge`).toBeGreaterThanOrEqual(-0.5);
  expect.soft(fit.right, `${where}: the primary button's right edge`).toBeLessThanOrEqual(fit.width + 0.5);
  expect.soft(fit.reachable, `${where}: the primary button is not covered`).toBe(true);
}

/** A catalog's entries, id → text (locales/<language>/messages.po; multi-line strings joined). */
function readCatalog(language: string): Map<string, string> {
  const po = readFileSync(`locales/${language}/messages.po`, 'utf8');
  const entries = new Map<string, string>();
  const unquote = (block: string) =>
    [...block.matchAll(/"((?:[^"\\]|\\.)*)"/g)].map((m) => JSON.parse(`"${m[1] ?? ''}"`) as string).join('');
  for (const match of po.matchAll(/^msgid ((?:".*"\n)+)msgstr ((?:".*"\n?)+)/gm)) {
    entries.set(unquote(match[1] ?? ''), unquote(match[2] ?? ''));
  }
  return entries;
}

const catalogs = new Map<string, Map<string, string>>();
function catalog(language: string): Map<string, string> {
  let found = catalogs.get(language);
  if (found === undefined) {
    found = readCatalog(language);
    catalogs.set(language, found);
  }
  return found;
}

/**
 * What the site shows in `language` where the English catalog says `english`: an exact,
 * whole-string pattern over every translation of every id with that English text, ICU arguments
 * and tags matching anything. A journey can then run in Finnish or German with the English words
 * in the test, whichever ids the screens use.
 */
export function shown(language: string, english: string): RegExp {
  const ids = [...catalog('en')].filter(([, text]) => text === english).map(([id]) => id);
  if (ids.length === 0) throw new Error(`No message has the English text "${english}"`);
  const texts = new Set(ids.map((id) => catalog(language).get(id) || english));
  const patterns = [...texts].map((text) =>
    text
      .split(/(\{[^{}]*\}|<\/?\d+>)/)
      .map((part, index) => (index % 2 === 1 ? (part.startsWith('{') ? '.+?' : '') : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
      .join(''),
  );
  return new RegExp(`^\\s*(?:${patterns.join('|')})\\s*$`);
}

/** The page as it is fits a 320 and a 375 px phone (expectFitsViewport) and passes axe at each; then back to the desktop size. */
export async function expectFitsPhones(page: Page, where: string): Promise<void> {
  for (const width of [320, 375]) {
    await page.setViewportSize({ width, height: 800 });
    await expectFitsViewport(page, `${where} (${String(width)} px)`);
    await expectNoSeriousA11yViolations(page);
  }
  await page.setViewportSize({ width: 1440, height: 900 });
}
