import { sql, type Kysely } from "kysely";
import type { MigrationDialect } from "../dialect-types";

/**
 * PostgreSQL (decision 126): the references of ledger entries (to their
 * posting and account) and of statement groups (to their statement) are
 * checked once per INSERT statement, over the rows it added, in place of a
 * foreign key's check per row. A statement of a million distinct groups
 * writes about a million groups and two million entries: the per-row checks
 * took 17 s of its 44 s.
 *
 * A foreign key also keeps the rows it points at from going away. Here the
 * ledger's accounts and postings, and statements, are never deleted nor
 * given another id (the ledger is append-only), and triggers now refuse
 * both, so what an entry or group names stays. SQLite keeps its foreign
 * keys: its checks are index probes in the same process.
 */
const REFERENCES = [
  {
    table: "ledger_entry",
    column: "postingId",
    target: "ledger_posting",
    refused: "a ledger entry names a posting that does not exist",
  },
  {
    table: "ledger_entry",
    column: "accountId",
    target: "ledger_account",
    refused: "a ledger entry names an account that does not exist",
  },
  {
    table: "statement_group",
    column: "statementId",
    target: "statement",
    refused: "a statement group names a statement that does not exist",
  },
] as const;

/** The tables whose inserts are checked: each gets `<table>_references` and its function. */
const CHECKED = ["ledger_entry", "statement_group"] as const;

const KEPT = ["ledger_account", "ledger_posting", "statement"] as const;

export function ledgerReferencesPerStatementMigration(dialect: MigrationDialect) {
  return {
    async up(db: Kysely<unknown>) {
      if (dialect === "sqlite") return;
      for (const r of REFERENCES) {
        await sql`
          do $$ declare c record; begin
            for c in select conname from pg_constraint
              where contype = 'f' and conrelid = ${sql.lit(r.table)}::regclass
                and confrelid = ${sql.lit(r.target)}::regclass
            loop execute format('alter table %I drop constraint %I', ${sql.lit(r.table)}, c.conname);
            end loop;
          end $$`.execute(db);
      }
      await createChecks(db);
      await sql`
        create or replace function ledger_row_kept() returns trigger
        language plpgsql as $$
        begin
          raise exception using errcode = '23503',
            message = format('%s rows are never deleted nor renamed: ledger rows name them', tg_table_name);
        end
        $$`.execute(db);
      for (const table of KEPT) {
        await sql`create trigger ${sql.raw(`${table}_kept`)}
          before delete or update of id on ${sql.table(table)}
          for each row execute function ledger_row_kept()`.execute(db);
      }
    },
    async down(db: Kysely<unknown>) {
      if (dialect === "sqlite") return;
      for (const table of KEPT) {
        await sql`drop trigger if exists ${sql.raw(`${table}_kept`)} on ${sql.table(table)}`.execute(
          db,
        );
      }
      for (const table of CHECKED) {
        await sql`drop trigger if exists ${sql.raw(`${table}_references`)} on ${sql.table(table)}`.execute(
          db,
        );
        await sql`drop function if exists ${sql.raw(`${table}_references_check`)}()`.execute(db);
      }
      await sql`drop function if exists ledger_row_kept()`.execute(db);
      for (const r of REFERENCES) {
        await sql`alter table ${sql.table(r.table)} add foreign key (${sql.ref(r.column)})
          references ${sql.table(r.target)} (id)`.execute(db);
      }
    },
  };
}

/**
 * The checks, one trigger per checked table: each distinct id the
 * statement's new rows name must exist (distinct first: a million entries
 * name a few dozen accounts).
 */
async function createChecks(db: Kysely<unknown>) {
  for (const table of CHECKED) {
    const checks = REFERENCES.filter((r) => r.table === table).map(
      (r) => sql`
      if exists (select 1 from (select distinct ${sql.ref(r.column)} as id from added) a
          where not exists (select 1 from ${sql.table(r.target)} t where t.id = a.id)) then
        ${sql.raw(`raise exception using errcode = '23503', message = '${r.refused}';`)}
      end if;`,
    );
    await sql`
      create or replace function ${sql.raw(`${table}_references_check`)}() returns trigger
      language plpgsql as $$
      begin
        ${sql.join(checks, sql``)}
        return null;
      end
      $$`.execute(db);
    await sql`create trigger ${sql.raw(`${table}_references`)} after insert on ${sql.table(table)}
      referencing new table as added
      for each statement execute function ${sql.raw(`${table}_references_check`)}()`.execute(db);
  }
}
