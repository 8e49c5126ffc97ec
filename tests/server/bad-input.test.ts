import { Kysely, PGliteDialect } from 'kysely';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { staticPageSchema } from '../../src/api/content';
import { createApp } from '../../server/app';
import type { Database } from '../../server/db/schema';
import { createSettingsStore } from '../../server/services/settings';
import { json, useTestPlatform } from './helpers/platform';

// ISSUE "The reference platform": bad input gets a 4xx with a code, never a 5xx: unknown market,
// unknown page id, malformed headers. Every error answers JSON { code, message }.

const errorBodySchema = v.strictObject({ code: v.string(), message: v.string() });

const env = useTestPlatform();

async function expectError(response: Response, status: number, code: string): Promise<void> {
  expect(response.status).toBe(status);
  expect(response.headers.get('content-type')).toMatch(/^application\/json/);
  const body = v.parse(errorBodySchema, await json(response));
  expect(body.code).toBe(code);
  expect(body.message.length).toBeGreaterThan(0);
}

describe('unknown market or language', () => {
  it.each([
    ['an unknown market', '/api/content/XX/en/pages/terms_and_conditions', 'error.market.unknown'],
    ['a disabled market (JP)', '/api/content/JP/ja/footer', 'error.market.unknown'],
    ['a lowercase market', '/api/content/fi/fi/seo', 'error.market.unknown'],
    ['a language the market does not offer', '/api/content/FI/de/pages/terms_and_conditions', 'error.language.unknown'],
    ['an unknown language', '/api/content/UN/xx/terms-versions', 'error.language.unknown'],
    ['a terms document of an unknown market', '/api/content/terms/XX/en/v3.html', 'error.market.unknown'],
  ])('%s answers 400 with its code', async (_name, path, code) => {
    await expectError(await env.app.request(path), 400, code);
  });
});

describe('unknown page id', () => {
  it('answers 404 error.content.not_found', async () => {
    await expectError(await env.app.request('/api/content/FI/fi/pages/no-such-page'), 404, 'error.content.not_found');
  });

  it('treats an SQL-looking id as an unknown page and leaves the content intact', async () => {
    const id = encodeURIComponent("x';drop table content_documents--");
    await expectError(await env.app.request(`/api/content/FI/fi/pages/${id}`), 404, 'error.content.not_found');
    const still = await env.app.request('/api/content/FI/fi/pages/terms_and_conditions');
    expect(still.status).toBe(200);
    expect(v.safeParse(staticPageSchema, await json(still)).success).toBe(true);
  });

  it('answers 404 for an id that is a valid page id of another kind of document', async () => {
    await expectError(await env.app.request('/api/content/FI/fi/pages/footer'), 404, 'error.content.not_found');
  });
});

describe('SiteContext header', () => {
  it('defaults to site 1 when absent and accepts it when given', async () => {
    expect((await env.app.request('/api/content/UN/en/seo')).status).toBe(200);
    expect((await env.app.request('/api/content/UN/en/seo', { headers: { SiteContext: '1' } })).status).toBe(200);
  });

  it.each(['abc', '1.5', '-1', '', '1; DROP TABLE', '99999999999'])('answers 400 for a malformed value %j', async (value) => {
    await expectError(
      await env.app.request('/api/content/UN/en/seo', { headers: { SiteContext: value } }),
      400,
      'error.site_context.invalid',
    );
  });

  it('answers 400 error.site.unknown for a site this platform does not run', async () => {
    await expectError(await env.app.request('/api/content/UN/en/seo', { headers: { SiteContext: '2' } }), 400, 'error.site.unknown');
  });
});

describe('unknown API paths and methods', () => {
  it.each([
    ['GET', '/api/nothing-here'],
    ['GET', '/api'],
    ['GET', '/api/content/FI/fi/pages'],
    ['POST', '/api/content/markets'],
    ['DELETE', '/api/player/access/context'],
  ])('%s %s answers 404 error.not_found', async (method, path) => {
    await expectError(await env.app.request(path, { method }), 404, 'error.not_found');
  });
});

describe('a fault of the platform itself', () => {
  it('answers 500 error.system.error without a stack trace', async () => {
    // A database that cannot be reached: every query fails inside the platform.
    const broken = new Kysely<Database>({
      dialect: new PGliteDialect({
        pglite: () => Promise.reject(new Error('database unreachable at /secret/path')),
      }),
    });
    const logged: unknown[] = [];
    const brokenApp = createApp({
      db: broken,
      settings: createSettingsStore(broken),
      testMode: false,
      logError: (_message, error) => logged.push(error),
    });
    const response = await brokenApp.request('/api/content/UN/en/footer');
    expect(response.status).toBe(500);
    const text = await response.text();
    expect(v.parse(errorBodySchema, JSON.parse(text)).code).toBe('error.system.error');
    expect(text).not.toMatch(/at .*\.(ts|js):\d+/);
    expect(text).not.toContain('/secret/path');
    expect(logged).toHaveLength(1);
  });
});

describe('test-mode requests', () => {
  it('reject a malformed maintenance body with 400', async () => {
    for (const body of ['{"on":"yes"}', 'not json', '']) {
      await expectError(
        await env.app.request('/api/test/maintenance', { method: 'POST', body, headers: { 'Content-Type': 'application/json' } }),
        400,
        'error.request.invalid',
      );
    }
  });

  it('reject a malformed x-test-country with 400', async () => {
    await expectError(
      await env.app.request('/api/player/access/context', { headers: { 'x-test-country': 'USA' } }),
      400,
      'error.country.invalid',
    );
  });
});
