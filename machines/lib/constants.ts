// behaviour.md §9 "Business constants and limits". Every number the spec names lives here once,
// with its unit in the name; machines, the app and the platform import it from here.

/** §9 Default site id (sent in the SiteContext header). */
export const DEFAULT_SITE_ID = 1;
/** §9 Default currency. */
export const DEFAULT_CURRENCY = 'EUR';
/** §9 Default sign-up country and phone country. */
export const DEFAULT_SIGNUP_COUNTRY = 'FI';

/** §9 Activity check timer: 1800 s. Also the idle-logout limit (GLI-19 2.5.4). */
export const IDLE_LIMIT_MS = 1_800_000;
/** §9 Activity timer default, in minutes. */
export const ACTIVITY_TIMER_DEFAULT_MINUTES = 120;
/** §9 Activity and reality-check interval choices, in minutes. */
export const ACTIVITY_INTERVAL_CHOICES_MINUTES = [30, 60, 120] as const;
/** §9 Activity timer poll. */
export const ACTIVITY_TIMER_POLL_MS = 60_000;

/** §9 Transaction page size (hasMore only when a page has exactly this many items). */
export const TRANSACTION_PAGE_SIZE = 10;
/** §9 Wallet poll. */
export const WALLET_POLL_MS = 20_000;
/** §9 Transaction poll. */
export const TRANSACTION_POLL_MS = 30_000;
/** §9 Wallet connection ping. */
export const WALLET_PING_MS = 20_000;
/** §9 Wallet reconnect: 10 attempts, 3 s apart. */
export const WALLET_RECONNECT_ATTEMPTS = 10;
export const WALLET_RECONNECT_DELAY_MS = 3_000;
/** §9 Login retry: 5 attempts, 3000 ms apart (network failures only). */
export const LOGIN_RETRY_ATTEMPTS = 5;
export const LOGIN_RETRY_DELAY_MS = 3_000;
/** §9 Bonus steps: min 2, max 101 (behaviour.md §5; machines/lib/bonuses.ts progressSteps, docs/SPEC-READINGS.md). */
export const BONUS_STEPS_MIN = 2;
export const BONUS_STEPS_MAX = 101;
/** §9 Cashback notification cleared after. */
export const CASHBACK_NOTIFICATION_MS = 5_000;
/** §9 Locale load retry: up to 3, delay 2000 ms times the attempt number. */
export const LOCALE_LOAD_RETRIES = 3;
export const LOCALE_LOAD_RETRY_DELAY_MS = 2_000;
/** §9 Indefinite exclusion is sent as 12 months. */
export const INDEFINITE_EXCLUSION_MONTHS = 12;
/** §9 Cooling-off starts at 1 day, initiator PLAYER. */
export const COOLING_OFF_START_DAYS = 1;
export const COOLING_OFF_INITIATOR = 'PLAYER';
/** §9 Recent games default limit. */
export const RECENT_GAMES_LIMIT = 30;
/** §9 Query staleness: 5 minutes, no retries. */
export const QUERY_STALE_MS = 300_000;
export const QUERY_RETRIES = 0;
/** §9 Casino category page size. */
export const CASINO_CATEGORY_PAGE_SIZE = { desktop: 30, mobile: 15 } as const;
/** §9 Search and category games page. */
export const GAMES_PAGE_SIZE = { desktop: 60, mobile: 30 } as const;
/** §9 Live-casino rows span. */
export const LIVE_CASINO_ROWS_SPAN = 2;
/** §9 Time-frame choices, in hours. */
export const TIME_FRAME_CHOICES_HOURS = [24, 72] as const;
/** §9 Day length. */
export const DAY_MS = 86_400_000;
/** §9 Cookie lifetime (id token, sportsbook session): one year. */
export const COOKIE_LIFETIME_S = 31_536_000;
/** §9 Resize delay. */
export const RESIZE_DELAY_MS = 350;
/** §9 Header height. */
export const HEADER_HEIGHT_PX = 56;
/** §9 Breakpoints (min widths). */
export const BREAKPOINTS_PX = { xs: 0, sm: 320, md: 768, lg: 1024, xl: 1440 } as const;
/** §9 Image URL quality. */
export const IMAGE_QUALITY = 75;
/** §9 Game ticket partner id. */
export const GAME_TICKET_PARTNER_ID = 653;
/** §9 Default jurisdiction for the relax launcher. */
export const DEFAULT_JURISDICTION = 'MT';
/** §9 Currency amounts: max 2 fraction digits. */
export const CURRENCY_MAX_FRACTION_DIGITS = 2;
/** §9 Date formats: day/month/year for display; yyyy-MM-dd and yyyyMMdd on the wire. */
export const DISPLAY_DATE_FORMAT = 'dd/MM/yyyy';
export const WIRE_DATE_FORMAT = 'yyyy-MM-dd';
export const COMPACT_DATE_FORMAT = 'yyyyMMdd';
/** §9 Content client: request timeout 5 minutes; GET switches to POST from 11264 characters. */
export const CONTENT_REQUEST_TIMEOUT_MS = 300_000;
export const CONTENT_GET_MAX_URL_CHARS = 11_264;
/** §9 Affiliate query parameters kept with a registration. */
export const AFFILIATE_PARAMS = ['aff_id', 'appsflyer_token'] as const;

