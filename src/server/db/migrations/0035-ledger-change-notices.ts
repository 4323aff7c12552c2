import { sql, type Kysely } from "kysely";
import type { MigrationDialect } from "../dialect-types";

/**
 * PostgreSQL: every statement that writes ledger balances notifies
 * `ledger_changed` on commit (one notice per transaction: PostgreSQL folds
 * identical ones), with the table's schema as payload. Whoever wrote it (a
 * server instance, the CLI's statement import, a script), each instance
 * hears it and forgets the wallet summaries it kept (decision 116). SQLite
 * keeps no summary: nothing to do there.
 */
export function ledgerChangeNoticesMigration(dialect: MigrationDialect) {
  return {
    async up(db: Kysely<unknown>) {
      if (dialect === "sqlite") return;
      await sql`
        create or replace function ledger_changed_notice() returns trigger
        language plpgsql as $$
        begin
          perform pg_notify('ledger_changed', tg_table_schema);
          return null;
        end
        $$`.execute(db);
      await sql`
        create trigger ledger_account_changed
        after insert or update or delete on ledger_account
        for each statement execute function ledger_changed_notice()`.execute(db);
    },
    async down(db: Kysely<unknown>) {
      if (dialect === "sqlite") return;
      await sql`drop trigger if exists ledger_account_changed on ledger_account`.execute(db);
      await sql`drop function if exists ledger_changed_notice()`.execute(db);
    },
  };
}
