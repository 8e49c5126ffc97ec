import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CASHIER_CLEARING_ACCOUNT,
  LedgerConflictError,
  balance,
  fromCents,
  playerAccount,
  postDeposit,
  postTransaction,
  toCents,
} from '../../server/services/ledger';
import { createPlayerStore } from '../../server/services/players';
import { startTestPlatform, type TestPlatform } from './helpers/platform';

// The double-entry ledger (ARCHITECTURE.md "The reference platform"): entries of a transaction sum
// to zero, a balance is the sum of entries, an idempotency key posts once even under concurrency.

let platform: TestPlatform;
let playerId: number;
let otherPlayerId: number;

beforeAll(async () => {
  platform = await startTestPlatform();
  const store = createPlayerStore(platform.database.db);
  playerId = (await store.create({ email: 'ledger.one@example.com', country_code: 'FI', language_code: 'fi', currency_code: 'EUR' })).id;
  otherPlayerId = (await store.create({ email: 'ledger.two@example.com', country_code: 'FI', language_code: 'fi', currency_code: 'EUR' })).id;
});
afterAll(async () => {
  await platform.close();
});

describe('amounts', () => {
  it('converts decimals to cents and back without floating point', () => {
    expect(toCents('10')).toBe(1000n);
    expect(toCents('10.5')).toBe(1050n);
    expect(toCents('0.07')).toBe(7n);
    expect(toCents(19.99)).toBe(1999n);
    expect(toCents('-3.20')).toBe(-320n);
    expect(fromCents(1050n)).toBe('10.50');
    expect(fromCents(-7n)).toBe('-0.07');
    expect(fromCents(0n)).toBe('0.00');
  });

  it.each(['1.234', 'abc', '', '1e3', ' 1 2', 'NaN'])('refuses %j', (amount) => {
    expect(() => toCents(amount)).toThrow(RangeError);
  });

  it('refuses numbers with more than 2 decimals or not finite', () => {
    expect(() => toCents(0.125)).toThrow(RangeError);
    expect(() => toCents(Number.POSITIVE_INFINITY)).toThrow(RangeError);
  });
});

