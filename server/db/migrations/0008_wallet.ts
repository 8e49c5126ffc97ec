import { sql, type Kysely } from 'kysely';

// The wallet and the cashier (issue 11; product.md §3 "Wallet", "Transactions", "Deposit and
// withdraw flows"; behaviour.md §4, §7 "Wallet and banking"). Values of the check constraints are
// written out here (a shipped migration never changes); the lists they come from are
// machines/lib/wallet.ts.
//
// - `wallets`: one per player, opened by the database in the same statement that creates the player
//   (trigger players_open_wallet), and here for every player that exists already. It holds the
//   account currency and a `version` that every posting on the player's accounts increments; a
//   posting locks this row first (SELECT ... FOR UPDATE), so one player's postings run one at a time
//   on PostgreSQL and PGlite alike. Balances are never stored: they are sums of ledger entries.
// - `wallet_transactions`: the player's transaction history (product.md §3 "Transactions"): what
//   happened in the player's words (category, type, status, signed amount, MAIN after it). Its
//   status moves (a withdrawal PENDING -> COMPLETED or CANCELLED); nothing else of a row changes and
//   no row is deleted (trigger). The money itself is the append-only ledger: each ledger transaction
//   names its history row and its wallet (new columns of ledger_transactions).
// - The database refuses a posting that leaves a player's account below zero (deferred trigger on
//   ledger_entries), whatever code writes it.
// - `idempotency_records`: the stored answer of every idempotent call (a deposit request, a
//   withdrawal, a cancellation, a game provider's bet, win or rollback), by scope and key, with a
//   fingerprint of its parameters: the same key answers the same; other parameters are a conflict.
// - `cashier_deposits`: a deposit between the request and the provider's answer.
// - `simulated_payments`: the simulated payment provider's own records (its page, server/routes/
//   payment-simulator.ts); a real provider keeps these on its side.

const CATEGORIES = ['BONUS', 'CASINO', 'PAYMENT', 'SPORTS', 'VIRTUAL_SPORTS', 'LIVE_CASINO', 'ADJUSTMENT', 'DORMANT_ADJUSTMENT'];
const STATUSES = ['FAILED', 'PENDING', 'SUCCESS', 'REVERTED', 'WAITING_INPUT', 'COMPLETED', 'CANCELLED'];
const TYPES = ['BET', 'BET_VOID', 'CASHOUT', 'CASHOUT_VOID', 'DEPOSIT', 'LOSS', 'WIN', 'WIN_VOID', 'WITHDRAW', 'DORMANT', 'REVERSAL', 'FORFEIT', 'CANCELED', 'REVERSAL_DP'];
const DEPOSIT_STATUSES = ['PENDING', 'SUCCESS', 'FAILED', 'CANCELLED'];
const PAYMENT_STATES = ['OPEN', 'APPROVED', 'DECLINED', 'TIMED_OUT'];

