import { sql, type Kysely } from 'kysely';

// The refunds the platform owes (server/services/payment-refunds.ts holds the rules,
// server/repositories/payment-refunds.ts the SQL): pay and play's bank payment that the player's
// limits refused at the code check (issue 20) goes back through the payment provider. The refund is
// recorded in the transaction that takes the code, before the provider is asked, so a provider that
// fails (or a process that stops) leaves a record that the money is owed, and the sweep asks again.
//
// - `reference`: the payment's reference at the provider (`paynplay:<sessionId>`), once.
// - `attempts`, `next_attempt_at`: the attempts made and when the sweep may try again (its backoff,
//   and the lease that keeps two processes from trying one refund at the same moment).
// - `refunded_at`: when the provider took the refund (null: still owed); `last_failed_at`: its
//   last failure, for the operator.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('payment_refunds')
    .addColumn('reference', 'text', (col) => col.primaryKey())
    .addColumn('amount', sql`numeric(18, 2)`, (col) => col.notNull().check(sql`amount > 0`))
    .addColumn('currency', 'text', (col) => col.notNull())
    .addColumn('created_at', 'timestamptz', (col) => col.notNull())
    .addColumn('attempts', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'timestamptz', (col) => col.notNull())
    .addColumn('refunded_at', 'timestamptz')
    .addColumn('last_failed_at', 'timestamptz')
    .execute();
  // The sweep's question: which refunds are owed and due?
  await db.schema
    .createIndex('payment_refunds_due')
    .on('payment_refunds')
    .column('next_attempt_at')
    .where(sql<boolean>`refunded_at is null`)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('payment_refunds').execute();
}
