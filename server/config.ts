import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

// The platform's settings from the environment (README "Configuration"). Read once at start.

export interface ServerConfig {
  port: number;
  /** Interface to listen on; all interfaces when unset. */
  host: string | undefined;
  /** PostgreSQL instead of the embedded PGlite. */
  databaseUrl: string | undefined;
  /** Where PGlite keeps its files (`<dataDir>/pglite`). */
  dataDir: string;
  testMode: boolean;
  apiBaseUrl: string | undefined;
  countryHeader: string | undefined;
  corsOrigins: readonly string[];
  staticDir: string;
}

const ROOT = fileURLToPath(new URL('..', import.meta.url));

type Env = Readonly<Record<string, string | undefined>>;

export function readConfig(env: Env = process.env): ServerConfig {
  const port = Number(env.PORT ?? 3000);
  if (!Number.isInteger(port) || port < 0 || port > 65_535) throw new Error(`PORT must be a port number, got "${env.PORT ?? ''}".`);
  const apiBaseUrl = nonEmpty(env.API_BASE_URL);
  if (apiBaseUrl !== undefined && !URL.canParse(apiBaseUrl)) {
    throw new Error(`API_BASE_URL must be an absolute URL (https://platform.example.com), got "${apiBaseUrl}".`);
  }
  return {
    port,
    host: nonEmpty(env.HOST),
    databaseUrl: nonEmpty(env.DATABASE_URL),
    dataDir: resolve(nonEmpty(env.DATA_DIR) ?? '.data'),
    testMode: env.PLATFORM_TEST_MODE === '1' || env.PLATFORM_TEST_MODE === 'true',
    apiBaseUrl,
    countryHeader: nonEmpty(env.COUNTRY_HEADER),
    corsOrigins: (env.CORS_ORIGINS ?? '').split(',').map((origin) => origin.trim()).filter(Boolean),
    staticDir: resolve(nonEmpty(env.STATIC_DIR) ?? join(ROOT, 'dist')),
  };
}

function nonEmpty(value: string | undefined): string | undefined {
  const trimmed = value?.trim();
  return trimmed ? trimmed : undefined;
}
