import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { DAY_MS } from '../../machines/lib/constants';
import { parseIdToken } from '../../src/api/auth';
import { PASSWORD_RULE } from '../../src/api/player';
import * as v from 'valibot';
import { ID_TOKEN_LIFETIME_S, readConfig } from '../../server/config';
import { accessDetailsFor, daysLeft, loginRefusal } from '../../server/services/account-status';
import { DEFAULT_SCRYPT_PARAMS, hashPassword, setHashCostForTests, TEST_SCRYPT_PARAMS, verifyPassword } from '../../server/crypto/passwords';
import type { Player } from '../../server/services/players';
import { signIdToken, verifyIdToken, type IdTokenClaims } from '../../server/crypto/tokens';

// This file tests the hashing itself (its default cost, the dummy hash, the queue): at the
// production cost, which tests/server/helpers/hash-cost.ts lowers for the other server tests.
setHashCostForTests(DEFAULT_SCRYPT_PARAMS);

// The pieces of the identity core on their own: password hashes, id tokens, the §8 login refusals,
// the access flags and the configuration of the lock.


describe('passwords (scrypt)', () => {
  it('stores the parameters and a salt per password, and verifies', async () => {
    const a = await hashPassword('Aurora-Player-1', TEST_SCRYPT_PARAMS);
    const b = await hashPassword('Aurora-Player-1', TEST_SCRYPT_PARAMS);
    expect(a).toMatch(/^scrypt\$1024\$8\$1\$[A-Za-z0-9_-]{22}\$[A-Za-z0-9_-]{43}$/);
    expect(a).not.toBe(b);
    expect(await verifyPassword('Aurora-Player-1', a)).toBe(true);
    expect(await verifyPassword('aurora-player-1', a)).toBe(false);
    expect(await verifyPassword('', a)).toBe(false);
  });

  it('uses the OWASP-grade cost by default', async () => {
    expect(await hashPassword('x')).toMatch(/^scrypt\$32768\$8\$3\$/);
  });

  it.each([null, '', 'plain', 'scrypt$1024$8$1$salt', 'bcrypt$1$2$3$4$5', `scrypt$${String(2 ** 30)}$8$1$c2FsdA$${'A'.repeat(43)}`, 'scrypt$1000$8$1$c2FsdA$AAAA'])(
    'answers false, without throwing, for the stored hash %j',
    async (stored) => {
      expect(await verifyPassword('Aurora-Player-1', stored)).toBe(false);
    },
    20_000,
  );
});

const SECRET = Buffer.from('a-test-secret-of-at-least-32-characters');

function claims(overrides: Partial<IdTokenClaims> = {}): IdTokenClaims {
  return {
    country_code: 'FI',
    language_code: 'fi',
    player_id: 7,
    player_access_id: 'session-id',
    email: 'player@example.com',
    iat: 1_000,
    exp: 1_000 + ID_TOKEN_LIFETIME_S,
    login_method: 'DEFAULT',
    registrationDate: '2025-01-01T00:00:00.000Z',
    multibrand: '{"suspended":false}',
    province_code: null,
    ...overrides,
  };
}

const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

describe('id tokens (HS256)', () => {
  it('round-trip and are readable by the app', () => {
    const token = signIdToken(claims(), SECRET);
    const check = verifyIdToken(token, SECRET, 1_001);
    expect(check).toMatchObject({ ok: true, claims: { player_id: 7, player_access_id: 'session-id' } });
    expect(parseIdToken(token)).toMatchObject({ playerId: 7, multibrand: { suspended: false }, exp: 1_000 + ID_TOKEN_LIFETIME_S });
  });

  it('are expired from exp on, and still name their session', () => {
    const token = signIdToken(claims({ exp: 2_000 }), SECRET);
    expect(verifyIdToken(token, SECRET, 1_999).ok).toBe(true);
    expect(verifyIdToken(token, SECRET, 2_000)).toMatchObject({ ok: false, reason: 'expired', claims: { player_access_id: 'session-id' } });
  });

  it('refuse another secret, another algorithm, a changed payload and junk', () => {
    const token = signIdToken(claims(), SECRET);
    const [header = '', payload = ''] = token.split('.');
    const hs = (input: string, key: Uint8Array) => createHmac('sha256', key).update(input).digest('base64url');
    const none = `${b64({ alg: 'none', typ: 'JWT' })}.${payload}.`;
    const hs512Header = b64({ alg: 'HS512', typ: 'JWT' });
    const otherAlg = `${hs512Header}.${payload}.${hs(`${hs512Header}.${payload}`, SECRET)}`;
    const changed = `${header}.${b64(claims({ player_id: 8 }))}.${token.split('.')[2] ?? ''}`;
    const noExp = (() => {
      const body = `${header}.${b64({ ...claims(), exp: undefined })}`;
      return `${body}.${hs(body, SECRET)}`;
    })();
    for (const bad of [
      signIdToken(claims(), Buffer.from('another-secret-of-at-least-32-chars!!')),
      none,
      otherAlg,
      changed,
      noExp,
      '',
      'a.b',
      'a.b.c.d',
      `${header}.${payload}.!!!`,
      'x'.repeat(5_000),
    ]) {
      expect(verifyIdToken(bad, SECRET, 1_001)).toEqual({ ok: false, reason: 'invalid' });
    }
  });
});

