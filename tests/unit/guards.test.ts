import { createActor, fromPromise } from 'xstate';
import { describe, expect, it } from 'vitest';
import type { AccessCheckValue, AppGate, SessionView, TermsView } from '../../machines/session.guards';
import {
  afterLoginPath,
  appGate,
  authRedirect,
  isAuthorized,
  isLoadingProfile,
  isResolved,
  isRiskRestricted,
  isSettled,
  LOGIN_REDIRECT_EXCLUDED_PATHS,
  localeRedirect,
  mayPlayLobby,
  termsOutdated,
  termsRedirect,
  waitForResolved,
} from '../../machines/session.guards';
import { sessionMachine, sessionStatus } from '../../machines/session.machine';
import type { AuthenticatedSession, SessionStatus } from '../../machines/session.machine';
import type { StateValue } from 'xstate';
import { ACCESS_FLAGS } from '../../src/api/player';

describe('localeRedirect (product.md §2: every route under /$langmarket, else /en-UN keeping the path)', () => {
  it.each<[string, string | null, string]>([
    ['/en-UN', null, 'the default market'],
    ['/fi-FI/terms', null, 'a market and one of its languages'],
    ['/en-FI/cookie-policy', null, 'a market’s second language'],
    ['/caf-CA', null, 'a four-letter language'],
    ['/inen-IN/bonus-terms', null, 'India English'],
    ['/en-GG/', null, 'a trailing slash is the router’s business'],
    ['/', '/en-UN', 'the site root'],
    ['', '/en-UN', 'an empty path'],
    ['/terms', '/en-UN/terms', 'a page without a locale is prefixed'],
    ['/cookie-policy/', '/en-UN/cookie-policy', 'no trailing slash in the target'],
    ['/casino-rules', '/en-UN/casino-rules', 'a page whose name has a dash is not a locale'],
    ['/online-casino/slots', '/en-UN/online-casino/slots', 'the whole path is kept'],
    ['/xx-YY/terms', '/en-UN/terms', 'an unknown language and market'],
    ['/fi-SE/terms', '/en-UN/terms', 'an unknown market'],
    ['/ja-JP', '/en-UN', 'a disabled market (JP)'],
    ['/en-JP/terms', '/en-UN/terms', 'a disabled market in an offered language'],
    ['/de-FI/terms', '/en-UN/terms', 'a language the market does not offer'],
    ['/EN-fi/terms', '/en-UN/terms', 'wrong case'],
    ['/en-fi', '/en-UN', 'a lowercase market'],
    ['/en_UN/terms', '/en-UN/terms', 'an underscore'],
    ['//fi-FI//terms', null, 'empty segments are not a locale problem'],
    ['//terms//page', '/en-UN/terms/page', 'no double slashes in the target'],
  ])('%s -> %s (%s)', (pathname, expected) => {
    expect(localeRedirect(pathname)).toBe(expected);
  });

  it('never redirects to a path it would redirect again', () => {
    for (const pathname of ['/', '/terms', '/xx-YY/a/b', '/ja-JP', '/EN-fi']) {
      const target = localeRedirect(pathname);
      expect(target).not.toBeNull();
      expect(localeRedirect(target ?? '')).toBeNull();
    }
  });
});

const authorizedView = (authorized: boolean): SessionView => ({ value: { resolved: 'authorized' }, context: { authorized } });

