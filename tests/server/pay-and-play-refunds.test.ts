import * as v from 'valibot';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { errorBodySchema } from '../../src/api/errors';
import { authorizeResponseSchema } from '../../src/api/payAndPlay';
import { REFUND_RETRY_FIRST_DELAY_MS, REFUND_RETRY_MAX_DELAY_MS } from '../../server/domain/pay-and-play';
import type { PaymentProvider } from '../../server/providers';
import { simulatedPaymentProvider } from '../../server/providers/simulated-payments';
import { owedRefunds } from '../../server/repositories/payment-refunds';
import { inTransaction } from '../../server/repositories/transaction';
import { balance, playerAccount } from '../../server/services/ledger';
import { recordOwedRefund, retryDueRefunds } from '../../server/services/payment-refunds';
import { bearer, postJson } from './helpers/identity';
import { json, startTestPlatform, type TestPlatform } from './helpers/platform';
import { newKey, walletPlayer, type WalletPlayer } from './helpers/wallet';

// Pay and play's refund of a payment the limits refused at the code check (issue 20), as an outbox
// (migration 0027, server/services/payment-refunds.ts): the refund is recorded as owed in the
// transaction that takes the code, asked of the provider at once, and a provider that fails leaves
// it owed (the player still gets 409 SELF_LIMIT_REACHED) for the sweep, which tries again with a
// growing wait and refunds each payment once.

let platform: TestPlatform;
let app: ReturnType<TestPlatform['app']>;
let now = new Date();
const clock = () => now;
const RETURN_URL = '/en-FI/signup/callback';

type Refund = { reference: string; amount: string; currency: string };
/** Every refund the provider was asked for, and whether it fails them now. */
let asked: Refund[] = [];
let refundsFail = false;
/** The fake provider's refund: recorded, and refused while `refundsFail`. */
function refundDeposit(deposit: Refund): Promise<void> {
  asked.push(deposit);
  return refundsFail ? Promise.reject(new Error('the PSP is down')) : Promise.resolve();
}

beforeAll(async () => {
  platform = await startTestPlatform();
});
beforeEach(() => {
  now = new Date();
  asked = [];
  refundsFail = false;
  app = platform.app({ clock, providers: { payments: { ...simulatedPaymentProvider({ db: platform.database.db, clock }), refundDeposit } } });
});
afterEach(() => {
  vi.restoreAllMocks();
});
afterAll(async () => {
  await platform.close();
});

/** One sweep, on the tests' clock, with the fake provider. */
const sweep = () => retryDueRefunds({ db: platform.database.db, clock }, { refundDeposit });
const later = (ms: number) => {
  now = new Date(now.getTime() + ms);
};
const askedFor = (reference: string) => asked.filter((refund) => refund.reference === reference);

async function refundRow(reference: string) {
  return platform.database.db.selectFrom('payment_refunds').selectAll().where('reference', '=', reference).executeTakeFirst();
}

let personSequence = 0;
function newPersonId(): string {
  personSequence += 1;
  return `150585-${String(2000 + personSequence)}`;
}

function form(fields: Record<string, string>): RequestInit {
  return { method: 'POST', body: new URLSearchParams(fields).toString(), headers: { 'Content-Type': 'application/x-www-form-urlencoded' } };
}

/**
 * A deposit the limits refuse at the code check: a player with a daily deposit limit of 50.00
 * passes the bank step for 40.00, then a cashier deposit of 20.00 takes part of the limit before
 * the code comes back. The code check's answer, the player and the payment's reference.
 */
