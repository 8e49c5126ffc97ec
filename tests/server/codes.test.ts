import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CODE_LIMIT_WINDOW_MS,
  CODE_TTL_MS,
  MAX_CODE_SENDS,
  MAX_WRONG_CODE_ATTEMPTS,
  codeTarget,
  requestCode,
  verifyCode,
  type CodeRequest,
} from '../../server/services/codes';
import { HttpError } from '../../server/http/errors';
import { lastCodeSentTo, maskEmail, maskPhone, normalizeDestination, sendMessage, setMessageLog, type OutgoingMessage } from '../../server/services/messages';
import { createPlayerStore } from '../../server/services/players';
import { expectError } from './helpers/identity';
import { json, startTestPlatform, type TestPlatform } from './helpers/platform';

// One-time codes (behaviour.md §4 "Sign-up" pin states, §8 sms.code.invalid and
// sms.max.attempts.reached): 6 digits, hashed, 10 minutes, single use, 3 sends and 5 wrong tries
// per purpose and target; the simulated sender's outbox and its test-mode reader.

let platform: TestPlatform;
let playerId: number;
let otherPlayerId: number;
const T0 = new Date('2030-01-01T12:00:00.000Z');
let phoneSequence = 0;

beforeAll(async () => {
  platform = await startTestPlatform();
  const store = createPlayerStore(platform.database.db);
  playerId = (await store.create({ email: 'codes.one@example.com', country_code: 'FI', language_code: 'fi' })).id;
  otherPlayerId = (await store.create({ email: 'codes.two@example.com', country_code: 'FI', language_code: 'fi' })).id;
});
afterAll(async () => {
  await platform.close();
});

/** A request to a fresh phone (its own target), at `now`. */
function smsRequest(now: Date = T0, overrides: Partial<CodeRequest> = {}): CodeRequest & { to: string } {
  phoneSequence += 1;
  const phone = `+35840${String(7_000_000 + phoneSequence)}`;
  return {
    purpose: 'phone_change',
    target: `test:${phone}`,
    playerId,
    delivery: { channel: 'SMS', destination: phone, language: 'fi' },
    now,
    to: phone,
    ...overrides,
  };
}

async function codeFor(destination: string): Promise<string> {
  const code = await lastCodeSentTo(platform.database.db, destination);
  if (code === null) throw new Error(`no code sent to ${destination}`);
  return code;
}

async function expectHttpError(work: Promise<unknown>, status: number, code: string): Promise<void> {
  const error: unknown = await work.then(
    () => undefined,
    (failure: unknown) => failure,
  );
  expect(error).toBeInstanceOf(HttpError);
  expect(error).toMatchObject({ status, code });
}

