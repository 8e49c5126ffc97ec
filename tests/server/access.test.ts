import * as v from 'valibot';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { accessContextSchema, ACCESS_RESTRICTED_CODE, MAINTENANCE_CODE } from '../../src/api/platform';
import { DEFAULT_PLATFORM_SETTINGS } from '../../server/services/settings';
import { json, startTestPlatform, type TestPlatform } from './helpers/platform';

// The access check (behaviour.md §4 "Other states"): 200 with the visitor's country, 503 in
// maintenance, 403 from a restricted country; and the test-mode switches that drive it.

const ACCESS = '/api/player/access/context';

let platform: TestPlatform;

beforeAll(async () => {
  platform = await startTestPlatform();
});
afterEach(async () => {
  await platform.settings.reset();
});
afterAll(async () => {
  await platform.close();
});

const post = (body?: unknown): RequestInit => ({
  method: 'POST',
  headers: { 'Content-Type': 'application/json' },
  ...(body === undefined ? {} : { body: JSON.stringify(body) }),
});

describe('access context', () => {
  it('answers the default country (MT) when no header names one', async () => {
    const response = await platform.app().request(ACCESS);
    expect(response.status).toBe(200);
    expect(v.parse(accessContextSchema, await json(response))).toEqual({ countryCode: 'MT', maintenance: false });
  });

  it('turns maintenance on and off through the test endpoint', async () => {
    const app = platform.app();
    const on = await app.request('/api/test/maintenance', post({ on: true }));
    expect(on.status).toBe(200);
    expect(await json(on)).toEqual({ maintenance: true });

    const during = await app.request(ACCESS);
    expect(during.status).toBe(503);
    expect(await json(during)).toMatchObject({ code: MAINTENANCE_CODE });

    expect((await app.request('/api/test/maintenance', post({ on: false }))).status).toBe(200);
    const after = await app.request(ACCESS);
    expect(after.status).toBe(200);
    expect(v.parse(accessContextSchema, await json(after)).maintenance).toBe(false);
  });

  it('answers 403 for a visitor from a restricted country (x-test-country)', async () => {
    const response = await platform.app().request(ACCESS, { headers: { 'x-test-country': 'US' } });
    expect(response.status).toBe(403);
    expect(await json(response)).toMatchObject({ code: ACCESS_RESTRICTED_CODE });
  });

  it('blocks every seeded restricted country and lets one in once it is no longer on the list', async () => {
    const app = platform.app();
    for (const country of DEFAULT_PLATFORM_SETTINGS.restrictedCountries) {
      expect((await app.request(ACCESS, { headers: { 'x-test-country': country } })).status, country).toBe(403);
    }
    await platform.settings.update({ restrictedCountries: [] });
    const response = await app.request(ACCESS, { headers: { 'x-test-country': 'us' } });
    expect(response.status).toBe(200);
    expect(await json(response)).toEqual({ countryCode: 'US', maintenance: false });
  });

  it('reports maintenance before a restriction', async () => {
    await platform.settings.update({ maintenance: true });
    const response = await platform.app().request(ACCESS, { headers: { 'x-test-country': 'US' } });
    expect(response.status).toBe(503);
  });

  it('reads the country from the trusted header named by COUNTRY_HEADER', async () => {
    const app = platform.app({ testMode: false, countryHeader: 'CF-IPCountry' });
    expect(await json(await app.request(ACCESS, { headers: { 'CF-IPCountry': 'FI' } }))).toEqual({
      countryCode: 'FI',
      maintenance: false,
    });
    expect((await app.request(ACCESS, { headers: { 'CF-IPCountry': 'AU' } })).status).toBe(403);
    // A CDN's "unknown" (XX) or Tor (T1) value falls back to the default country.
    for (const unknown of ['XX', 'T1']) {
      expect(await json(await app.request(ACCESS, { headers: { 'CF-IPCountry': unknown } }))).toEqual({
        countryCode: 'MT',
        maintenance: false,
      });
    }
  });

  it('ignores x-test-country outside test mode', async () => {
    const response = await platform.app({ testMode: false }).request(ACCESS, { headers: { 'x-test-country': 'US' } });
    expect(response.status).toBe(200);
    expect(await json(response)).toEqual({ countryCode: 'MT', maintenance: false });
  });
});

describe('test endpoints', () => {
  it('reset restores the default settings', async () => {
    const app = platform.app();
    await platform.settings.update({ maintenance: true, restrictedCountries: ['FI'], defaultCountry: 'FI' });
    const response = await app.request('/api/test/reset', post());
    expect(response.status).toBe(200);
    expect(await json(response)).toEqual(DEFAULT_PLATFORM_SETTINGS);
    expect(await platform.settings.read()).toEqual(DEFAULT_PLATFORM_SETTINGS);
    expect((await app.request(ACCESS)).status).toBe(200);
  });

  it('do not exist outside test mode', async () => {
    const app = platform.app({ testMode: false });
    for (const path of ['/api/test/maintenance', '/api/test/reset']) {
      const response = await app.request(path, post({ on: true }));
      expect(response.status, path).toBe(404);
      expect(await json(response)).toMatchObject({ code: 'error.not_found' });
    }
    expect((await platform.settings.read()).maintenance).toBe(false);
  });
});
