import { sql, type Kysely } from 'kysely';

// Running balances on the player's ledger entries (issue 11, "wallet reads and postings per
// second"). Until now a player's balance was summed over every entry of the account at each read,
// each posting and again at commit (migration 0008's deferred trigger): the cost grew with the
// player's history, and a busy player's postings slowed down as they played.
//
// Each entry on a player's account (`player:%`) now carries, computed by the database itself:
// - `account_seq`: its position in the account (1, 2, 3, ...), unique per account and currency;
// - `balance_after`: the sum of the account's entries up to and including this one.
// A balance is still a sum of entries, never a stored number updated in place: the running total
// is part of an append-only entry (migration 0005 forbids UPDATE and DELETE), written once, by the
// BEFORE INSERT trigger below from the account's previous entry, whatever the inserting code says.
// Reading a balance is one index probe on the newest entry instead of a sum over all of them.
//
// Why this is safe:
// - Two entries can never claim the same previous one: (account, currency, account_seq) is unique,
//   so a concurrent insert that read the same previous entry fails (PostgreSQL) instead of forking
//   the running total. The platform's postings hold the wallet lock anyway (server/services/ledger.ts).
// - `balance_after >= 0` is a check constraint: no player account goes below zero, at the statement
//   itself (it replaces 0008's deferred trigger, which summed the whole account at every commit).
// - `ledger_account_drift` (a view) lists every player account whose newest running total differs
//   from the plain sum of its entries: it must always be empty, and the ledger's tests assert it.
//
// House accounts (`cashier:clearing`, `games:CASINO`, ...) keep no running total: every player's
// postings touch them, and a running total would make all players' postings wait for each other.

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table ledger_entries add column account_seq bigint`.execute(db);
  await sql`alter table ledger_entries add column balance_after numeric(18, 2)`.execute(db);

  // Entries posted before this migration get their running totals once, here (the append-only
  // trigger is off for this statement only, inside the migration's transaction).
  await sql`alter table ledger_entries disable trigger ledger_entries_append_only`.execute(db);
  await sql`
    update ledger_entries e
       set account_seq = r.seq, balance_after = r.running
      from (
        select id,
               row_number() over (partition by account, currency order by id) as seq,
               sum(amount) over (partition by account, currency order by id) as running
          from ledger_entries
         where account like 'player:%'
      ) r
     where e.id = r.id
  `.execute(db);
  await sql`alter table ledger_entries enable trigger ledger_entries_append_only`.execute(db);

  await sql`
    alter table ledger_entries add constraint ledger_entries_running_balance
      check ((account like 'player:%') = (account_seq is not null and balance_after is not null))
  `.execute(db);
  await sql`
    alter table ledger_entries add constraint ledger_entries_player_not_negative
      check (balance_after is null or balance_after >= 0)
  `.execute(db);
  await sql`create unique index ledger_entries_account_seq on ledger_entries (account, currency, account_seq) where account_seq is not null`.execute(db);

  await sql`
    create function ledger_running_balance() returns trigger language plpgsql as $$
    declare
      previous record;
    begin
      if new.account like 'player:%' then
        select account_seq, balance_after into previous
          from ledger_entries
         where account = new.account and currency = new.currency and account_seq is not null
         order by account_seq desc
         limit 1;
        new.account_seq := coalesce(previous.account_seq, 0) + 1;
        new.balance_after := coalesce(previous.balance_after, 0) + new.amount;
      else
        new.account_seq := null;
        new.balance_after := null;
      end if;
      return new;
    end;
    $$
  `.execute(db);
  await sql`
    create trigger ledger_entries_running_balance before insert on ledger_entries
      for each row execute function ledger_running_balance()
  `.execute(db);

  // The running totals replace 0008's sum at commit.
  await sql`drop trigger ledger_entries_player_funds on ledger_entries`.execute(db);
  await sql`drop function ledger_check_player_funds()`.execute(db);

  await sql`
    create view ledger_account_drift as
      select e.account, e.currency, sum(e.amount) as sum_of_entries,
             (select l.balance_after from ledger_entries l
               where l.account = e.account and l.currency = e.currency and l.account_seq is not null
               order by l.account_seq desc limit 1) as running_balance
        from ledger_entries e
       where e.account like 'player:%'
       group by e.account, e.currency
      having sum(e.amount) <> (select l.balance_after from ledger_entries l
                                where l.account = e.account and l.currency = e.currency and l.account_seq is not null
                                order by l.account_seq desc limit 1)
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop view if exists ledger_account_drift`.execute(db);
  await sql`drop trigger if exists ledger_entries_running_balance on ledger_entries`.execute(db);
  await sql`drop function if exists ledger_running_balance()`.execute(db);
  await sql`drop index if exists ledger_entries_account_seq`.execute(db);
  await sql`alter table ledger_entries drop constraint if exists ledger_entries_player_not_negative`.execute(db);
  await sql`alter table ledger_entries drop constraint if exists ledger_entries_running_balance`.execute(db);
  await sql`alter table ledger_entries drop column if exists balance_after`.execute(db);
  await sql`alter table ledger_entries drop column if exists account_seq`.execute(db);
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
}
