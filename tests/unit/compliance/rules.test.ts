import { describe, expect, it } from 'vitest';
import type { SessionClaims } from '../../../machines/lib/identity';
import type { LimitWarning } from '../../../src/api/responsibleGambling';
import { isDepositLimitRequiredFirst } from '../../../src/features/banking/DepositFlow';
import { isPlayPath, marketCodeOr, rgLoginOf, rulesMarketOf } from '../../../src/features/compliance/layer';
import { shownWarnings, usedShare, warningKey } from '../../../src/features/compliance/limitWarnings';
import { formatSessionClock, msToNextTick, sessionClockDuration, sessionElapsedMs } from '../../../src/features/compliance/sessionClock';

// The compliance layer's pure parts (issue 13 "The compliance layer, per market"): whose rules apply,
// where play is possible (the panic button), the UK session clock, the 80 % warnings a player still
// sees, and the deposit refused until the market's required limit is set.

function claims(countryCode: string): SessionClaims {
  return {
    countryCode,
    playerId: 7,
    playerAccessId: 'a',
    email: 'p@example.com',
    language: 'en',
    iat: 1_700_000_000,
    loginMethod: 'DEFAULT',
    zendeskJwtToken: null,
    registrationDate: null,
    multibrand: null,
    provinceCode: null,
    exp: null,
  };
}

describe('whose rules apply', () => {
  it("is the route's market for a visitor", () => {
    expect(rulesMarketOf({ authorized: false, profile: null, claims: null }, 'PP')).toBe('PP');
  });

  it("is the player's country's market when logged in, whatever the route: the licence follows the player", () => {
    expect(rulesMarketOf({ authorized: true, profile: null, claims: claims('SE') }, 'UN')).toBe('PP');
    expect(rulesMarketOf({ authorized: true, profile: null, claims: claims('GB') }, 'PP')).toBe('GG');
    expect(rulesMarketOf({ authorized: true, profile: null, claims: claims('DE') }, 'UN')).toBe('JJ');
    // Both ways on the German site: a German player keeps JJ's rules, a Finnish one does not get them.
    expect(rulesMarketOf({ authorized: true, profile: null, claims: claims('DE') }, 'JJ')).toBe('JJ');
    expect(rulesMarketOf({ authorized: true, profile: null, claims: claims('FI') }, 'JJ')).toBe('FI');
  });

  it('prefers the profile to the claims, and a country without a market is the global one', () => {
    const profile = { countryCode: 'DE' } as Parameters<typeof rulesMarketOf>[0]['profile'];
    expect(rulesMarketOf({ authorized: true, profile, claims: claims('SE') }, 'UN')).toBe('JJ');
    expect(rulesMarketOf({ authorized: true, profile: null, claims: claims('MT') }, 'PP')).toBe('UN');
  });

  it('reads a market code, else falls back', () => {
    expect(marketCodeOr('GG', 'UN')).toBe('GG');
    expect(marketCodeOr('XX', 'FI')).toBe('FI');
  });

  it('keys the summary by the login', () => {
    expect(rgLoginOf({ authorized: false, claims: null })).toBeNull();
    expect(rgLoginOf({ authorized: true, claims: claims('GB') })).toEqual({ playerId: 7, iat: 1_700_000_000 });
  });
});

describe('where play is possible (the panic button)', () => {
  it.each([
    '/de-JJ',
    '/de-JJ/',
    '/en-UN',
    '/de-JJ/online-casino',
    '/de-JJ/online-casino/',
    '/de-JJ/online-casino/slots',
    '/de-JJ/online-casino/play/pragmaticplay/123',
    '/en-JJ/live-casino-online',
    '/en-JJ/live-casino-online/roulette',
    '/de-JJ/live-casino-online/play/evolution/9',
    '/de-JJ/play/book-of-aurora',
  ])('%s is a play page', (path) => expect(isPlayPath(path)).toBe(true));

  it.each(['/de-JJ/terms', '/en-UN/terms', '/de-JJ/my-account/gambling-limits', '/de-JJ/online-casino-news', '/de-JJ/deposit', '/de-JJ/playground'])(
    '%s is not',
    (path) => expect(isPlayPath(path)).toBe(false),
  );
});

describe('the UK session clock', () => {
  const start = '2025-01-01T10:00:00.000Z';
  const at = (iso: string) => Date.parse(iso);

  it('counts from the login, never below zero', () => {
    expect(sessionElapsedMs(start, at('2025-01-01T10:00:05.250Z'))).toBe(5_250);
    expect(sessionElapsedMs(start, at('2025-01-01T09:59:00.000Z'))).toBe(0);
    expect(sessionElapsedMs('not a date', at('2025-01-01T10:00:05.000Z'))).toBe(0);
  });

  it('shows h:mm:ss, hours as many as there are', () => {
    expect(formatSessionClock(0)).toBe('0:00:00');
    expect(formatSessionClock(309_999)).toBe('0:05:09');
    expect(formatSessionClock(12 * 3_600_000)).toBe('12:00:00');
    expect(formatSessionClock(100 * 3_600_000 + 1_000)).toBe('100:00:01');
    expect(formatSessionClock(-5)).toBe('0:00:00');
  });

  it('gives the same duration to <time dateTime>', () => {
    expect(sessionClockDuration(3_600_000 + 5 * 60_000 + 9_000)).toBe('PT1H5M9S');
  });

  it("ticks on the session's whole seconds", () => {
    expect(msToNextTick(5_250)).toBe(750);
    expect(msToNextTick(6_000)).toBe(1_000);
    expect(msToNextTick(6_999)).toBe(1);
  });
});

describe('the 80 % warnings', () => {
  const daily: LimitWarning = { kind: 'deposit', duration: 'D', used: '85.00', value: '100.00' };
  const monthlySpend: LimitWarning = { kind: 'spend', duration: 'M', used: '400.00', value: '500.00' };

  it('shows what was not dismissed', () => {
    expect(shownWarnings([daily, monthlySpend], new Set())).toEqual([daily, monthlySpend]);
    expect(shownWarnings([daily, monthlySpend], new Set([warningKey(daily)]))).toEqual([monthlySpend]);
  });

  it('stays dismissed while the limit is the same, and comes back for a changed limit', () => {
    const dismissed = new Set([warningKey(daily)]);
    expect(shownWarnings([{ ...daily, used: '95.00' }], dismissed)).toEqual([]);
    expect(shownWarnings([{ ...daily, value: '50.00', used: '45.00' }], dismissed)).toHaveLength(1);
    expect(shownWarnings([{ ...daily, duration: 'W' }], dismissed)).toHaveLength(1);
  });

  it('reads the share used from the wire amounts', () => {
    expect(usedShare(daily)).toBeCloseTo(0.85);
    expect(usedShare({ used: '1', value: '0.00' })).toBe(0);
    expect(usedShare({ used: 'x', value: '10' })).toBe(0);
  });
});

describe('a deposit waiting for the required limit (PP, JJ, LL)', () => {
  it('is SELF_LIMIT_REACHED with nothing left and no reset: no limit is set yet', () => {
    expect(isDepositLimitRequiredFirst({ limitLeft: null, resetOn: null, limitType: 'deposit' })).toBe(true);
  });

  it('is not a limit that was used up, nor the spend limit', () => {
    expect(isDepositLimitRequiredFirst({ limitLeft: '0.00', resetOn: '2025-01-02T10:00:00.000Z', limitType: 'deposit' })).toBe(false);
    expect(isDepositLimitRequiredFirst({ limitLeft: null, resetOn: null, limitType: 'loss' })).toBe(false);
  });
});