describe('a code', () => {
  it('is 6 digits, sent through the outbox and stored only as a hash', async () => {
    const { db } = platform.database;
    const request = smsRequest();
    const { id } = await requestCode(db, request);
    const code = await codeFor(request.to);
    expect(code).toMatch(/^[0-9]{6}$/);
    const row = await db.selectFrom('verification_codes').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(row.code_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(row)).not.toContain(`"${code}"`);
    expect(row.expires_at.getTime() - T0.getTime()).toBe(CODE_TTL_MS);
    const message = await db.selectFrom('sent_messages').selectAll().where('destination', '=', request.to).executeTakeFirstOrThrow();
    expect(message).toMatchObject({ channel: 'SMS', code });
    expect(message.body).toContain(code);
  });

  it('verifies once: the right code passes, a replay is sms.code.invalid', async () => {
    const { db } = platform.database;
    const request = smsRequest();
    const { id } = await requestCode(db, request);
    const code = await codeFor(request.to);
    const row = await verifyCode(db, { purpose: 'phone_change', locator: { id }, code, now: T0 });
    expect(row.consumed_at).not.toBeNull();
    await expectHttpError(verifyCode(db, { purpose: 'phone_change', locator: { id }, code, now: T0 }), 400, 'sms.code.invalid');
  });

  it('verifies by target: the latest code sent there', async () => {
    const { db } = platform.database;
    const request = smsRequest();
    await requestCode(db, request);
    const code = await codeFor(request.to);
    await verifyCode(db, { purpose: 'phone_change', locator: { target: request.target }, code, now: T0 });
    await expectHttpError(verifyCode(db, { purpose: 'phone_change', locator: { target: request.target }, code, now: T0 }), 400, 'sms.code.invalid');
  });

  it('expires after 10 minutes', async () => {
    const { db } = platform.database;
    const request = smsRequest();
    const { id } = await requestCode(db, request);
    const code = await codeFor(request.to);
    const late = new Date(T0.getTime() + CODE_TTL_MS);
    await expectHttpError(verifyCode(db, { purpose: 'phone_change', locator: { id }, code, now: late }), 400, 'sms.code.invalid');
  });

  it('is refused for another purpose or another player', async () => {
    const { db } = platform.database;
    const request = smsRequest();
    const { id } = await requestCode(db, request);
    const code = await codeFor(request.to);
    await expectHttpError(verifyCode(db, { purpose: 'reset_sms', locator: { id }, code, now: T0 }), 400, 'sms.code.invalid');
    await expectHttpError(verifyCode(db, { purpose: 'phone_change', locator: { id }, playerId: otherPlayerId, code, now: T0 }), 400, 'sms.code.invalid');
    // Still good for its owner: those tries were not its own.
    await verifyCode(db, { purpose: 'phone_change', locator: { id }, playerId, code, now: T0 });
  });

  it('answers an unknown id with sms.code.invalid', async () => {
    await expectHttpError(
      verifyCode(platform.database.db, { purpose: 'phone_change', locator: { id: 'no-such-id' }, code: '123456', now: T0 }),
      400,
      'sms.code.invalid',
    );
  });

  it('never verifies when nothing was sent (the unknown e-mail of a reset)', async () => {
    const { db } = platform.database;
    const { id } = await requestCode(db, { purpose: 'reset_sms', target: 'email:nobody@example.com', playerId: null, delivery: null, now: T0 });
    for (const code of ['000000', '123456', '999999']) {
      await expectHttpError(verifyCode(db, { purpose: 'reset_sms', locator: { id }, code, now: T0 }), 400, 'sms.code.invalid');
    }
  });

  it('verifies once under concurrent tries with the right code', async () => {
    const { db } = platform.database;
    const request = smsRequest();
    const { id } = await requestCode(db, request);
    const code = await codeFor(request.to);
    const results = await Promise.allSettled([1, 2, 3].map(() => verifyCode(db, { purpose: 'phone_change', locator: { id }, code, now: T0 })));
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
  });
});

describe('limits per purpose and target', () => {
  it(`answers 429 sms.max.attempts.reached on the ${String(MAX_WRONG_CODE_ATTEMPTS)}th wrong code, and after it even for the right one`, async () => {
    const { db } = platform.database;
    const request = smsRequest();
    const { id } = await requestCode(db, request);
    const code = await codeFor(request.to);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let attempt = 1; attempt < MAX_WRONG_CODE_ATTEMPTS; attempt += 1) {
      await expectHttpError(verifyCode(db, { purpose: 'phone_change', locator: { id }, code: wrong, now: T0 }), 400, 'sms.code.invalid');
    }
    await expectHttpError(verifyCode(db, { purpose: 'phone_change', locator: { id }, code: wrong, now: T0 }), 429, 'sms.max.attempts.reached');
    await expectHttpError(verifyCode(db, { purpose: 'phone_change', locator: { id }, code, now: T0 }), 429, 'sms.max.attempts.reached');
    // A resend does not start the count afresh.
    await expectHttpError(requestCode(db, { ...request, now: T0 }), 429, 'sms.max.attempts.reached');
  });

  it(`sends at most ${String(MAX_CODE_SENDS)} codes; a resend replaces the code and keeps the id`, async () => {
    const { db } = platform.database;
    const request = smsRequest();
    const first = await requestCode(db, request);
    const firstCode = await codeFor(request.to);
    let lastId = first.id;
    for (let send = 2; send <= MAX_CODE_SENDS; send += 1) {
      lastId = (await requestCode(db, request)).id;
      expect(lastId).toBe(first.id);
    }
    await expectHttpError(requestCode(db, request), 429, 'sms.max.attempts.reached');
    const latest = await codeFor(request.to);
    if (latest !== firstCode) {
      await expectHttpError(verifyCode(db, { purpose: 'phone_change', locator: { id: lastId }, code: firstCode, now: T0 }), 400, 'sms.code.invalid');
    }
    await verifyCode(db, { purpose: 'phone_change', locator: { id: lastId }, code: latest, now: T0 });
  });

  it('starts afresh after a verified code and after the window', async () => {
    const { db } = platform.database;
    const request = smsRequest();
    for (let send = 1; send <= MAX_CODE_SENDS; send += 1) await requestCode(db, request);
    await expectHttpError(requestCode(db, request), 429, 'sms.max.attempts.reached');
    const later = new Date(T0.getTime() + CODE_LIMIT_WINDOW_MS + 1);
    const fresh = await requestCode(db, { ...request, now: later });
    await verifyCode(db, { purpose: 'phone_change', locator: { id: fresh.id }, code: await codeFor(request.to), now: later });
    const next = await requestCode(db, { ...request, now: later });
    expect(next.id).not.toBe(fresh.id);
  });

  it('counts concurrent first requests for one target together', async () => {
    const { db } = platform.database;
    const request = smsRequest();
    const results = await Promise.allSettled([1, 2, 3, 4, 5].map(() => requestCode(db, request)));
    const ids = new Set(results.flatMap((result) => (result.status === 'fulfilled' ? [result.value.id] : [])));
    expect(ids.size).toBe(1);
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(MAX_CODE_SENDS);
  });
});

