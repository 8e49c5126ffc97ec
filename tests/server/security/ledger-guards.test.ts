import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../server/db/schema';
import { balance, CASHIER_CLEARING_ACCOUNT, playerAccount, postDeposit } from '../../../server/services/ledger';
import { createPlayerStore } from '../../../server/services/players';
import { startTestPlatform, type TestPlatform } from '../helpers/platform';

// Issue 9: "the ledger's zero-sum rule lives only in application code." Written straight to the
// database (no server/services/ledger.ts in between), an unbalanced posting, a non-positive
// amount, an UPDATE or a DELETE of posted rows must fail in PostgreSQL itself. Runs on PGlite and,
// with TEST_DATABASE_URL, on a real PostgreSQL.

let platform: TestPlatform;
let db: Kysely<Database>;
let playerId: number;
let postedId: number;
beforeAll(async () => {
  platform = await startTestPlatform();
  db = platform.database.db;
  playerId = (await createPlayerStore(db).create({ email: 'ledger.guard@example.com', country_code: 'FI', language_code: 'fi', currency_code: 'EUR' })).id;
  postedId = (await postDeposit(db, { playerId, amount: '10.00', currency: 'EUR', idempotencyKey: 'guard:posted' })).id;
});
afterAll(async () => {
  await platform.close();
});

let sequence = 0;
/** Posts a transaction header and these entries in one database transaction, bypassing ledger.ts. */
async function rawPosting(amount: string, entries: { account: string; amount: string; currency?: string }[]): Promise<void> {
  sequence += 1;
  await db.transaction().execute(async (trx) => {
    const tx = await trx
      .insertInto('ledger_transactions')
      .values({ idempotency_key: `guard:raw:${String(sequence)}`, kind: 'DEPOSIT', player_id: playerId, amount, currency: 'EUR', reference: null })
      .returning('id')
      .executeTakeFirstOrThrow();
    if (entries.length > 0) {
      await trx
        .insertInto('ledger_entries')
        .values(entries.map((entry) => ({ transaction_id: tx.id, account: entry.account, amount: entry.amount, currency: entry.currency ?? 'EUR' })))
        .execute();
    }
  });
}

const player = () => playerAccount(playerId);

async function ledgerSnapshot(): Promise<unknown> {
  return {
    transactions: await db.selectFrom('ledger_transactions').selectAll().orderBy('id').execute(),
    entries: await db.selectFrom('ledger_entries').selectAll().orderBy('id').execute(),
  };
}

describe('the ledger in the database', () => {
  it('accepts a balanced posting', async () => {
    await rawPosting('5.00', [{ account: player(), amount: '5.00' }, { account: CASHIER_CLEARING_ACCOUNT, amount: '-5.00' }]);
    expect(await balance(db, player())).toBe('15.00');
  });

  it.each([
    ['unbalanced entries', '5.00', [{ account: 'player:x:MAIN', amount: '5.00' }, { account: CASHIER_CLEARING_ACCOUNT, amount: '-4.99' }]],
    ['a single entry', '5.00', [{ account: 'player:x:MAIN', amount: '0.01' }]],
    ['a transaction without entries', '5.00', []],
    ['entries in another currency', '5.00', [{ account: 'player:x:MAIN', amount: '5.00', currency: 'SEK' }, { account: CASHIER_CLEARING_ACCOUNT, amount: '-5.00', currency: 'SEK' }]],
    ['a zero transaction amount', '0.00', [{ account: 'player:x:MAIN', amount: '1.00' }, { account: CASHIER_CLEARING_ACCOUNT, amount: '-1.00' }]],
    ['a negative transaction amount', '-5.00', [{ account: 'player:x:MAIN', amount: '5.00' }, { account: CASHIER_CLEARING_ACCOUNT, amount: '-5.00' }]],
    ['a zero entry', '5.00', [{ account: 'player:x:MAIN', amount: '0' }, { account: 'a', amount: '5.00' }, { account: 'b', amount: '-5.00' }]],
  ])('refuses %s, and nothing of it stays', async (_name, amount, entries) => {
    const before = await ledgerSnapshot();
    await expect(rawPosting(amount, entries)).rejects.toThrow();
    expect(await ledgerSnapshot()).toEqual(before);
  });

  it('refuses an unbalanced entry added to a posted transaction later', async () => {
    await expect(
      db.insertInto('ledger_entries').values({ transaction_id: postedId, account: player(), amount: '100.00', currency: 'EUR' }).execute(),
    ).rejects.toThrow();
    expect(await balance(db, player())).toBe('15.00');
  });

  it.each([
    ['UPDATE of an entry', () => db.updateTable('ledger_entries').set({ amount: '1000.00' }).where('transaction_id', '=', postedId).execute()],
    ['UPDATE of a transaction', () => db.updateTable('ledger_transactions').set({ amount: '1000.00' }).where('id', '=', postedId).execute()],
    ['DELETE of an entry', () => db.deleteFrom('ledger_entries').where('transaction_id', '=', postedId).execute()],
    ['DELETE of a transaction', () => db.deleteFrom('ledger_transactions').where('id', '=', postedId).execute()],
    ['TRUNCATE', () => sql`truncate ledger_entries`.execute(db)],
  ])('refuses an %s', async (_name, change) => {
    const before = await ledgerSnapshot();
    await expect(change()).rejects.toThrow(/append-only/);
    expect(await ledgerSnapshot()).toEqual(before);
  });

  it('keeps the idempotent replay working (ON CONFLICT DO NOTHING is not an update)', async () => {
    const again = await postDeposit(db, { playerId, amount: '10.00', currency: 'EUR', idempotencyKey: 'guard:posted' });
    expect(again).toMatchObject({ id: postedId, replayed: true });
  });
});