describe('session guards (behaviour.md §4 "Session": pending, requested, resolved)', () => {
  it.each<[string, SessionView, SessionStatus, boolean, boolean]>([
    ['pending', { value: 'pending', context: { authorized: false } }, 'pending', false, false],
    ['requested', { value: 'requested', context: { authorized: false } }, 'requested', false, false],
    ['resolved anonymous', { value: { resolved: 'anonymous' }, context: { authorized: false } }, 'resolved', true, false],
    ['resolved authorized', authorizedView(true), 'resolved', true, true],
    // The flag and the state must agree; a state without the flag is not trusted.
    ['authorized state without the flag', authorizedView(false), 'resolved', true, false],
    ['anonymous state with a stale flag', { value: { resolved: 'anonymous' }, context: { authorized: true } }, 'resolved', true, false],
  ])('%s', (_name, view, status, resolved, authorized) => {
    expect(sessionStatus(view)).toBe(status);
    expect(isResolved(view)).toBe(resolved);
    expect(isAuthorized(view)).toBe(authorized);
  });

  it('beforeLoad can wait for the real session to resolve', async () => {
    // Today's app: nobody to restore, the visitor is anonymous.
    const restoreSession = fromPromise<AuthenticatedSession | null>(() => Promise.resolve(null));
    const session = createActor(
      sessionMachine.provide({ actors: { restoreSession } }),
      { input: { langMarket: { language: 'en', market: 'UN' } } },
    ).start();
    const waiting = waitForResolved(session);
    expect(isResolved(session.getSnapshot())).toBe(false);
    session.send({ type: 'session.start' });
    const resolved = await waiting;
    expect(sessionStatus(resolved)).toBe('resolved');
    expect(isAuthorized(resolved)).toBe(false);
    session.stop();
  });
});

describe('appGate (product.md §2: maintenance and restricted access replace the app)', () => {
  it.each<[AccessCheckValue, boolean | undefined, AppGate]>([
    ['loading', undefined, 'loading'],
    ['loading', false, 'loading'],
    // Rechecking during maintenance keeps the maintenance page instead of flashing the loader.
    ['loading', true, 'maintenance'],
    ['allowed', undefined, 'allowed'],
    ['restricted', undefined, 'restricted'],
    ['maintenance', true, 'maintenance'],
    ['failed', undefined, 'failed'],
    ['failed', false, 'failed'],
  ])('%s (maintenance flag %s) -> %s', (value, maintenance, expected) => {
    expect(appGate(value, maintenance === undefined ? undefined : { maintenance })).toBe(expected);
  });
});

/** The authorized state as the real machine reports it: three regions of player data. */
const AUTHORIZED: StateValue = { resolved: { authorized: { profile: 'loaded', access: 'loaded', transactionSummary: 'loaded' } } };
const LOADING_PROFILE: StateValue = { resolved: { authorized: { profile: 'loading', access: 'loaded', transactionSummary: 'loading' } } };

describe('isSettled (the terms guard waits for the profile of an authorized player)', () => {
  it.each<[string, StateValue, boolean, boolean]>([
    ['pending', 'pending', false, false],
    ['requested', 'requested', false, false],
    ['anonymous', { resolved: 'anonymous' }, false, true],
    ['logging out', { resolved: 'loggingOut' }, false, true],
    ['authorized, profile loading', LOADING_PROFILE, true, false],
    ['authorized, profile loaded', AUTHORIZED, false, true],
    ['authorized, profile failed', { resolved: { authorized: { profile: 'failed', access: 'loading', transactionSummary: 'loading' } } }, false, true],
  ])('%s', (_name, value, loadingProfile, settled) => {
    expect(isLoadingProfile({ value })).toBe(loadingProfile);
    expect(isSettled({ value })).toBe(settled);
  });

  it('reads the nested authorized state as authorized', () => {
    expect(isAuthorized({ value: AUTHORIZED, context: { authorized: true } })).toBe(true);
    expect(isAuthorized({ value: { resolved: 'loggingOut' }, context: { authorized: false } })).toBe(false);
  });
});

const player = (accepted: number | null, current: number | null, authorized = true): TermsView => ({
  value: authorized ? AUTHORIZED : { resolved: 'anonymous' },
  context: {
    authorized,
    profile: accepted === null ? null : { termsAndConditionsAcceptedVersion: accepted },
    currentTermsVersion: current,
  },
});

describe('termsOutdated (behaviour.md §6: a terms-update flag)', () => {
  it.each<[number | null, number | null, boolean]>([
    [2, 3, true],
    [3, 3, false],
    [4, 3, false],
    // Unknown is not outdated: no profile, or the current version could not be loaded.
    [null, 3, false],
    [2, null, false],
  ])('accepted %s, current %s -> %s', (accepted, current, expected) => {
    expect(termsOutdated(player(accepted, current).context)).toBe(expected);
  });
});

