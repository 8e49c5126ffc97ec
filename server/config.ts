import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { LOGIN_LOCK_ATTEMPTS_DEFAULT, LOGIN_LOCK_WINDOW_MINUTES_DEFAULT } from '../machines/lib/constants';
import { parseProviderKeys, type ProviderKey } from './services/provider-keys';
import { PLATFORM_MODES, type PlatformMode } from './providers/types';

// The platform's settings from the environment (README "Configuration"). Read once at start.

export interface ServerConfig {
  /**
   * PLATFORM_MODE: `simulation` (the default: every third party simulated, said in the log and on
   * the site) or `production` (real providers only; the server refuses to start without them).
   */
  mode: PlatformMode;
  port: number;
  /** Interface to listen on; all interfaces when unset. */
  host: string | undefined;
  /** PostgreSQL instead of the embedded PGlite. */
  databaseUrl: string | undefined;
  /** Where PGlite keeps its files (`<dataDir>/pglite`). */
  dataDir: string;
  testMode: boolean;
  /**
   * Create the test players of server/services/seed-players.ts (known passwords): in test mode, or
   * when SEED_TEST_PLAYERS=1 for a local try-out. Never on by default, so that a deployed platform
   * has no account anyone can guess.
   */
  seedTestPlayers: boolean;
  apiBaseUrl: string | undefined;
  countryHeader: string | undefined;
  corsOrigins: readonly string[];
  staticDir: string;
  /** The simulated captcha provider's secret: POST /api/captcha/solve answers it, registration checks it. */
  captchaSecret: string;
  /** GLI-19 2.5.3: failed logins within the window that lock the account (LOGIN_LOCK_ATTEMPTS). */
  loginLockAttempts: number;
  /** The lock's window and duration, in minutes (LOGIN_LOCK_WINDOW_MINUTES). */
  loginLockWindowMinutes: number;
  /** The id tokens' HMAC key (SESSION_SECRET); generated and stored in the database when unset. */
  sessionSecret: string | undefined;
  /**
   * The game providers' seamless-wallet HMAC key (GAME_WALLET_SECRET, at least 32 characters;
   * server/contract/provider-wallet.ts); generated and stored in the database when unset.
   */
  gameWalletSecret: string | undefined;
  /**
   * GAME_PROVIDER_KEYS: the game providers' wallet keys, `provider:keyId:secret` entries separated
   * by commas (server/services/provider-keys.ts). Two entries of one provider during a rotation.
   */
  gameProviderKeys: ProviderKey[];
  /**
   * A header set by a trusted proxy or CDN with the visitor's address (CLIENT_ADDRESS_HEADER, e.g.
   * CF-Connecting-IP); the TCP peer's address otherwise. The per-address limits count on it.
   */
  clientAddressHeader: string | undefined;
  /** The site's own origin for links in e-mails, robots.txt and the sitemaps (SITE_URL, e.g. https://www.example.com); the request's origin when unset. */
  siteUrl: string | undefined;
  /**
   * GAME_PROVIDER_ORIGIN: where the simulated game provider serves its games (issue 12), an origin
   * of its own (http://games.localhost:<PORT> when unset; browsers resolve *.localhost to the
   * loopback). Must not be the site's own origin.
   */
  gameProviderOrigin: string | undefined;
}

// ---------------------------------------------------------------- limits (issue 9 "Close each hole")

/** At most `max` events within `windowMs`, counted in a sliding window. */
export interface RateLimit {
  readonly max: number;
  readonly windowMs: number;
}

/**
 * One-time codes (SMS and e-mail) delivered to ONE phone number or e-mail address, whatever the
 * purpose (sign-up, reset, phone change, unlock link) and whoever asks. The spec has no such
 * constant (behaviour.md §9); these are a regulated operator's usual figures: 5 within 10 minutes
 * is Twilio Verify's default per-number send limit (a sign-up's code and two resends, then a reset,
 * fit in it), and 10 within 24 hours stops a slow drip that stays under the first. Past them the
 * answer is 429 sms.max.attempts.reached (behaviour.md §8 "Sign-up and reset").
 */
export const CODE_SENDS_PER_DESTINATION: readonly RateLimit[] = [
  { max: 5, windowMs: 10 * 60_000 },
  { max: 10, windowMs: 24 * 60 * 60_000 },
];