function player(overrides: Partial<Player>): Player {
  return {
    status: 'REGISTERED',
    timeout_until: null,
    exclusion_until: null,
    exclusion_indefinite: false,
    ...overrides,
  } as Player;
}

describe('login refusals (behaviour.md §8 "Login") and access flags', () => {
  const now = new Date('2026-03-01T12:00:00Z');

  it('round the days left up, at least 1', () => {
    expect(daysLeft(new Date(now.getTime() + 1), now)).toBe(1);
    expect(daysLeft(new Date(now.getTime() + DAY_MS), now)).toBe(1);
    expect(daysLeft(new Date(now.getTime() + DAY_MS + 1), now)).toBe(2);
    expect(daysLeft(new Date(now.getTime() + 5 * DAY_MS), now)).toBe(5);
  });

  it.each([
    [{ status: 'REGISTERED' }, null],
    [{ status: 'PAYOUT' }, null],
    [{ status: 'RESTRICTED' }, null],
    [{ status: 'ACCOUNT_UNVERIFIED' }, null],
    [{ status: 'CLOSED' }, 'code:error.account.closed'],
    [{ status: 'BLACKLISTED' }, 'code:error.account.deactivated'],
    [{ status: 'PRE_REGISTERED' }, 'code:error.player.not.found'],
    [{ status: 'TIMEOUT', timeout_until: new Date(now.getTime() + 3 * DAY_MS) }, 'code:error.timeout.in.progress:days:3'],
    [{ status: 'SELF_EXCLUDED', exclusion_indefinite: true }, 'code:error.exclusion.in.progress.indefinitely'],
    [{ status: 'SELF_EXCLUDED', exclusion_until: new Date(now.getTime() + 180 * DAY_MS) }, 'code:error.exclusion.in.progress:days:180'],
  ] as const)('%j → %s', (overrides, code) => {
    expect(loginRefusal(player(overrides as Partial<Player>), now)?.code ?? null).toBe(code);
  });

  it('give every flag to a registered player and none of the gambling ones to a player on a break', () => {
    expect(Object.values(accessDetailsFor({ status: 'REGISTERED' })).every(Boolean)).toBe(true);
    for (const status of ['TIMEOUT', 'SELF_EXCLUDED'] as const) {
      const access = accessDetailsFor({ status });
      expect([access.casino, access.liveCasino, access.sports, access.virtualSports, access.bonuses, access.deposit]).toEqual([
        false, false, false, false, false, false,
      ]);
      expect(access.withdrawal).toBe(true);
    }
    expect(accessDetailsFor({ status: 'PAYOUT' }).payout).toBe(false);
  });
});

describe('the password rule shared with registration', () => {
  it.each([
    ['Aurora-Player-1', true],
    ['abcdefg1', true],
    ['Äänekoski9', true],
    ['short1', false],
    ['no-digits-here', false],
    ['1234567890', false],
    [`a1${'x'.repeat(200)}`, false],
  ])('%s → %s', (password, ok) => {
    expect(v.safeParse(PASSWORD_RULE, password).success).toBe(ok);
  });
});

describe('configuration of the lock and the secret', () => {
  it('defaults to 3 attempts in 30 minutes and a generated secret', () => {
    expect(readConfig({})).toMatchObject({ loginLockAttempts: 3, loginLockWindowMinutes: 30, sessionSecret: undefined });
  });

  it('reads LOGIN_LOCK_ATTEMPTS, LOGIN_LOCK_WINDOW_MINUTES and SESSION_SECRET', () => {
    expect(
      readConfig({ LOGIN_LOCK_ATTEMPTS: '5', LOGIN_LOCK_WINDOW_MINUTES: '15', SESSION_SECRET: 's'.repeat(32) }),
    ).toMatchObject({ loginLockAttempts: 5, loginLockWindowMinutes: 15, sessionSecret: 's'.repeat(32) });
  });

  it('refuses values it cannot use', () => {
    expect(() => readConfig({ LOGIN_LOCK_ATTEMPTS: '0' })).toThrow(/LOGIN_LOCK_ATTEMPTS/);
    expect(() => readConfig({ LOGIN_LOCK_ATTEMPTS: 'three' })).toThrow(/LOGIN_LOCK_ATTEMPTS/);
    expect(() => readConfig({ LOGIN_LOCK_WINDOW_MINUTES: '1.5' })).toThrow(/LOGIN_LOCK_WINDOW_MINUTES/);
    expect(() => readConfig({ SESSION_SECRET: 'short' })).toThrow(/SESSION_SECRET/);
  });
});