describe('termsRedirect (product.md §2 "Terms guard"; my-account pages and accept-terms exempt)', () => {
  it.each<[string, TermsView, string | null, string]>([
    ['/en-UN', player(2, 3), '/en-UN/accept-terms-condition', 'the home page'],
    ['/fi-FI/online-casino/slots', player(2, 3), '/fi-FI/accept-terms-condition', 'any page, in the player’s langmarket'],
    ['/en-FI/terms', player(2, 3), '/en-FI/accept-terms-condition', 'the static terms page is not exempt'],
    ['/en-UN/accept-terms-condition', player(2, 3), null, 'the accept page itself'],
    ['/en-UN/accept-terms-condition/', player(2, 3), null, 'with a trailing slash'],
    ['/en-UN/my-account', player(2, 3), null, 'the account area'],
    ['/en-UN/my-account/banking/deposit', player(2, 3), null, 'deep in the account area'],
    ['/en-UN/my-accounts', player(2, 3), '/en-UN/accept-terms-condition', 'a look-alike path is not exempt'],
    ['/en-UN/online-casino', player(3, 3), null, 'current terms accepted'],
    ['/en-UN/online-casino', player(null, 3), null, 'profile not loaded'],
    ['/en-UN/online-casino', player(2, 3, false), null, 'an anonymous visitor'],
    ['/xx-YY/online-casino', player(2, 3), null, 'no valid langmarket: the locale guard’s business'],
  ])('%s -> %s (%s)', (pathname, view, expected) => {
    expect(termsRedirect(pathname, view)).toBe(expected);
  });
});

const anonymous: SessionView = { value: { resolved: 'anonymous' }, context: { authorized: false } };
const signedIn: SessionView = { value: AUTHORIZED, context: { authorized: true } };

describe('authRedirect (product.md §2 "Account area": /401 with the original path)', () => {
  it.each<[string, SessionView, string | null, string]>([
    ['/en-UN/my-account/account', anonymous, '/en-UN/401?redirect=%2Fmy-account%2Faccount', 'the path below the langmarket'],
    ['/fi-FI/my-account/banking?tab=deposit', anonymous, '/fi-FI/401?redirect=%2Fmy-account%2Fbanking%3Ftab%3Ddeposit', 'with its search'],
    ['/en-UN', anonymous, '/en-UN/401?redirect=%2F', 'the home page'],
    ['/en-UN/my-account/account', { value: 'requested', context: { authorized: false } }, '/en-UN/401?redirect=%2Fmy-account%2Faccount', 'not yet known counts as not logged in'],
    ['/en-UN/my-account/account', { value: { resolved: 'loggingOut' }, context: { authorized: false } }, '/en-UN/401?redirect=%2Fmy-account%2Faccount', 'logging out'],
    ['/en-UN/my-account/account', signedIn, null, 'a player stays'],
  ])('%s -> %s (%s)', (href, view, expected) => {
    expect(authRedirect(href, view)).toBe(expected);
  });

  it('round-trips with afterLoginPath', () => {
    const target = authRedirect('/fi-FI/my-account/account', anonymous) ?? '';
    const redirect = new URL(target, 'https://example.test').searchParams.get('redirect');
    expect(afterLoginPath('fi-FI', redirect)).toBe('/fi-FI/my-account/account');
  });
});