/**
 * Codes asked for from one client address, to any destination: 20 within an hour. A household or
 * an office behind one NAT signs up a few players (one to three codes each); a script spraying
 * numbers does not get further. Same answer as above.
 */
export const CODE_SENDS_PER_ADDRESS: readonly RateLimit[] = [{ max: 20, windowMs: 60 * 60_000 }];

/**
 * The login throttle around GLI-19 2.5.3's lock (LOGIN_LOCK_ATTEMPTS failures within
 * LOGIN_LOCK_WINDOW_MINUTES lock the account): the lock counts per e-mail AND client address, so a
 * stranger who knows an e-mail locks only themselves out. Across addresses (a botnet guessing one
 * account) and across e-mails (one address stuffing credentials) the failures within the same window
 * add up too, and past these counts every further try must wait a doubling delay (OWASP ASVS 2.2.1
 * "soft lockout", NIST SP 800-63B 5.2.2 rate limiting): 1 s, 2 s, 4 s ... up to 15 minutes. 10 per
 * e-mail is more than three addresses' whole allowance; 20 per address lets a shared address's
 * players mistype. During a lock or a delay no password is compared. The player lifts every lock
 * and delay on their account with the unlock link e-mailed to them (or a password reset).
 */
export const LOGIN_ACCOUNT_DELAY_AFTER = 10;
export const LOGIN_ADDRESS_DELAY_AFTER = 20;
export const LOGIN_DELAY_FIRST_MS = 1_000;
export const LOGIN_DELAY_MAX_MS = 15 * 60_000;

/** How long an e-mailed unlock link works (once): as long as a reset key (OWASP ASVS 2.5.x: short-lived). */
export const UNLOCK_LINK_TTL_MS = 30 * 60_000;

/**
 * How long an id token is good for: 12 hours. The spec is silent. The token is a bearer credential
 * held in memory by the app; what really ends a session is the server-side idle limit (30 minutes,
 * GLI-19 2.5.4, checked on every call) and sign-out (the session is revoked, the token then gets
 * 401). The expiry only bounds a token that leaks while its session stays busy: 12 hours covers a
 * long playing day without a reload, and a reload re-issues a token from the HttpOnly cookie.
 */
export const ID_TOKEN_LIFETIME_S = 12 * 60 * 60;

/**
 * A session ends 12 hours after its login however busy it is (issue 9: "a session lives forever
 * while used"), besides the 30-minute idle limit (GLI-19 2.5.4). NIST SP 800-63B §4.2.3 (AAL2):
 * "Reauthentication of the subscriber SHALL be repeated at least once per 12 hours during an
 * extended usage session, regardless of user activity", with 30 minutes of inactivity, the pair
 * this platform already uses for the idle limit; 12 hours is also the id token's lifetime, so a
 * token never outlives its session. The HttpOnly session cookie lives as long (it was one year,
 * behaviour.md §9's cookie lifetime, which is the app's id-token and sportsbook cookie, not this one).
 */
export const SESSION_ABSOLUTE_LIFETIME_MS = 12 * 60 * 60 * 1000;

/**
 * An authenticated call records the session's activity (its last_seen_at, for the idle limit) only
 * when the recorded one is at least this old: a busy page's calls then read the session instead of
 * writing it each time (issue 11: wallet reads per second). The idle limit is 30 minutes; recording
 * activity up to 10 s late can only end an idle session up to 10 s early, never late.
 */
export const SESSION_TOUCH_INTERVAL_MS = 10_000;

// ------------------------------------------------ the wallet's live connection (issue 11 "Live balance")
// The spec names the client's side only (behaviour.md §9: a ping every 20 s, 10 reconnects 3 s
// apart); these are the platform's, chosen here.

/**
 * How long a live-connection token (GET /player/wallet/token) can open a socket: 60 s. It only
 * opens one: the socket then lives as long as its session. The app fetches one right before each
 * connection attempt, so a token that leaks (a URL in a proxy log) is useless within a minute.
 */
export const WALLET_LIVE_TOKEN_LIFETIME_S = 60;

