import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { COOKIE_POLICY_VERSION } from '../../machines/lib/constants';
import {
  consentOptionsFrom,
  cookieConsentSync,
  DEFAULT_COOKIE_CONSENT_OPTIONS,
  hasCurrentAnswer,
  isCurrentCookiePolicy,
  sameConsentOptions,
  type LocalCookieConsent,
  type PlatformCookieConsent,
} from '../../machines/lib/cookieConsent';
import { cookieConsentPatchSchema, platformConsentOf } from '../../src/api/cookieConsent';

// The cookie consent's rules, where they are written (machines/lib/cookieConsent.ts; behaviour.md §7
// "/player/cookies/consent: GET and PATCH with the version", §9; issue 23): the defaults, essentials
// always on, the policy in force, and what a login does with the browser's and the platform's answers
// (the player's latest explicit answer to the policy in force wins). And the contract's PATCH body.

const T = 1_780_000_000_000;
const MINUTE = 60_000;
const OLDER = COOKIE_POLICY_VERSION - 1;

const local = (answer: Partial<LocalCookieConsent>): LocalCookieConsent => ({ accepted: true, version: COOKIE_POLICY_VERSION, answeredAt: T, ...answer });
const platform = (answer: Partial<PlatformCookieConsent>): PlatformCookieConsent => ({
  options: { essentials: true, performanceFunctional: true, marketing: false },
  version: COOKIE_POLICY_VERSION,
  answeredAt: T,
  ...answer,
});

describe('cookie consent rules (machines/lib/cookieConsent.ts)', () => {
  it('every option defaults to true and essentials cannot be refused (§9)', () => {
    expect(DEFAULT_COOKIE_CONSENT_OPTIONS).toEqual({ essentials: true, performanceFunctional: true, marketing: true });
    expect(consentOptionsFrom({})).toEqual(DEFAULT_COOKIE_CONSENT_OPTIONS);
    expect(consentOptionsFrom({ essentials: false, marketing: false })).toEqual({ essentials: true, performanceFunctional: true, marketing: false });
    expect(sameConsentOptions(consentOptionsFrom({ marketing: false }), { essentials: true, performanceFunctional: true, marketing: false })).toBe(true);
    expect(sameConsentOptions(DEFAULT_COOKIE_CONSENT_OPTIONS, { ...DEFAULT_COOKIE_CONSENT_OPTIONS, performanceFunctional: false })).toBe(false);
  });

  it('only an accepted answer to the policy in force needs no notice', () => {
    expect(isCurrentCookiePolicy(COOKIE_POLICY_VERSION)).toBe(true);
    expect(isCurrentCookiePolicy(OLDER)).toBe(false);
    expect(isCurrentCookiePolicy(COOKIE_POLICY_VERSION + 1)).toBe(false);
    expect(isCurrentCookiePolicy(null)).toBe(false);
    expect(hasCurrentAnswer(local({}))).toBe(true);
    expect(hasCurrentAnswer(local({ version: OLDER }))).toBe(false);
    expect(hasCurrentAnswer(local({ accepted: false }))).toBe(false);
  });

  it.each<[string, LocalCookieConsent, PlatformCookieConsent | null, ReturnType<typeof cookieConsentSync>]>([
    ['a choice made here before login, the platform holding none: uploaded', local({}), null, 'upload'],
    ['a choice made here later than the platform’s: uploaded', local({ answeredAt: T + MINUTE }), platform({}), 'upload'],
    ['the platform holding an older policy’s answer: the choice here is uploaded', local({}), platform({ version: OLDER, answeredAt: T + MINUTE }), 'upload'],
    ['the platform’s answer is later (another device): loaded here', local({}), platform({ answeredAt: T + MINUTE }), 'adopt'],
    ['the same time (loaded or uploaded before): the platform’s, nothing sent', local({}), platform({}), 'adopt'],
    ['an answer stored here before its time was kept: the platform’s wins', local({ answeredAt: null }), platform({ answeredAt: T - MINUTE }), 'adopt'],
    ['nothing answered here: the platform’s answer is loaded, no notice', local({ accepted: false, version: null, answeredAt: null }), platform({}), 'adopt'],
    ['an older policy answered here, the current one on the platform: loaded', local({ version: OLDER, answeredAt: T + MINUTE }), platform({}), 'adopt'],
    ['both answered an older policy: the notice again', local({ version: OLDER }), platform({ version: OLDER }), 'askAgain'],
    ['nothing anywhere: the notice stays', local({ accepted: false, version: null, answeredAt: null }), null, 'none'],
    ['an older policy answered here, nothing on the platform: the notice stays', local({ version: OLDER }), null, 'none'],
  ])('at login, %s', (_, browser, held, expected) => {
    expect(cookieConsentSync(browser, held)).toBe(expected);
  });
});

describe('the PATCH body (src/api/cookieConsent.ts)', () => {
  const body = { essentials: true, performanceFunctional: false, marketing: true, version: COOKIE_POLICY_VERSION };

  it('takes the three choices and the version; essentials must be true', () => {
    expect(v.parse(cookieConsentPatchSchema, body)).toEqual(body);
    expect(v.safeParse(cookieConsentPatchSchema, { ...body, essentials: false }).success).toBe(false);
    expect(v.safeParse(cookieConsentPatchSchema, { ...body, version: 0 }).success).toBe(false);
    expect(v.safeParse(cookieConsentPatchSchema, { ...body, extra: 1 }).success).toBe(false);
  });

  it("reads the platform's answer as the machine does (its time in ms)", () => {
    expect(platformConsentOf({ ...body, answeredAt: '2026-07-01T10:05:00.000Z' })).toEqual({
      options: { essentials: true, performanceFunctional: false, marketing: true },
      version: COOKIE_POLICY_VERSION,
      answeredAt: Date.parse('2026-07-01T10:05:00.000Z'),
    });
  });
});