async function refusedAtCodeCheck(): Promise<{ response: Response; player: WalletPlayer; personid: string; reference: string }> {
  const personid = newPersonId();
  const player = await walletPlayer(platform, app, { personid });
  const limit = await app.request('/api/player/deposit-limits', {
    method: 'PATCH',
    headers: { ...bearer(player.token), 'Content-Type': 'application/json' },
    body: JSON.stringify({ duration: 'D', limit: '50' }),
  });
  expect(limit.status, await limit.clone().text()).toBe(200);
  const authorized = await app.request(`/api/paynplay/authorize?${new URLSearchParams({ amount: '40', currency: 'EUR', country: 'FI', returnUrl: RETURN_URL }).toString()}`);
  expect(authorized.status, await authorized.clone().text()).toBe(200);
  const { sessionId } = v.parse(authorizeResponseSchema, await json(authorized));
  const bank = await app.request('/api/bankid/authorize', form({ session: sessionId, personid, action: 'identify' }));
  expect(bank.status, await bank.clone().text()).toBe(303);
  const code = new URL(bank.headers.get('location') ?? '', 'http://site.invalid').searchParams.get('code') ?? '';
  const cashier = await app.request('/api/player/wallet/deposit/request', {
    method: 'POST',
    headers: { ...bearer(player.token), 'Content-Type': 'application/json' },
    body: JSON.stringify({ amount: '20', methodId: 'visa', idempotencyKey: newKey('pnp-refund'), returnPath: '/en-FI/deposit' }),
  });
  expect(await json(cashier)).toMatchObject({ result: 'SUCCESS' });
  const response = await postJson(app, '/api/paynplay/player/code', { oneTimeCode: code, sessionId, ipAddress: '203.0.113.7', blackbox: 'bb' });
  return { response, player, personid, reference: `paynplay:${sessionId}` };
}

async function expectSelfLimitReached(response: Response): Promise<void> {
  expect(response.status, await response.clone().text()).toBe(409);
  expect(v.parse(errorBodySchema, await json(response))).toMatchObject({ code: 'SELF_LIMIT_REACHED', details: { limitLeft: '30.00', limitType: 'deposit' } });
}