/**
 * A socket that sent nothing for this long is closed (1001): the app pings every 20 s
 * (WALLET_PING_MS); a browser runs a hidden tab's timers once a minute at most (Chrome's intensive
 * throttling), so 90 s lets a background tab keep its socket and still drops a dead peer soon.
 */
export const WALLET_LIVE_IDLE_TIMEOUT_MS = 90_000;

/**
 * Sockets one player may hold on one platform process: a few tabs and devices; the next one is
 * refused (1008), so a script cannot hold thousands open with one login.
 */
export const WALLET_LIVE_SOCKETS_PER_PLAYER = 5;

/** The largest message a client may send (the app sends "ping"); a larger one closes the socket (1009). */
export const WALLET_LIVE_MESSAGE_MAX_BYTES = 256;

/** Messages a socket may send in a minute (the app sends 3 pings); past that it is closed (1008). */
export const WALLET_LIVE_MESSAGES_PER_MINUTE = 30;

/**
 * How often the sessions behind the sockets are checked: a session that ends without a notice
 * (past its idle limit or absolute lifetime) closes its sockets within this time. Sign-out, reset
 * and account closure notify at once (server/repositories/session-events.ts).
 */
export const WALLET_LIVE_SESSION_CHECK_MS = 60_000;

/** At shutdown, sockets get a close frame (1001) and this long to answer before they are cut. */
export const WALLET_LIVE_CLOSE_GRACE_MS = 1_000;

/** A shorter HMAC key would be guessable; 32 bytes is the hash's size (RFC 7518 §3.2). */
export const SESSION_SECRET_MIN_CHARS = 32;

/** The captcha secret when CAPTCHA_SECRET is unset: a fixed, public test value (tests, local runs). */
export const DEFAULT_CAPTCHA_SECRET = 'aurora-test-captcha-0000';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

type Env = Readonly<Record<string, string | undefined>>;

export function readConfig(env: Env = process.env): ServerConfig {
  const port = Number(env.PORT ?? 3000);
  if (!Number.isInteger(port) || port < 0 || port > 65_535) throw new Error(`PORT must be a port number, got "${env.PORT ?? ''}".`);
  const apiBaseUrl = nonEmpty(env.API_BASE_URL);
  if (apiBaseUrl !== undefined && !URL.canParse(apiBaseUrl)) {
    throw new Error(`API_BASE_URL must be an absolute URL (https://platform.example.com), got "${apiBaseUrl}".`);
  }
  const mode = platformMode(env.PLATFORM_MODE);
  const testMode = env.PLATFORM_TEST_MODE === '1' || env.PLATFORM_TEST_MODE === 'true';
  if (mode === 'production' && testMode) {
    throw new Error('PLATFORM_TEST_MODE reads the simulated outbox and resets the platform: it cannot be on with PLATFORM_MODE=production.');
  }
  return {
    mode,
    port,
    host: nonEmpty(env.HOST),
    databaseUrl: nonEmpty(env.DATABASE_URL),
    dataDir: resolve(nonEmpty(env.DATA_DIR) ?? '.data'),
    testMode,
    seedTestPlayers: ['PLATFORM_TEST_MODE', 'SEED_TEST_PLAYERS'].some((name) => env[name] === '1' || env[name] === 'true'),
    apiBaseUrl,
    countryHeader: nonEmpty(env.COUNTRY_HEADER),
    corsOrigins: (env.CORS_ORIGINS ?? '').split(',').map((origin) => origin.trim()).filter(Boolean),
    staticDir: resolve(nonEmpty(env.STATIC_DIR) ?? join(ROOT, 'dist')),
    captchaSecret: nonEmpty(env.CAPTCHA_SECRET) ?? DEFAULT_CAPTCHA_SECRET,
    loginLockAttempts: positiveInteger(env, 'LOGIN_LOCK_ATTEMPTS', LOGIN_LOCK_ATTEMPTS_DEFAULT),
    loginLockWindowMinutes: positiveInteger(env, 'LOGIN_LOCK_WINDOW_MINUTES', LOGIN_LOCK_WINDOW_MINUTES_DEFAULT),
    sessionSecret: sessionSecret(env.SESSION_SECRET),
    gameWalletSecret: hmacSecret('GAME_WALLET_SECRET', env.GAME_WALLET_SECRET),
    gameProviderKeys: parseProviderKeys(env.GAME_PROVIDER_KEYS),
    clientAddressHeader: nonEmpty(env.CLIENT_ADDRESS_HEADER),
    siteUrl: siteUrl(env.SITE_URL),
    gameProviderOrigin: gameProviderOrigin(env.GAME_PROVIDER_ORIGIN),
  };
}

