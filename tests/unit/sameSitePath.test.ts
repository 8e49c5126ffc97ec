import { describe, expect, it } from 'vitest';
import { payAndPlayTarget } from '../../machines/lib/payAndPlay';
import { SAME_SITE_PATH_MAX_LENGTH, sameSitePath } from '../../machines/lib/sameSitePath';
import { afterLoginPath } from '../../machines/session.guards';

// machines/lib/sameSitePath.ts: the one rule for return paths (issue 9: normalise, then decide).

describe('sameSitePath', () => {
  it.each([
    ['/', '/'],
    ['/online-casino', '/online-casino'],
    ['/fi-FI/my-account/account?tab=1#top', '/fi-FI/my-account/account?tab=1#top'],
    ['/a//b///c', '/a/b/c'],
    ['/a/./b/../c', '/a/c'],
    ['/a/%2e/b', '/a/b'],
    ['/..', '/'],
    ['/a/..', '/'],
    ['/x?u=https://elsewhere.example', '/x?u=https://elsewhere.example'],
    ['/caf%C3%A9', '/caf%C3%A9'],
  ])('keeps %j as %j', (raw, expected) => {
    expect(sameSitePath(raw)).toBe(expected);
  });

  it.each([
    '/.//evil.example',
    '/x/..//evil.example',
    '/%2e%2e//evil.example',
    '/%2F%2Fevil.example',
    '/%252F%252Fevil.example',
    '//evil.example',
    '/\\evil.example',
    '/%5Cevil.example',
    '/a b',
    '/\u0000',
    '/%00',
    '/%0d%0aSet-Cookie:x',
    '/\u2028',
    'https://evil.example',
    'javascript:alert(1)',
    'online-casino',
    '',
    '/%zz',
    `/${'a'.repeat(SAME_SITE_PATH_MAX_LENGTH)}`,
    null,
    42,
    ['/a'],
  ])('refuses %j', (raw) => {
    expect(sameSitePath(raw)).toBeNull();
  });
});

describe('its callers refuse the same tricks', () => {
  it.each(['/.//evil.example', '/fi-FI/.//evil.example', '/fi-FI/%2F%2Fevil.example', '/fi-FI/x/..//evil.example', '/%5Cevil.example'])(
    'a login redirect %j leads home',
    (target) => {
      expect(afterLoginPath('fi-FI', target)).toBe('/fi-FI');
    },
  );

  it('a login redirect below the langmarket is normalised', () => {
    expect(afterLoginPath('fi-FI', '/en-UN/my-account/./account')).toBe('/fi-FI/my-account/account');
  });

  it.each(['/.//evil.example', '/x/..//evil.example', '/signup/pnp', '/./signup'])('a pay-and-play target %j is dropped', (target) => {
    expect(payAndPlayTarget(target)).toBeNull();
  });
});
