import { sql, type Kysely } from 'kysely';

// The ledger defends itself in the database (issue 9; ARCHITECTURE.md "The reference platform":
// "the database itself refuses an unbalanced posting or an edit of a posted entry"), whatever code
// or person writes to it, on PGlite and on a real PostgreSQL (plain PL/pgSQL both accept):
//
// - a transaction's amount is positive; an entry's amount is not zero;
// - at commit, every transaction that got entries (or was created) has at least two, all in the
//   transaction's currency, summing to zero: a deferred constraint trigger, because the entries
//   of one posting arrive in several rows (server/services/ledger.ts inserts them together);
// - posted rows are append-only: UPDATE, DELETE and TRUNCATE fail. A correction is a new,
//   opposite transaction (the wallet issue's reversals), never an edit.

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table ledger_transactions add constraint ledger_transactions_amount_positive check (amount > 0)`.execute(db);
  await sql`alter table ledger_entries add constraint ledger_entries_amount_not_zero check (amount <> 0)`.execute(db);

  await sql`
    create function ledger_check_balanced() returns trigger language plpgsql as $$
    declare
      tx_id integer;
      tx_currency text;
      entry_count integer;
      entry_sum numeric;
      foreign_currency integer;
    begin
      if tg_table_name = 'ledger_entries' then
        tx_id := new.transaction_id;
      else
        tx_id := new.id;
      end if;
      select currency into tx_currency from ledger_transactions where id = tx_id;
      select count(*), coalesce(sum(amount), 0), count(*) filter (where currency <> tx_currency)
        into entry_count, entry_sum, foreign_currency
        from ledger_entries where transaction_id = tx_id;
      if entry_count < 2 or entry_sum <> 0 or foreign_currency > 0 then
        raise exception 'ledger transaction % is unbalanced: % entries summing to % (% in another currency)',
          tx_id, entry_count, entry_sum, foreign_currency
          using errcode = 'check_violation';
      end if;
      return null;
    end;
    $$
  `.execute(db);
  await sql`
    create constraint trigger ledger_entries_balanced
      after insert on ledger_entries
      deferrable initially deferred
      for each row execute function ledger_check_balanced()
  `.execute(db);
  await sql`
    create constraint trigger ledger_transactions_balanced
      after insert on ledger_transactions
      deferrable initially deferred
      for each row execute function ledger_check_balanced()
  `.execute(db);

  await sql`
    create function ledger_refuse_change() returns trigger language plpgsql as $$
    begin
      raise exception 'the ledger is append-only: % on % is not allowed', tg_op, tg_table_name
        using errcode = 'restrict_violation';
    end;
    $$
  `.execute(db);
  for (const table of ['ledger_transactions', 'ledger_entries']) {
    await sql`
      create trigger ${sql.raw(`${table}_append_only`)}
        before update or delete on ${sql.table(table)}
        for each row execute function ledger_refuse_change()
    `.execute(db);
    await sql`
      create trigger ${sql.raw(`${table}_no_truncate`)}
        before truncate on ${sql.table(table)}
        for each statement execute function ledger_refuse_change()
    `.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['ledger_transactions', 'ledger_entries']) {
    await sql`drop trigger if exists ${sql.raw(`${table}_append_only`)} on ${sql.table(table)}`.execute(db);
    await sql`drop trigger if exists ${sql.raw(`${table}_no_truncate`)} on ${sql.table(table)}`.execute(db);
    await sql`drop trigger if exists ${sql.raw(`${table}_balanced`)} on ${sql.table(table)}`.execute(db);
  }
  await sql`drop function if exists ledger_refuse_change()`.execute(db);
  await sql`drop function if exists ledger_check_balanced()`.execute(db);
  await sql`alter table ledger_entries drop constraint if exists ledger_entries_amount_not_zero`.execute(db);
  await sql`alter table ledger_transactions drop constraint if exists ledger_transactions_amount_positive`.execute(db);
}