describe('postDeposit', () => {
  it('moves the amount from the cashier clearing account to the player and balances', async () => {
    const { db } = platform.database;
    const before = await balance(db, CASHIER_CLEARING_ACCOUNT);
    const posted = await postDeposit(db, { playerId, amount: '25.50', currency: 'EUR', idempotencyKey: 'test:deposit-1', reference: 'test' });
    expect(posted).toMatchObject({ kind: 'DEPOSIT', playerId, amount: '25.50', currency: 'EUR', reference: 'test', replayed: false });
    expect(await balance(db, playerAccount(playerId))).toBe('25.50');
    expect(toCents(await balance(db, CASHIER_CLEARING_ACCOUNT))).toBe(toCents(before) - 2550n);

    const entries = await db.selectFrom('ledger_entries').selectAll().where('transaction_id', '=', posted.id).execute();
    expect(entries.map((entry) => [entry.account, fromCents(toCents(entry.amount))]).sort()).toEqual([
      [CASHIER_CLEARING_ACCOUNT, '-25.50'],
      [playerAccount(playerId), '25.50'],
    ]);
  });

  it('posts a key once: a replay answers the first transaction and moves nothing', async () => {
    const { db } = platform.database;
    const first = await postDeposit(db, { playerId: otherPlayerId, amount: 40, currency: 'EUR', idempotencyKey: 'test:replay' });
    const again = await postDeposit(db, { playerId: otherPlayerId, amount: '40.00', currency: 'EUR', idempotencyKey: 'test:replay' });
    expect(again).toMatchObject({ id: first.id, replayed: true, amount: '40.00' });
    expect(await balance(db, playerAccount(otherPlayerId))).toBe('40.00');
  });

  it('posts a key once under two concurrent calls', async () => {
    const { db } = platform.database;
    const before = await balance(db, playerAccount(otherPlayerId));
    const input = { playerId: otherPlayerId, amount: '12.34', currency: 'EUR', idempotencyKey: 'test:concurrent' };
    const results = await Promise.all([postDeposit(db, input), postDeposit(db, input), postDeposit(db, input)]);
    expect(new Set(results.map((result) => result.id)).size).toBe(1);
    expect(results.filter((result) => !result.replayed)).toHaveLength(1);
    expect(toCents(await balance(db, playerAccount(otherPlayerId)))).toBe(toCents(before) + 1234n);
    const count = await db
      .selectFrom('ledger_transactions')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('idempotency_key', '=', 'test:concurrent')
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(1);
  });

  it('refuses a key reused for a different transaction', async () => {
    const { db } = platform.database;
    await postDeposit(db, { playerId, amount: '5.00', currency: 'EUR', idempotencyKey: 'test:reused' });
    await expect(postDeposit(db, { playerId, amount: '6.00', currency: 'EUR', idempotencyKey: 'test:reused' })).rejects.toThrow(LedgerConflictError);
    await expect(postDeposit(db, { playerId: otherPlayerId, amount: '5.00', currency: 'EUR', idempotencyKey: 'test:reused' })).rejects.toThrow(
      LedgerConflictError,
    );
  });

  it('refuses a zero, negative or over-precise amount, and entries that do not sum to zero', async () => {
    const { db } = platform.database;
    await expect(postDeposit(db, { playerId, amount: 0, currency: 'EUR', idempotencyKey: 'test:zero' })).rejects.toThrow(RangeError);
    await expect(postDeposit(db, { playerId, amount: '-1.00', currency: 'EUR', idempotencyKey: 'test:negative' })).rejects.toThrow(RangeError);
    await expect(postDeposit(db, { playerId, amount: '1.001', currency: 'EUR', idempotencyKey: 'test:precise' })).rejects.toThrow(RangeError);
    await expect(
      postTransaction(db, {
        idempotencyKey: 'test:unbalanced',
        kind: 'DEPOSIT',
        playerId,
        amount: '1.00',
        currency: 'EUR',
        entries: [
          { account: playerAccount(playerId), amount: '1.00' },
          { account: CASHIER_CLEARING_ACCOUNT, amount: '-0.99' },
        ],
      }),
    ).rejects.toThrow(/sum to zero/);
    const stray = await db.selectFrom('ledger_transactions').select('id').where('idempotency_key', 'like', 'test:%').where('amount', '<=', '0').execute();
    expect(stray).toHaveLength(0);
  });

  it('joins the caller’s transaction: a rollback takes the deposit with it', async () => {
    const { db } = platform.database;
    await expect(
      db.transaction().execute(async (trx) => {
        await postDeposit(trx, { playerId, amount: '99.00', currency: 'EUR', idempotencyKey: 'test:rolled-back' });
        throw new Error('later step failed');
      }),
    ).rejects.toThrow('later step failed');
    const row = await db.selectFrom('ledger_transactions').select('id').where('idempotency_key', '=', 'test:rolled-back').executeTakeFirst();
    expect(row).toBeUndefined();
  });
});

describe('the whole ledger', () => {
  it('sums to zero per transaction and overall', async () => {
    const { db } = platform.database;
    const unbalanced = await db
      .selectFrom('ledger_entries')
      .select(['transaction_id', sql<string>`sum(amount)::text`.as('total')])
      .groupBy('transaction_id')
      .having(sql`sum(amount)`, '!=', 0)
      .execute();
    expect(unbalanced).toEqual([]);
    const total = await db.selectFrom('ledger_entries').select(sql<string>`coalesce(sum(amount), 0)::text`.as('total')).executeTakeFirstOrThrow();
    expect(toCents(total.total)).toBe(0n);
  });

  it('answers 0.00 for an account without entries', async () => {
    expect(await balance(platform.database.db, 'player:999999:MAIN')).toBe('0.00');
  });
});
