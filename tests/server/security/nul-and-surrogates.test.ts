import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEEDED_EMAILS, SEEDED_PASSWORD } from '../../../server/services/seed-players';
import { CAPTCHA, expectError, registrationBody } from '../helpers/identity';
import { startTestPlatform, type TestPlatform } from '../helpers/platform';

// Issue 9: "Seven inputs with NUL bytes or lone surrogates reach PostgreSQL and come back as 5xx
// (22P05, 22021)." Each must be 400 error.request.invalid before a query runs: in the JSON body
// (values and keys, escaped or not), in the query string, in a path parameter and in a form.

let platform: TestPlatform;
let app: ReturnType<TestPlatform['app']>;
beforeAll(async () => {
  platform = await startTestPlatform();
  app = platform.app();
});
afterAll(async () => {
  await platform.close();
});

const NUL = '\u0000';
const LONE_HIGH = '\uD800';
const LONE_LOW = '\uDC00';

function post(path: string, body: unknown, headers: Record<string, string> = {}): Promise<Response> {
  return Promise.resolve(
    app.request(path, { method: 'POST', body: JSON.stringify(body), headers: { 'Content-Type': 'application/json', ...headers } }),
  );
}

const bodies: [string, string, (bad: string) => unknown, Record<string, string>?][] = [
  ['login e-mail', '/api/player/login', (bad) => ({ email: `a${bad}@example.com`, password: SEEDED_PASSWORD })],
  ['login password', '/api/player/login', (bad) => ({ email: SEEDED_EMAILS.player, password: `Aurora${bad}-1` })],
  ['password reset e-mail', '/api/player/password_reset', (bad) => ({ email: `reset${bad}@example.com` })],
  ['registration last name', '/api/player/registration', (bad) => registrationBody({ lastName: `Virtanen${bad}` }), CAPTCHA],
  ['registration e-mail', '/api/player/registration', (bad) => registrationBody({ email: `new${bad}@example.com` }), CAPTCHA],
  ['pay-and-play code', '/api/paynplay/player/code', (bad) => ({ oneTimeCode: `c${bad}`, sessionId: `s${bad}`, ipAddress: '', blackbox: bad })],
  ['pay-and-play login', '/api/paynplay/player/login', (bad) => ({ sessionId: `s${bad}`, metadata: {} })],
  ['a key of the body', '/api/player/login', (bad) => ({ email: SEEDED_EMAILS.player, password: SEEDED_PASSWORD, [`x${bad}`]: 1 })],
  ['a nested value', '/api/player/login', (bad) => ({ email: SEEDED_EMAILS.player, password: SEEDED_PASSWORD, extra: [{ deep: bad }] })],
];

describe.each([
  ['NUL', NUL],
  ['a lone high surrogate', LONE_HIGH],
  ['a lone low surrogate', LONE_LOW],
])('%s', (_name, bad) => {
  it.each(bodies)('in the %s is 400 error.request.invalid', async (_what, path, body, headers) => {
    await expectError(await post(path, body(bad), headers), 400, 'error.request.invalid');
  });

  it.each([
    ['a content page id', `/api/content/FI/fi/pages/${encodeURIComponent(`terms${bad}`.replace(/[\uD800-\uDFFF]/g, '')) || 'x'}%00`],
    ['the bank session', `/api/bankid/authorize?session=a${encodeURIComponent(NUL)}`],
    ['the test outbox', `/api/test/codes/last?to=${encodeURIComponent(`a${NUL}@example.com`)}`],
    ['the pay-and-play return URL', `/api/paynplay/authorize?amount=10&currency=EUR&country=FI&returnUrl=${encodeURIComponent(`/fi-FI${NUL}`)}`],
  ])('in %s (percent-encoded) is 400', async (_what, path) => {
    await expectError(await app.request(path), 400, 'error.request.invalid');
  });

  it('in a form of the simulated bank page is 400', async () => {
    const response = await app.request('/api/bankid/authorize', {
      method: 'POST',
      body: new URLSearchParams({ session: `s${bad}`, action: 'identify', personid: '010190-1234' }).toString(),
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    });
    // A lone surrogate cannot travel in UTF-8 (it arrives as U+FFFD): only the NUL is left to refuse.
    if (bad === NUL) await expectError(response, 400, 'error.request.invalid');
    else expect(response.status).toBeLessThan(500);
  });

  it('escaped in the JSON text (\\u0000, \\ud800) is 400 too', async () => {
    const escaped = bad === NUL ? '\\u0000' : bad === LONE_HIGH ? '\\ud800' : '\\udc00';
    const response = await app.request('/api/player/login', {
      method: 'POST',
      body: `{"email":"a${escaped}@example.com","password":"x"}`,
      headers: { 'Content-Type': 'application/json' },
    });
    await expectError(response, 400, 'error.request.invalid');
  });
});

it('leaves well-formed text alone: emoji (surrogate pairs) and accents pass', async () => {
  const response = await post('/api/player/login', { email: 'åsa😀@example.com', password: 'x' });
  expect(response.status).not.toBe(500);
  expect((await response.clone().json()) as { code: string }).not.toMatchObject({ code: 'error.request.invalid' });
});
