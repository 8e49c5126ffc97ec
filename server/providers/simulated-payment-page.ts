import { Hono, type Context } from 'hono';
import type { Kysely } from 'kysely';
import { PAYMENT_OUTCOMES, type PaymentOutcome } from '../../machines/lib/wallet';
import { PAYMENT_METHODS } from '../content/payment-methods';
import { escapeHtml } from '../content/terms';
import { providerAmount, SIMULATED_PAGE_CSP, simulatedPageStyle, simulatedProviderPage } from './simulated-page';
import type { Database } from '../db/schema';
import type { SiteEnv } from '../http/site-context';
import { flowBodyLimit } from '../http/validation';
import { providersOf } from './context';
import { depositReturnUrl, settleDeposit, type CashierDeps } from '../services/cashier';
import { answerPayment, paymentForPage, type SimulatedAnswer, type SimulatedPayment } from '../services/payment-simulator';

// The simulated payment provider's page (issue 11: "a simulated payment-provider page served by the
// platform that approves, declines or times out"; model: server/providers/simulated-bankid.ts), mounted at
// /api/payment-simulator:
//   GET  /pay?payment=<deposit id>  the page: amount, method, and Approve / Decline / Time out
//   POST /pay                       the form: records the answer at the provider, then
//        approve  -> the platform settles the deposit (the ledger deposit, once) -> 303 to the
//                    deposit's return path with ?depositId=
//        decline  -> the platform settles it FAILED (FAILURE), no money moves -> 303 back the same way
//        timeout  -> nothing is settled: the deposit stays PENDING until the platform asks (after
//                    server/services/cashier.ts DEPOSIT_SETTLE_DELAY_MS) and the provider declines it
// It is a provider's page, in English only, marked as a simulation; it has no script (CSP
// script-src 'self'), a lang attribute, a heading, and native buttons in a labelled group.

const STYLE = simulatedPageStyle(
  { background: '#f1f0f7', text: '#1c1830', muted: '#4a4560' },
  `  .banner { margin: 0 0 1rem; padding: 0.5rem 0.75rem; border-radius: 0.4rem; background: #fff4d6; color: #5c4300; font-weight: 600; font-size: 0.9rem; }
  dl { display: grid; grid-template-columns: auto 1fr; gap: 0.35rem 1rem; margin: 0 0 1.5rem; }
  dt { font-weight: 600; }
  dd { margin: 0; overflow-wrap: anywhere; }
  fieldset { border: 0; padding: 0; margin: 0; }
  legend { font-weight: 600; margin-bottom: 0.5rem; padding: 0; }
  .actions { display: flex; gap: 0.75rem; flex-wrap: wrap; }
  .hint { margin: 0.75rem 0 0; font-size: 0.85rem; color: #4a4560; }
  button { font-size: 1rem; padding: 0.65rem 1.1rem; border-radius: 0.4rem; border: 2px solid #4b2a9e; cursor: pointer; }
  button.primary { background: #4b2a9e; color: #fff; }
  button.secondary { background: #fff; color: #4b2a9e; }
  a { color: #4b2a9e; }
  :focus-visible { outline: 3px solid #f0a500; outline-offset: 2px; }
`,
);

function page(title: string, content: string): string {
  return simulatedProviderPage({ title, provider: 'Aurora Pay (simulated)', style: STYLE, content: `<p class="banner">Simulated payment provider: no real money moves.</p>\n${content}` });
}

function methodName(methodId: string): string {
  return Object.hasOwn(PAYMENT_METHODS, methodId) ? PAYMENT_METHODS[methodId as keyof typeof PAYMENT_METHODS].name : methodId;
}