/** behaviour.md §9: cookie consent options are stored under one local storage key. */
export const COOKIE_CONSENT_STORAGE_KEY = 'cookieConsent';
/**
 * behaviour.md §7 "/player/cookies/consent: GET and PATCH with the version": the version of the
 * cookie policy (product.md §1 /cookie-policy, content id cookies_policy) a consent answers. The spec
 * gives no number: the policy the site shipped with is version 1. Raise it when the policy changes
 * materially; a consent to an older version is asked again (the notice shows), and the platform
 * accepts a consent to this version only.
 */
export const COOKIE_POLICY_VERSION = 1;
/** A consent the browser stored before consents carried their version (issue 23) answered the first policy. */
export const FIRST_COOKIE_POLICY_VERSION = 1;
/** Toasts close by themselves after this long unless hovered or focused (product.md §2 "with timer"). */
export const TOAST_DURATION_MS = 6_000;
/**
 * How long the maintenance page waits before asking the platform again. The spec is silent
 * (product.md §2 only says the maintenance page replaces the app); 30 s keeps the load low and
 * lets players back in soon after maintenance ends.
 */
export const MAINTENANCE_RECHECK_MS = 30_000;
/**
 * How long the sign-up waits for the registration (the terms version and the registration call)
 * before it stops waiting, says so and offers the retry (issue 21: a request that hangs showed
 * progress without end). behaviour.md is silent on a registration's timeout; 20 s is well past a
 * slow mobile network's answer (the platform hashes the password, a second or two under load) and
 * short enough that a player still waits for it. A retry of the same details is safe: the platform
 * answers a registration sent again while it is open (docs/SPEC-READINGS.md).
 */
export const SIGNUP_REGISTRATION_TIMEOUT_MS = 20_000;

// Pay and play (behaviour.md §4 "Pay and play", product.md §3 "Pay-and-play"). The spec names no
// amounts; these are the app's choices, in major units of the visitor's currency. The platform
// checks the same bounds (error.paynplay.amount.invalid).
/** Smallest first deposit a pay-and-play visitor may make. */
export const PAY_AND_PLAY_MIN_DEPOSIT = 10;
/** Largest first deposit a pay-and-play visitor may make. */
export const PAY_AND_PLAY_MAX_DEPOSIT = 5_000;
/** The amounts offered as one-tap choices on the amount step (a custom amount is always possible). */
export const PAY_AND_PLAY_PRESET_AMOUNTS = [20, 50, 100, 200] as const;
/**
 * product.md §2 "After pay-and-play login: a saved target path, else a default path whose value is
 * not shown": the app's choice is the home page, `/{langmarket}` (a path under the langmarket).
 */
export const PAY_AND_PLAY_DEFAULT_TARGET_PATH = '/';

// Sign-up (behaviour.md §5: "Field-level rules for forms (formats, lengths, required fields) are
// not shown"): the app's choices, checked again by the platform.
/** Password length bounds for a new password (OWASP ASVS 2.1.1 asks at least 8; 64 allows passphrases). */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 64;
/** Digits of an SMS or e-mail verification code (behaviour.md §4 "Sign-up" pin; the length is not shown). */
export const SIGNUP_CODE_LENGTH = 6;
/**
 * How long codes stay paused after sms.max.attempts.reached (behaviour.md §8 shows the SMS block
 * but gives no time). The platform counts sends and wrong codes per registration in a window of
 * this length from the first send (server/platform/codes.ts CODE_LIMIT_WINDOW_MS), so at most this
 * long after the block new codes go out again; the SMS block says it.
 */
export const CODE_BLOCK_MINUTES = 60;

// Account lock (issue 3 "Security"; GLI-19 2.5.3): this many failed logins within the window lock
// the account for the window's length. The platform's defaults; LOGIN_LOCK_ATTEMPTS and
// LOGIN_LOCK_WINDOW_MINUTES in its environment override them (server/config.ts).
export const LOGIN_LOCK_ATTEMPTS_DEFAULT = 3;
export const LOGIN_LOCK_WINDOW_MINUTES_DEFAULT = 30;

// Idle logout (behaviour.md §4 "Session": each check compares the last activity with now; past
// IDLE_LIMIT_MS a logout call is made, then a local logout; product.md §2: an idle-timer modal).
/**
 * How long before IDLE_LIMIT_MS the idle-warning dialog shows. The spec names the modal but not
 * when it appears; a minute is long enough to notice the countdown and answer "Stay logged in".
 */
export const IDLE_WARNING_MS = 60_000;
/**
 * How often the idle timer compares the last activity with now. The spec does not give it; it
 * must be well below IDLE_WARNING_MS so the warning is never skipped, and it bounds how late
 * after the limit the logout can come (at most one check).
 */
export const IDLE_CHECK_MS = 10_000;
/**
 * The platform ends a session whose last authenticated call is older than IDLE_LIMIT_MS (GLI-19
 * 2.5.4), but in-page activity (pointer, key, scroll) never reaches it. So while the player is
 * active the idle timer asks for a keep-alive (POST /player/session/refresh), at most this often
 * and only when there was activity since the last one. The spec does not give it; 5 minutes is a
 * sixth of the limit, so an active player's session is renewed long before it could idle out,
 * and one small call every 5 minutes costs the platform little.
 */
export const SESSION_KEEPALIVE_MS = 300_000;

/**
 * Issue 12 "seats and seatsTaken (tables)": how long a live table's seats-taken count holds on the
 * platform (server/content/catalog/seats.ts, its clock bucket) and how often the lobby asks for the
 * counts again (src/api/gameQueries.ts tableSeatsQuery). The spec gives no figure; 30 s is the
 * jackpots' refresh, so the lobby's moving values come together.
 */
export const TABLE_SEATS_REFRESH_MS = 30_000;
