import { Hono, type Context } from 'hono';
import type { Kysely } from 'kysely';
import { escapeHtml } from '../content/terms';
import { providerAmount, SIMULATED_PAGE_CSP, simulatedPageStyle, simulatedProviderPage } from './simulated-page';
import type { Database } from '../db/schema';
import type { SiteEnv } from '../http/site-context';
import { flowBodyLimit } from '../http/validation';
import { withParams } from '../domain/pay-and-play';
import { createSettingsStore } from '../services/settings';
import { ERROR_CODES } from '../http/errors';
import { providersOf } from './context';
import {
  bankSession,
  bankSessionFinished,
  cancelAtBank,
  identifyAtBank,
  type PayAndPlayDeps,
  type PayAndPlaySession,
} from '../services/pay-and-play';

// The simulated bank-identification provider of pay and play (behaviour.md §7 "GET to a
// bank-identification authorization endpoint with amount, currency and country"; ARCHITECTURE.md
// "simulated third parties"), mounted at /api/bankid:
//   GET  /authorize?session=<id>  its page: the amount, currency and country, a personal id field,
//                                 "Identify and pay" and "Cancel"
//   POST /authorize               the form: 303 to `<returnUrl>?code=<one-time code>&sessionId=<id>`,
//                                 or `<returnUrl>?error=cancelled&sessionId=<id>`; a deposit the
//                                 player's limits do not allow (issue 20: the site answers the
//                                 bank's identity notice with a refusal) is a page that says so, its
//                                 link back `<returnUrl>?error=SELF_LIMIT_REACHED&sessionId=<id>`
// A real provider identifies the person and takes the payment; this one believes the personal id
// typed in. The page has no script (CSP script-src 'self'), a lang attribute and labelled controls.
// The session's rules are server/services/pay-and-play.ts; this file is the page and the form.

/** The bank's known test identity (the seeded player@example.com); any other id is a new player. */
export const TEST_PERSONID_HINT = '010190-1234';

const PERSONID = /^[0-9A-Z][0-9A-Z+-]{5,19}$/;

const STYLE = simulatedPageStyle(
  { background: '#eef2f6', text: '#14202b', muted: '#3d4b58' },
  `  dl { display: grid; grid-template-columns: auto 1fr; gap: 0.35rem 1rem; margin: 0 0 1.5rem; }
  dt { font-weight: 600; }
  dd { margin: 0; }
  label { display: block; font-weight: 600; margin-bottom: 0.35rem; }
  input { box-sizing: border-box; width: 100%; font-size: 1rem; padding: 0.6rem 0.7rem; border: 1px solid #5b6b7a; border-radius: 0.4rem; }
  input[aria-invalid="true"] { border-color: #b00020; }
  .hint { margin: 0.35rem 0 0; font-size: 0.85rem; color: #3d4b58; }
  .error { margin: 0.35rem 0 0; color: #b00020; font-weight: 600; }
  .actions { display: flex; gap: 0.75rem; flex-wrap: wrap; margin-top: 1.5rem; }
  button { font-size: 1rem; padding: 0.65rem 1.1rem; border-radius: 0.4rem; border: 2px solid #0b4f8a; cursor: pointer; }
  button.primary, a.button.primary { background: #0b4f8a; color: #fff; }
  a.button { display: inline-block; font-size: 1rem; padding: 0.65rem 1.1rem; border-radius: 0.4rem; border: 2px solid #0b4f8a; text-decoration: none; }
  button.secondary { background: #fff; color: #0b4f8a; }
  :focus-visible { outline: 3px solid #f0a500; outline-offset: 2px; }
`,
);

function page(title: string, content: string): string {
  return simulatedProviderPage({ title, provider: 'Aurora Bank ID', style: STYLE, content });
}

function countryName(code: string): string {
  try {
    return new Intl.DisplayNames(['en'], { type: 'region' }).of(code) ?? code;
  } catch {
    return code;
  }
}

function identifyPage(session: PayAndPlaySession, typed = '', error: string | null = null): string {
  const described = error ? 'personid-hint personid-error' : 'personid-hint';
  return page(
    'Identify and pay',
    `<h1>Identify and pay</h1>
<p class="note">Aurora Bank ID (simulated bank identification: nothing is charged to a real account)</p>
<dl>
  <dt>Amount</dt><dd>${escapeHtml(providerAmount(session.amount, session.currency))}</dd>
  <dt>Currency</dt><dd>${escapeHtml(session.currency)}</dd>
  <dt>Country</dt><dd>${escapeHtml(countryName(session.country))}</dd>
</dl>
<form method="post" action="/api/bankid/authorize">
  <input type="hidden" name="session" value="${escapeHtml(session.id)}">
  <label for="personid">Personal identity code</label>
  <input id="personid" name="personid" type="text" required autocomplete="off" spellcheck="false" maxlength="20" value="${escapeHtml(typed)}" aria-describedby="${described}"${error ? ' aria-invalid="true" autofocus' : ''}>
  <p id="personid-hint" class="hint">Test identity ${TEST_PERSONID_HINT} belongs to a known player; any other code makes a new one. A code ending in 9999 is on the self-exclusion register (Sweden, Germany).</p>
  ${error ? `<p id="personid-error" class="error" role="alert">${escapeHtml(error)}</p>` : ''}
  <div class="actions">
    <button type="submit" name="action" value="identify" class="primary">Identify and pay</button>
    <button type="submit" name="action" value="cancel" class="secondary" formnovalidate>Cancel</button>
  </div>
</form>`,
  );
}