describe('pay and play: the refund of a deposit the limits refused at the code check', () => {
  it('answers 409 SELF_LIMIT_REACHED when the provider fails the refund, credits nothing, and records the refund as owed', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    refundsFail = true;
    const { response, player, personid, reference } = await refusedAtCodeCheck();
    await expectSelfLimitReached(response);
    expect(askedFor(reference)).toEqual([{ reference, amount: '40.00', currency: 'EUR' }]);
    const { db } = platform.database;
    expect(await balance(db, playerAccount(player.id), 'EUR')).toBe('0.00');
    expect(await db.selectFrom('ledger_transactions').selectAll().where('idempotency_key', '=', reference).execute()).toHaveLength(0);

    const owed = (await owedRefunds(db)).filter((refund) => refund.reference === reference);
    expect(owed).toHaveLength(1);
    expect(owed[0]).toMatchObject({ reference, amount: '40.00', currency: 'EUR', attempts: 1, refunded_at: null });
    expect(owed[0]?.created_at.getTime()).toBe(now.getTime());
    expect(owed[0]?.last_failed_at?.getTime()).toBe(now.getTime());
    expect(owed[0]?.next_attempt_at.getTime()).toBe(now.getTime() + REFUND_RETRY_FIRST_DELAY_MS);
    // The log names the payment's reference, and nothing of the person.
    expect(warn).toHaveBeenCalledTimes(1);
    const logged = warn.mock.calls.flat().map(String).join(' ');
    expect(logged).toContain(reference);
    expect(logged).not.toContain(personid);
    expect(logged).not.toContain(player.email);
  });

  it('has the sweep refund an owed payment once the provider works again, with the same reference, amount and currency, and not again', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    refundsFail = true;
    const { response, reference } = await refusedAtCodeCheck();
    await expectSelfLimitReached(response);
    expect(askedFor(reference)).toHaveLength(1);

    refundsFail = false;
    later(REFUND_RETRY_FIRST_DELAY_MS);
    const swept = await sweep();
    expect(swept.refunded).toBeGreaterThanOrEqual(1);
    expect(askedFor(reference)).toEqual([
      { reference, amount: '40.00', currency: 'EUR' },
      { reference, amount: '40.00', currency: 'EUR' },
    ]);
    const row = await refundRow(reference);
    expect(row).toMatchObject({ attempts: 2 });
    expect(row?.refunded_at?.getTime()).toBe(now.getTime());
    expect((await owedRefunds(platform.database.db)).map((refund) => refund.reference)).not.toContain(reference);

    // A refunded payment is never asked for again, however late the next sweep.
    later(2 * REFUND_RETRY_MAX_DELAY_MS);
    await sweep();
    expect(askedFor(reference)).toHaveLength(2);
  });

  it('waits between attempts: a sweep before the refund is due asks nothing, and the wait doubles after each failure up to its cap', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    refundsFail = true;
    const { response, reference } = await refusedAtCodeCheck();
    await expectSelfLimitReached(response);
    const refusedAt = now.getTime();

    later(REFUND_RETRY_FIRST_DELAY_MS - 1_000);
    await sweep();
    expect(askedFor(reference)).toHaveLength(1);

    // Due: asked, fails again, and the next wait is twice the first.
    later(1_000);
    await sweep();
    expect(askedFor(reference)).toHaveLength(2);
    const failedAgain = await refundRow(reference);
    expect(failedAgain).toMatchObject({ attempts: 2, refunded_at: null });
    expect(failedAgain?.last_failed_at?.getTime()).toBe(now.getTime());
    expect(failedAgain?.next_attempt_at.getTime()).toBe(refusedAt + REFUND_RETRY_FIRST_DELAY_MS + 2 * REFUND_RETRY_FIRST_DELAY_MS);

    later(2 * REFUND_RETRY_FIRST_DELAY_MS - 1_000);
    await sweep();
    expect(askedFor(reference)).toHaveLength(2);
    later(1_000);
    await sweep();
    expect(askedFor(reference)).toHaveLength(3);

    // After many attempts the wait stays at its cap (and the doubling never overflows).
    await platform.database.db.updateTable('payment_refunds').set({ attempts: 5_000, next_attempt_at: now }).where('reference', '=', reference).execute();
    await sweep();
    expect(askedFor(reference)).toHaveLength(4);
    expect((await refundRow(reference))?.next_attempt_at.getTime()).toBe(now.getTime() + REFUND_RETRY_MAX_DELAY_MS);
  });

  it('refunds at once when the provider works, and leaves nothing owed', async () => {
    const warn = vi.spyOn(console, 'warn');
    const { response, player, reference } = await refusedAtCodeCheck();
    await expectSelfLimitReached(response);
    expect(askedFor(reference)).toEqual([{ reference, amount: '40.00', currency: 'EUR' }]);
    expect(await balance(platform.database.db, playerAccount(player.id), 'EUR')).toBe('0.00');
    const row = await refundRow(reference);
    expect(row).toMatchObject({ reference, amount: '40.00', currency: 'EUR', attempts: 1, last_failed_at: null });
    expect(row?.refunded_at?.getTime()).toBe(now.getTime());
    expect((await owedRefunds(platform.database.db)).map((refund) => refund.reference)).not.toContain(reference);
    expect(warn).not.toHaveBeenCalled();

    later(REFUND_RETRY_MAX_DELAY_MS);
    await sweep();
    expect(askedFor(reference)).toHaveLength(1);
  });

  it('has two sweeps at once take each due refund once', async () => {
    const { db } = platform.database;
    const references = Array.from({ length: 6 }, (_, index) => `paynplay:concurrent-${String(index)}-${newKey('s')}`);
    await inTransaction(db, async (trx) => {
      for (const reference of references) await recordOwedRefund(trx, { reference, amount: '12.50', currency: 'EUR' }, now);
    });
    later(REFUND_RETRY_FIRST_DELAY_MS);
    // A slow provider: both sweeps are under way together (on PostgreSQL, on two connections).
    const slow: Pick<PaymentProvider, 'refundDeposit'> = {
      refundDeposit: async (deposit) => {
        asked.push(deposit);
        await new Promise((resolve) => setTimeout(resolve, 20));
      },
    };
    await Promise.all([retryDueRefunds({ db, clock }, slow), retryDueRefunds({ db, clock }, slow)]);
    for (const reference of references) expect(askedFor(reference), reference).toEqual([{ reference, amount: '12.50', currency: 'EUR' }]);
    expect((await owedRefunds(db)).filter((refund) => references.includes(refund.reference))).toEqual([]);
  });
});
