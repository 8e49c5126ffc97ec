import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readConfig } from '../../server/config';

// The environment the platform reads at start (README "Configuration").

describe('readConfig', () => {
  it('defaults to port 3000, PGlite under .data, no test mode', () => {
    const config = readConfig({});
    expect(config).toMatchObject({
      port: 3000,
      host: undefined,
      databaseUrl: undefined,
      dataDir: resolve('.data'),
      testMode: false,
      apiBaseUrl: undefined,
      countryHeader: undefined,
      corsOrigins: [],
    });
    expect(config.staticDir).toBe(resolve('dist'));
  });

  it('reads every variable', () => {
    expect(
      readConfig({
        PORT: '8080',
        HOST: '127.0.0.1',
        DATABASE_URL: 'postgres://u:p@db/site',
        DATA_DIR: '/var/lib/site',
        PLATFORM_TEST_MODE: '1',
        API_BASE_URL: 'https://platform.example.com',
        COUNTRY_HEADER: 'CF-IPCountry',
        CORS_ORIGINS: 'https://a.example, https://b.example',
      }),
    ).toMatchObject({
      port: 8080,
      host: '127.0.0.1',
      databaseUrl: 'postgres://u:p@db/site',
      dataDir: '/var/lib/site',
      testMode: true,
      apiBaseUrl: 'https://platform.example.com',
      countryHeader: 'CF-IPCountry',
      corsOrigins: ['https://a.example', 'https://b.example'],
    });
  });

  it('refuses a port or an API base URL it cannot use', () => {
    expect(() => readConfig({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => readConfig({ API_BASE_URL: 'platform.example.com' })).toThrow(/API_BASE_URL/);
  });

  it('treats only 1 or true as test mode', () => {
    expect(readConfig({ PLATFORM_TEST_MODE: '0' }).testMode).toBe(false);
    expect(readConfig({ PLATFORM_TEST_MODE: 'true' }).testMode).toBe(true);
  });

  it('creates the test players (known passwords) only in test mode or when asked', () => {
    expect(readConfig({}).seedTestPlayers).toBe(false);
    expect(readConfig({ SEED_TEST_PLAYERS: '0' }).seedTestPlayers).toBe(false);
    expect(readConfig({ SEED_TEST_PLAYERS: '1' }).seedTestPlayers).toBe(true);
    expect(readConfig({ PLATFORM_TEST_MODE: '1' }).seedTestPlayers).toBe(true);
  });
});