describe('the simulated provider', () => {
  it('shows each message to whoever runs the platform (server/main.ts logs it) and records it', async () => {
    const seen: OutgoingMessage[] = [];
    setMessageLog((message) => seen.push(message));
    try {
      await sendMessage(platform.database.db, { channel: 'SMS', destination: '+358 40 000 1111', body: 'Your code is 123456', code: '123456' });
    } finally {
      setMessageLog(() => undefined);
    }
    expect(seen).toEqual([{ channel: 'SMS', destination: '+358 40 000 1111', body: 'Your code is 123456', code: '123456' }]);
    expect(await lastCodeSentTo(platform.database.db, '+358400001111')).toBe('123456');
  });
});

describe('destinations and masks', () => {
  it('spells a destination one way', () => {
    expect(normalizeDestination(' +358 40-123 4567 ')).toBe('+358401234567');
    expect(normalizeDestination('358401234567')).toBe('+358401234567');
    expect(normalizeDestination('Player@Example.COM')).toBe('player@example.com');
  });

  it('masks a phone and an e-mail for display', () => {
    expect(maskPhone('+358', '401234567')).toBe('+358 40 *** 67');
    expect(maskEmail('aino@example.com')).toBe('a***@example.com');
  });

  it('keys the codes on a player or an e-mail', () => {
    expect(codeTarget('player', 7)).toBe('player:7');
    expect(codeTarget('email', 'a@b.fi')).toBe('email:a@b.fi');
  });
});

describe('GET /api/test/codes/last (test mode)', () => {
  it('answers the last code sent to a phone, with the + encoded or not', async () => {
    const app = platform.app();
    const request = smsRequest();
    await requestCode(platform.database.db, request);
    const code = await codeFor(request.to);
    for (const to of [encodeURIComponent(request.to), request.to, request.to.slice(1)]) {
      const response = await app.request(`/api/test/codes/last?to=${to}`);
      expect(response.status).toBe(200);
      expect(await json(response)).toEqual({ code });
    }
  });

  it('answers the last code sent to an address, whatever its case', async () => {
    const { db } = platform.database;
    await requestCode(db, {
      purpose: 'registration_email',
      target: 'test:mail',
      playerId,
      delivery: { channel: 'EMAIL', destination: 'Codes.Mail@Example.com', language: 'fi' },
      now: T0,
    });
    const code = await codeFor('codes.mail@example.com');
    const response = await platform.app().request('/api/test/codes/last?to=CODES.MAIL%40example.com');
    expect(await json(response)).toEqual({ code });
  });

  it('answers 404 when nothing was sent there and 400 without a destination', async () => {
    const app = platform.app();
    await expectError(await app.request('/api/test/codes/last?to=%2B358400000001'), 404, 'error.not_found');
    await expectError(await app.request(`/api/test/codes/last?to=${encodeURIComponent("' OR 1=1 --")}`), 404, 'error.not_found');
    await expectError(await app.request('/api/test/codes/last'), 400, 'error.request.invalid');
    await expectError(await app.request(`/api/test/codes/last?to=${'x'.repeat(300)}`), 400, 'error.request.invalid');
  });

  it('does not exist outside test mode', async () => {
    const app = platform.app({ testMode: false });
    await expectError(await app.request('/api/test/codes/last?to=%2B358401234567'), 404, 'error.not_found');
  });
});