const oneOf = (column: string, values: readonly string[]) => sql`${sql.ref(column)} in (${sql.join(values.map((value) => sql.lit(value)))})`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('wallets')
    .addColumn('id', 'text', (col) => col.primaryKey().defaultTo(sql`gen_random_uuid()::text`))
    .addColumn('player_id', 'integer', (col) => col.notNull().unique().references('players.id').onDelete('cascade'))
    .addColumn('currency', 'text', (col) => col.notNull())
    .addColumn('version', 'bigint', (col) => col.notNull().defaultTo(0).check(sql`version >= 0`))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();

  // A player's wallet opens with the player (registration, pay and play, the seed, any insert):
  // a player who can log in always has one, so GET /player/wallet's 404 means what the spec says.
  await sql`
    create function wallet_open_for_player() returns trigger language plpgsql as $$
    begin
      insert into wallets (player_id, currency) values (new.id, new.currency_code);
      return null;
    end;
    $$
  `.execute(db);
  await sql`create trigger players_open_wallet after insert on players for each row execute function wallet_open_for_player()`.execute(db);
  await sql`insert into wallets (player_id, currency) select id, currency_code from players order by id`.execute(db);

  await db.schema
    .createTable('wallet_transactions')
    .addColumn('id', 'integer', (col) => col.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('reference_id', 'text', (col) => col.notNull().unique())
    .addColumn('player_id', 'integer', (col) => col.notNull().references('players.id'))
    .addColumn('wallet_id', 'text', (col) => col.notNull().references('wallets.id'))
    .addColumn('currency', 'text', (col) => col.notNull())
    .addColumn('category', 'text', (col) => col.notNull().check(oneOf('category', CATEGORIES)))
    .addColumn('type', 'text', (col) => col.notNull().check(oneOf('type', TYPES)))
    .addColumn('status', 'text', (col) => col.notNull().check(oneOf('status', STATUSES)))
    // Signed, as the player sees it: + a deposit, a win, a returned withdrawal; - a bet, a withdrawal.
    .addColumn('amount', sql`numeric(18, 2)`, (col) => col.notNull())
    // The player's MAIN balance after the transaction took effect (when it is settled).
    .addColumn('balance_after', sql`numeric(18, 2)`, (col) => col.notNull())
    .addColumn('method_id', 'text')
    // A game provider's transaction id or round (the seamless wallet).
    .addColumn('external_id', 'text')
    // A cancellation's withdrawal, a void's bet.
    .addColumn('related_id', 'integer', (col) => col.references('wallet_transactions.id'))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`create index wallet_transactions_history on wallet_transactions (player_id, created_at desc, id desc)`.execute(db);
  await db.schema.createIndex('wallet_transactions_open').on('wallet_transactions').columns(['player_id', 'type', 'status']).execute();

  await sql`
    create function wallet_transactions_guard() returns trigger language plpgsql as $$
    begin
      if tg_op = 'DELETE' then
        raise exception 'the transaction history keeps every row' using errcode = 'restrict_violation';
      end if;
      if new.id <> old.id or new.reference_id <> old.reference_id or new.player_id <> old.player_id
        or new.wallet_id <> old.wallet_id or new.currency <> old.currency or new.category <> old.category
        or new.type <> old.type or new.amount <> old.amount or new.created_at <> old.created_at
        or new.related_id is distinct from old.related_id or new.external_id is distinct from old.external_id then
        raise exception 'only the status of a transaction changes' using errcode = 'restrict_violation';
      end if;
      return new;
    end;
    $$
  `.execute(db);
  await sql`
    create trigger wallet_transactions_guard before update or delete on wallet_transactions
      for each row execute function wallet_transactions_guard()
  `.execute(db);

  // Each ledger transaction on a player's accounts names its wallet and its history row.
  await db.schema.alterTable('ledger_transactions').addColumn('wallet_id', 'text', (col) => col.references('wallets.id')).execute();
  await db.schema
    .alterTable('ledger_transactions')
    .addColumn('wallet_transaction_id', 'integer', (col) => col.references('wallet_transactions.id'))
    .execute();

  // No player account below zero at commit (deferred: a posting's entries arrive in several rows).
  await sql`
    create function ledger_check_player_funds() returns trigger language plpgsql as $$
    declare
      total numeric;
    begin
      if new.account like 'player:%' then
        select coalesce(sum(amount), 0) into total from ledger_entries where account = new.account and currency = new.currency;
        if total < 0 then
          raise exception 'account % would be % below zero', new.account, -total using errcode = 'check_violation';
        end if;
      end if;
      return null;
    end;
    $$
  `.execute(db);
  await sql`
    create constraint trigger ledger_entries_player_funds
      after insert on ledger_entries
      deferrable initially deferred
      for each row execute function ledger_check_player_funds()
  `.execute(db);

  await db.schema
    .createTable('idempotency_records')
    .addColumn('scope', 'text', (col) => col.notNull())
    .addColumn('key', 'text', (col) => col.notNull())
    .addColumn('player_id', 'integer', (col) => col.references('players.id').onDelete('cascade'))
    .addColumn('fingerprint', 'text', (col) => col.notNull())
    .addColumn('response', 'jsonb', (col) => col.notNull())
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('idempotency_records_pkey', ['scope', 'key'])
    .execute();

  await db.schema
    .createTable('cashier_deposits')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('player_id', 'integer', (col) => col.notNull().references('players.id'))
    .addColumn('wallet_transaction_id', 'integer', (col) => col.notNull().unique().references('wallet_transactions.id'))
    .addColumn('amount', sql`numeric(18, 2)`, (col) => col.notNull().check(sql`amount > 0`))
    .addColumn('currency', 'text', (col) => col.notNull())
    .addColumn('method_id', 'text', (col) => col.notNull())
    .addColumn('return_path', 'text', (col) => col.notNull())
    // The provider's page for the player (set once the provider opened the payment).
    .addColumn('redirect_url', 'text')
    .addColumn('status', 'text', (col) => col.notNull().defaultTo('PENDING').check(oneOf('status', DEPOSIT_STATUSES)))
    .addColumn('result', 'text')
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('settled_at', 'timestamptz')
    .execute();
  await db.schema.createIndex('cashier_deposits_player').on('cashier_deposits').columns(['player_id', 'status', 'created_at']).execute();

  await db.schema
    .createTable('simulated_payments')
    .addColumn('reference', 'text', (col) => col.primaryKey())
    .addColumn('amount', sql`numeric(18, 2)`, (col) => col.notNull())
    .addColumn('currency', 'text', (col) => col.notNull())
    .addColumn('method_id', 'text', (col) => col.notNull())
    .addColumn('state', 'text', (col) => col.notNull().defaultTo('OPEN').check(oneOf('state', PAYMENT_STATES)))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('answered_at', 'timestamptz')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('simulated_payments').execute();
  await db.schema.dropTable('cashier_deposits').execute();
  await db.schema.dropTable('idempotency_records').execute();
  await sql`drop trigger if exists ledger_entries_player_funds on ledger_entries`.execute(db);
  await sql`drop function if exists ledger_check_player_funds()`.execute(db);
  // Dropping a column is no UPDATE of a posted row: the ledger's guards allow it.
  await db.schema.alterTable('ledger_transactions').dropColumn('wallet_transaction_id').execute();
  await db.schema.alterTable('ledger_transactions').dropColumn('wallet_id').execute();
  await sql`drop trigger if exists wallet_transactions_guard on wallet_transactions`.execute(db);
  await sql`drop function if exists wallet_transactions_guard()`.execute(db);
  await db.schema.dropTable('wallet_transactions').execute();
  await sql`drop trigger if exists players_open_wallet on players`.execute(db);
  await sql`drop function if exists wallet_open_for_player()`.execute(db);
  await db.schema.dropTable('wallets').execute();
}