describe('afterLoginPath (product.md §2 "After login ...": {langmarket}{target path}, excluded targets go home)', () => {
  it.each<[string | null | undefined, string, string]>([
    ['/online-casino', '/fi-FI/online-casino', 'a page below the langmarket'],
    ['/live-casino-online/play/evolution/42?table=1', '/fi-FI/live-casino-online/play/evolution/42?table=1', 'with its search'],
    ['/my-account/account', '/fi-FI/my-account/account', 'an account page'],
    ['/en-UN/online-casino', '/fi-FI/online-casino', 'a langmarket in the target is replaced by the player’s'],
    ['/', '/fi-FI', 'the home page'],
    [null, '/fi-FI', 'no target'],
    [undefined, '/fi-FI', 'no target'],
    ['', '/fi-FI', 'an empty target'],
    ['/login', '/fi-FI', 'excluded: login'],
    ['/signup', '/fi-FI', 'excluded: sign-up'],
    ['/signup/pnp', '/fi-FI', 'excluded: below sign-up'],
    ['/reset-password', '/fi-FI', 'excluded: reset password'],
    ['/401?redirect=%2Fx', '/fi-FI', 'excluded: the access-error page'],
    ['/accept-terms-condition', '/fi-FI', 'excluded: accept terms'],
    ['/en-UN/signup', '/fi-FI', 'excluded under a langmarket'],
    ['/signups', '/fi-FI/signups', 'a look-alike path is not excluded'],
    ['//evil.example/path', '/fi-FI', 'another site (protocol-relative)'],
    ['/\\evil.example', '/fi-FI', 'another site (backslash)'],
    ['https://evil.example/', '/fi-FI', 'another site (absolute URL)'],
    ['online-casino', '/fi-FI', 'not a path'],
    ['/en-UN//evil.example', '/fi-FI', 'another site after a langmarket'],
  ])('%s -> %s (%s)', (target, expected) => {
    expect(afterLoginPath('fi-FI', target)).toBe(expected);
  });

  it('excludes the login, sign-up, reset-password, 401 and accept-terms paths', () => {
    expect([...LOGIN_REDIRECT_EXCLUDED_PATHS]).toEqual(['/login', '/signup', '/reset-password', '/401', '/accept-terms-condition']);
  });
});

const ACCESS_ALL = Object.fromEntries(ACCESS_FLAGS.map((flag) => [flag, true]));

describe('mayPlayLobby (product.md §2 "Route guards": casino and live casino access, payout risk, multibrand suspension)', () => {
  const access = { casino: true, liveCasino: true, payout: true };
  const player = (overrides: { access?: Partial<typeof access> | null; suspended?: boolean } = {}) =>
    ({
      value: { resolved: 'authorized' },
      context: {
        authorized: true,
        access: overrides.access === null ? null : ({ ...ACCESS_ALL, ...access, ...overrides.access } as never),
        profile: null,
        claims: { multibrand: { suspended: overrides.suspended ?? false } } as never,
        langMarket: { language: 'en', market: 'UN' },
      },
    }) as Parameters<typeof mayPlayLobby>[0];

  it.each([
    ['a player with both accesses', player(), 'casino', true],
    ['a player with both accesses', player(), 'live-casino', true],
    ['no casino access', player({ access: { casino: false } }), 'casino', false],
    ['no casino access, live is another lobby', player({ access: { casino: false } }), 'live-casino', true],
    ['no live casino access', player({ access: { liveCasino: false } }), 'live-casino', false],
    ['risk-payout flagged', player({ access: { payout: false } }), 'casino', false],
    ['multibrand-suspended', player({ suspended: true }), 'live-casino', false],
    ['no access details (behaviour.md §5: allowed without a profile)', player({ access: null }), 'casino', true],
  ] as const)('%s: %s → %s', (_name, view, lobby, expected) => {
    expect(mayPlayLobby(view, lobby)).toBe(expected);
  });

  it('lets a visitor in (behaviour.md §5: access counts as allowed when unauthenticated)', () => {
    expect(mayPlayLobby({ value: { resolved: 'anonymous' }, context: { authorized: false, access: null, profile: null, claims: null, langMarket: { language: 'en', market: 'UN' } } }, 'live-casino')).toBe(true);
  });
});

describe('isRiskRestricted (product.md §2 "Route guards": risk-payout flagged or multibrand-suspended)', () => {
  const player = (overrides: { payout?: boolean; suspended?: boolean; access?: null } = {}) =>
    ({
      value: { resolved: 'authorized' },
      context: {
        authorized: true,
        access: overrides.access === null ? null : ({ ...ACCESS_ALL, payout: overrides.payout ?? true } as never),
        profile: null,
        claims: { multibrand: { suspended: overrides.suspended ?? false } } as never,
        langMarket: { language: 'en', market: 'UN' },
      },
    }) as Parameters<typeof isRiskRestricted>[0];

  it.each([
    ['a player in good standing', player(), false],
    ['risk-payout flagged', player({ payout: false }), true],
    ['multibrand-suspended', player({ suspended: true }), true],
    ['no access details: no flag known', player({ access: null }), false],
  ] as const)('%s → %s', (_name, view, expected) => {
    expect(isRiskRestricted(view)).toBe(expected);
  });
});