function messagePage(c: Context, status: 400 | 404 | 409, title: string, text: string): Response {
  c.header('Content-Security-Policy', SIMULATED_PAGE_CSP);
  return c.html(page(title, `<h1>${escapeHtml(title)}</h1>\n<p role="alert">${escapeHtml(text)}</p>`), status);
}

/** Issue 20: the site refused the deposit when the bank told it who pays; nothing is paid, and the player goes back. */
function refusedPage(c: Context, session: PayAndPlaySession): Response {
  c.header('Content-Security-Policy', SIMULATED_PAGE_CSP);
  const back = withParams(session.return_url, { error: ERROR_CODES.selfLimitReached, sessionId: session.id });
  const amount = providerAmount(session.amount, session.currency);
  return c.html(
    page(
      'Deposit refused by the site',
      `<h1>Deposit refused by the site</h1>
<p role="alert">The site did not accept this deposit of ${escapeHtml(amount)}: your gambling limits there do not allow it. Nothing was paid from your account.</p>
<div class="actions">
  <a class="button primary" href="${escapeHtml(back)}">Back to the site</a>
</div>`,
    ),
    409,
  );
}

/** Issue 23: a self-exclusion register lists the person (or could not be asked); nothing is paid, and the player goes back. */
function excludedPage(c: Context, session: PayAndPlaySession, refusal: { code: string; message: string }): Response {
  c.header('Content-Security-Policy', SIMULATED_PAGE_CSP);
  const back = withParams(session.return_url, { error: refusal.code, sessionId: session.id });
  return c.html(
    page(
      'Refused by the site',
      `<h1>Refused by the site</h1>
<p role="alert">${escapeHtml(refusal.message)} Nothing was paid from your account.</p>
<div class="actions">
  <a class="button primary" href="${escapeHtml(back)}">Back to the site</a>
</div>`,
    ),
    403,
  );
}

function notFoundPage(c: Context): Response {
  return messagePage(c, 404, 'Session not found', 'This payment session is unknown or has expired. Go back to the site and start again.');
}

function usedPage(c: Context): Response {
  return messagePage(c, 409, 'Session already used', 'This payment session is finished. Go back to the site and start again.');
}

export function bankidRoutes({ db, clock }: { db: Kysely<Database>; clock: () => Date }): Hono<SiteEnv> {
  const routes = new Hono<SiteEnv>();
  // The limits' market rules (the operator's overrides included) are the platform's settings.
  const deps: PayAndPlayDeps = { db, clock, settings: createSettingsStore(db) };
  routes.use('*', flowBodyLimit);

  routes.get('/authorize', async (c) => {
    const session = await bankSession(deps, c.req.query('session') ?? '');
    if (!session) return notFoundPage(c);
    if (bankSessionFinished(session)) return usedPage(c);
    c.header('Content-Security-Policy', SIMULATED_PAGE_CSP);
    return c.html(identifyPage(session));
  });

  routes.post('/authorize', async (c) => {
    const form: Record<string, unknown> = await c.req.parseBody().catch(() => ({}));
    const session = await bankSession(deps, typeof form.session === 'string' ? form.session : '');
    if (!session) return notFoundPage(c);
    if (bankSessionFinished(session)) return usedPage(c);

    if (form.action === 'cancel') {
      await cancelAtBank(deps, session);
      return c.redirect(withParams(session.return_url, { error: 'cancelled', sessionId: session.id }), 303);
    }

    const typed = typeof form.personid === 'string' ? form.personid.slice(0, 40) : '';
    const personid = typed.trim().toUpperCase();
    if (!PERSONID.test(personid)) {
      c.header('Content-Security-Policy', SIMULATED_PAGE_CSP);
      const error = personid === '' ? 'Enter your personal identity code.' : 'Enter a personal identity code of 6 to 20 letters, digits, + or -.';
      return c.html(identifyPage(session, typed, error), 400);
    }
    const identified = await identifyAtBank(deps, session, personid, providersOf(c).selfExclusionRegisters);
    if (identified.kind === 'finished') return usedPage(c);
    if (identified.kind === 'excluded') return excludedPage(c, session, identified);
    if (identified.kind === 'refused') return refusedPage(c, session);
    return c.redirect(withParams(session.return_url, { code: identified.code, sessionId: session.id }), 303);
  });

  return routes;
}
