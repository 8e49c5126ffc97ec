import { inspect } from 'node:util';
import { Hono } from 'hono';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createErrorHandler } from '../../../server/http/errors';
import { redactText } from '../../../server/http/redact';
import { hashPassword, TEST_SCRYPT_PARAMS } from '../../../server/crypto/passwords';
import { startTestPlatform, type TestPlatform } from '../helpers/platform';

// Issue 9: "Error logs print SQL parameters, password hashes included." A fault's log line must
// not carry passwords, hashes, codes, tokens or personal ids.

let platform: TestPlatform;
beforeAll(async () => {
  platform = await startTestPlatform();
});
afterAll(async () => {
  await platform.close();
});

const EMAIL = 'victim.person@example.com';
const PERSONID = '131052-308T';
const CODE = '482913';
const TOKEN = 'eyJhbGciOiJIUzI1NiJ9.eyJwbGF5ZXJfaWQiOjF9.c2lnbmF0dXJlLWhlcmU';

describe('error logs', () => {
  it('leave out the SQL parameters of a failed query (hash, e-mail, personal id, code)', async () => {
    const hash = await hashPassword('Secret-Pass-1', TEST_SCRYPT_PARAMS);
    const logged: string[] = [];
    const app = new Hono();
    app.get('/boom', async () => {
      // A query that fails in PostgreSQL with the secrets among its parameters.
      await sql`select ${hash}::text, ${EMAIL}::text, ${PERSONID}::text, ${CODE}::text, ${TOKEN}::text, 1 / ${0}::int`.execute(platform.database.db);
      return new Response('unreachable');
    });
    app.onError(createErrorHandler((message, error) => logged.push(`${message} ${inspect(error, { depth: 5 })}`)));
    const response = await app.request('/boom');
    expect(response.status).toBe(500);
    expect(logged).toHaveLength(1);
    const line = logged[0] ?? '';
    expect(line).toMatch(/division by zero/);
    for (const secret of [hash, hash.split('$')[5] ?? 'none', EMAIL, PERSONID, CODE, TOKEN]) expect(line).not.toContain(secret);
  });

  it('mask credentials and personal data in any text', () => {
    const text = `login failed for ${EMAIL} password="Hunter-22" code=${CODE} personid ${PERSONID} Bearer ${TOKEN} scrypt$32768$8$3$c2FsdA$a2V5`;
    const masked = redactText(text);
    for (const secret of [EMAIL, 'Hunter-22', CODE, PERSONID, TOKEN, 'scrypt$32768']) expect(masked).not.toContain(secret);
  });
});