function gameProviderOrigin(value: string | undefined): string | undefined {
  const url = nonEmpty(value);
  if (url === undefined) return undefined;
  if (!URL.canParse(url) || !/^https?:$/.test(new URL(url).protocol)) {
    throw new Error(`GAME_PROVIDER_ORIGIN must be an http(s) origin (http://games.localhost:3000), got "${url}".`);
  }
  return new URL(url).origin;
}

function platformMode(value: string | undefined): PlatformMode {
  const mode = nonEmpty(value) ?? 'simulation';
  if (!(PLATFORM_MODES as readonly string[]).includes(mode)) {
    throw new Error(`PLATFORM_MODE must be one of ${PLATFORM_MODES.join(', ')}, got "${mode}".`);
  }
  return mode as PlatformMode;
}

function positiveInteger(env: Env, name: string, fallback: number): number {
  const raw = nonEmpty(env[name]);
  if (raw === undefined) return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 1 || value > 1_000_000) throw new Error(`${name} must be a positive whole number, got "${raw}".`);
  return value;
}

function sessionSecret(value: string | undefined): string | undefined {
  const secret = nonEmpty(value);
  if (secret !== undefined && secret.length < SESSION_SECRET_MIN_CHARS) {
    throw new Error(`SESSION_SECRET must be at least ${String(SESSION_SECRET_MIN_CHARS)} characters (or unset to generate one).`);
  }
  return secret;
}

function hmacSecret(name: string, value: string | undefined): string | undefined {
  const secret = nonEmpty(value);
  if (secret !== undefined && secret.length < SESSION_SECRET_MIN_CHARS) {
    throw new Error(`${name} must be at least ${String(SESSION_SECRET_MIN_CHARS)} characters (or unset to generate one).`);
  }
  return secret;
}

function siteUrl(value: string | undefined): string | undefined {
  const url = nonEmpty(value);
  if (url === undefined) return undefined;
  if (!URL.canParse(url)) throw new Error(`SITE_URL must be an absolute URL (https://www.example.com), got "${url}".`);
  return new URL(url).origin;
}

function nonEmpty(value: string | undefined): string | undefined {
  const trimmed = value?.trim();
  return trimmed ? trimmed : undefined;
}

// ------------------------------------------------ games (issue 12: game launch and the demo provider)

/**
 * How long a game token (POST /game/token) can open a real-money launch: 5 minutes. It is fetched
 * right before the launch call it is for (the game launch machine's grant step) and grants one
 * player, game and channel; a retry fetches a new one. Past it: 401 error.token.expired.
 */
export const GAME_TOKEN_LIFETIME_S = 5 * 60;

/**
 * How long a token provider's session of the player (playngo token_generation, yggdrasil session,
 * relaxgaming and quickspin generatetoken) lets real launches of that provider's games through:
 * as long as the login session it was opened in can live (SESSION_ABSOLUTE_LIFETIME_MS).
 */
export const PROVIDER_SESSION_LIFETIME_MS = SESSION_ABSOLUTE_LIFETIME_MS;

/**
 * How long a demo-provider launch token (its URL's last segment, the credential of every round the
 * game page asks for) lives: 10 minutes (issue 20 "The launch's lifetime is short and renewed while
 * the session lives"). The provider hands the page a renewed token with its answers once half of it
 * has passed, and the page asks at least every DEMO_GAME_KEEPALIVE_MS: a real-money launch's
 * answers come only while the player's login lives (the wallet checks its game session), so a
 * captured launch URL is worth little after a logout, and nothing after 10 minutes.
 */
export const DEMO_GAME_LAUNCH_LIFETIME_S = 10 * 60;
/** How often an open game page asks its provider (and so renews its launch) when the player does nothing. */
export const DEMO_GAME_KEEPALIVE_MS = 2 * 60_000;
