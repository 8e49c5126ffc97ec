import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { Hono, type Context } from 'hono';
import { sameSitePath } from '../../machines/lib/sameSitePath';
import { escapeHtml } from '../content/terms';
import type { SiteEnv } from '../http/site-context';
import { flowBodyLimit } from '../http/validation';
import { SIMULATED_PAGE_CSP, simulatedPageStyle, simulatedProviderPage } from './simulated-page';

// The simulated identity-verification provider of the documents (issue 23 "A simulated
// identity-verification provider in simulation mode (initiate with document settings -> redirect
// URL -> a page that approves or rejects -> signed callback), as the bank identification works
// today"), mounted at /api/idverify:
//   GET  /verify?session=<id>&category=<ID|POA>&returnPath=<path>   its page: what is checked, "Approve" and "Reject"
//   POST /verify   the form: 303 to the platform's callback
//                  /api/player/documents/verification/callback?session&result&returnPath&signature,
//                  signed with the provider's key (HMAC-SHA256 over session, result and returnPath)
// A real provider scans the document and the face; this one lets the tester decide. The platform
// starts a session (server/services/documents.ts startVerification), sends the player here, and
// believes the callback only with a good signature, once per session. The key is this process's
// (a simulation in one process); a real adapter has the provider's.

/** Where the provider's page lives. */
export const SIMULATED_IDENTITY_PATH = '/api/idverify';
/** The platform's callback the provider sends the player back through. */
export const IDENTITY_CALLBACK_PATH = '/api/player/documents/verification/callback';

export type IdentityResult = 'APPROVED' | 'REJECTED';

/** The identity-verification provider as the platform sees it. */
export interface IdentityVerificationProvider {
  readonly name: string;
  readonly simulated: boolean;
  readonly routes?: { readonly path: string; readonly app: Hono<SiteEnv> } | undefined;
  /** The provider's page for a session, with the document settings (which document to check). */
  startUrl(session: { id: string; category: 'ID' | 'POA'; returnPath: string }): string;
  /** Whether the callback's signature is the provider's. */
  verifyCallback(callback: { session: string; result: string; returnPath: string; signature: string }): boolean;
}

const STYLE = simulatedPageStyle(
  { background: '#f3f0fa', text: '#1d1530', muted: '#4a4060' },
  `  .actions { display: flex; gap: 0.75rem; flex-wrap: wrap; margin-top: 1.5rem; }
  button { font-size: 1rem; padding: 0.65rem 1.1rem; border-radius: 0.4rem; border: 2px solid #4b2a8f; cursor: pointer; }
  button.primary { background: #4b2a8f; color: #fff; }
  button.secondary { background: #fff; color: #4b2a8f; }
  :focus-visible { outline: 3px solid #f0a500; outline-offset: 2px; }
`,
);

const SESSION = /^[0-9a-f-]{36}$/;
const WHAT: Record<'ID' | 'POA', string> = { ID: 'your identity document (passport, ID card or driving licence)', POA: 'your proof of address' };

function sign(key: Buffer, session: string, result: string, returnPath: string): string {
  return createHmac('sha256', key).update(`${session}\n${result}\n${returnPath}`).digest('base64url');
}

function messagePage(c: Context, status: 400 | 404, title: string, text: string): Response {
  c.header('Content-Security-Policy', SIMULATED_PAGE_CSP);
  return c.html(simulatedProviderPage({ title, provider: 'Aurora ID Check', style: STYLE, content: `<h1>${escapeHtml(title)}</h1>\n<p role="alert">${escapeHtml(text)}</p>` }), status);
}

export function simulatedIdentityProvider(): IdentityVerificationProvider {
  const key = randomBytes(32);
  const app = new Hono<SiteEnv>();
  app.use('*', flowBodyLimit);

  app.get('/verify', (c) => {
    const session = c.req.query('session') ?? '';
    const category = c.req.query('category') === 'POA' ? 'POA' : 'ID';
    const returnPath = sameSitePath(c.req.query('returnPath') ?? '/') ?? '/';
    if (!SESSION.test(session)) return messagePage(c, 404, 'Session not found', 'This verification session is unknown. Go back to the site and start again.');
    c.header('Content-Security-Policy', SIMULATED_PAGE_CSP);
    return c.html(
      simulatedProviderPage({
        title: 'Verify your identity',
        provider: 'Aurora ID Check',
        style: STYLE,
        content: `<h1>Verify your identity</h1>
<p class="note">Aurora ID Check (simulated identity verification: no document or photo is taken)</p>
<p>We would now check ${escapeHtml(WHAT[category])}. Choose the answer the check gives.</p>
<form method="post" action="${SIMULATED_IDENTITY_PATH}/verify">
  <input type="hidden" name="session" value="${escapeHtml(session)}">
  <input type="hidden" name="returnPath" value="${escapeHtml(returnPath)}">
  <div class="actions">
    <button type="submit" name="action" value="approve" class="primary">Approve</button>
    <button type="submit" name="action" value="reject" class="secondary">Reject</button>
  </div>
</form>`,
      }),
    );
  });

  app.post('/verify', async (c) => {
    const form: Record<string, unknown> = await c.req.parseBody().catch(() => ({}));
    const session = typeof form.session === 'string' ? form.session : '';
    const returnPath = sameSitePath(typeof form.returnPath === 'string' ? form.returnPath : '/') ?? '/';
    if (!SESSION.test(session) || (form.action !== 'approve' && form.action !== 'reject')) {
      return messagePage(c, 400, 'Something is missing', 'Choose Approve or Reject on the verification page.');
    }
    const result: IdentityResult = form.action === 'approve' ? 'APPROVED' : 'REJECTED';
    const callback = new URLSearchParams({ session, result, returnPath, signature: sign(key, session, result, returnPath) });
    return c.redirect(`${IDENTITY_CALLBACK_PATH}?${callback.toString()}`, 303);
  });

  return {
    name: 'simulated identity verification',
    simulated: true,
    routes: { path: SIMULATED_IDENTITY_PATH, app },
    startUrl: ({ id, category, returnPath }) =>
      `${SIMULATED_IDENTITY_PATH}/verify?${new URLSearchParams({ session: id, category, returnPath }).toString()}`,
    verifyCallback: ({ session, result, returnPath, signature }) => {
      const expected = Buffer.from(sign(key, session, result, returnPath));
      const given = Buffer.from(signature);
      return given.length === expected.length && timingSafeEqual(given, expected);
    },
  };
}