function payPage(payment: SimulatedPayment): string {
  return page(
    'Confirm your payment',
    `<h1>Confirm your payment</h1>
<p class="note">Aurora Pay asks you to confirm a deposit to Aurora Play.</p>
<dl>
  <dt>Amount</dt><dd>${escapeHtml(providerAmount(payment.amount, payment.currency))}</dd>
  <dt>Method</dt><dd>${escapeHtml(methodName(payment.method_id))}</dd>
  <dt>Reference</dt><dd>${escapeHtml(payment.reference)}</dd>
</dl>
<form method="post" action="/api/payment-simulator/pay">
  <input type="hidden" name="payment" value="${escapeHtml(payment.reference)}">
  <fieldset aria-describedby="outcome-hint">
    <legend>The payment's outcome</legend>
    <div class="actions">
      <button type="submit" name="action" value="approve" class="primary">Approve</button>
      <button type="submit" name="action" value="decline" class="secondary">Decline</button>
      <button type="submit" name="action" value="timeout" class="secondary">Time out</button>
    </div>
    <p id="outcome-hint" class="hint">Approve pays the deposit. Decline refuses it. Time out leaves it open, as when the bank does not answer: the site then settles it and shows the outcome.</p>
  </fieldset>
</form>`,
  );
}

function messagePage(c: Context, status: 400 | 404 | 409, title: string, text: string, back: string | null): Response {
  c.header('Content-Security-Policy', SIMULATED_PAGE_CSP);
  const link = back === null ? '' : `\n<p><a href="${escapeHtml(back)}">Back to the site</a></p>`;
  return c.html(page(title, `<h1>${escapeHtml(title)}</h1>\n<p role="alert">${escapeHtml(text)}</p>${link}`), status);
}

const ANSWERS: Readonly<Record<PaymentOutcome, SimulatedAnswer>> = { approve: 'APPROVED', decline: 'DECLINED', timeout: 'TIMED_OUT' };

export function paymentSimulatorRoutes({ db, clock }: { db: Kysely<Database>; clock: () => Date }): Hono<SiteEnv> {
  const routes = new Hono<SiteEnv>();
  routes.use('*', flowBodyLimit);
  const cashier = (c: Context): CashierDeps => ({ db, clock, providers: providersOf(c) });

  const answered = async (c: Context, reference: string): Promise<Response> =>
    messagePage(c, 409, 'Payment already answered', 'This payment is finished. Go back to the site to see its outcome.', await depositReturnUrl(db, reference));

  const findOpen = async (c: Context, reference: string): Promise<SimulatedPayment | Response> => {
    const found = await paymentForPage(db, reference, clock());
    if (found.kind === 'unknown') return messagePage(c, 404, 'Payment not found', 'This payment is unknown. Go back to the site and start the deposit again.', null);
    if (found.kind === 'answered') return answered(c, found.payment.reference);
    return found.payment;
  };

  routes.get('/pay', async (c) => {
    const found = await findOpen(c, c.req.query('payment') ?? '');
    if (found instanceof Response) return found;
    c.header('Content-Security-Policy', SIMULATED_PAGE_CSP);
    return c.html(payPage(found));
  });

  routes.post('/pay', async (c) => {
    const form: Record<string, unknown> = await c.req.parseBody().catch(() => ({}));
    const found = await findOpen(c, typeof form.payment === 'string' ? form.payment : '');
    if (found instanceof Response) return found;
    const outcome = PAYMENT_OUTCOMES.find((candidate) => candidate === form.action);
    const answer = outcome === undefined ? undefined : ANSWERS[outcome];
    if (answer === undefined) return messagePage(c, 400, 'Choose an outcome', 'Choose Approve, Decline or Time out.', null);
    if (!(await answerPayment(db, found.reference, answer, clock()))) return answered(c, found.reference);
    // The provider tells the platform at once (a real one: its notification); a time-out tells nothing.
    if (answer !== 'TIMED_OUT') await settleDeposit(cashier(c), found.reference);
    const back = await depositReturnUrl(db, found.reference);
    return back === null ? messagePage(c, 404, 'Payment not found', 'The site does not know this payment.', null) : c.redirect(back, 303);
  });

  return routes;
}
