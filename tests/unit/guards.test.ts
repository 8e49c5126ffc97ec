import { createActor, fromPromise } from 'xstate';
import { describe, expect, it } from 'vitest';
import type { AccessCheckValue, AppGate, SessionView } from '../../machines/session.guards';
import { appGate, isAuthorized, isResolved, localeRedirect, waitForResolved } from '../../machines/session.guards';
import { sessionMachine, sessionStatus } from '../../machines/session.machine';
import type { SessionClaims, SessionStatus } from '../../machines/session.machine';

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
    const restoreSession = fromPromise<SessionClaims | null>(() => Promise.resolve(null));
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
