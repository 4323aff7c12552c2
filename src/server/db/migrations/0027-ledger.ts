import type { Kysely } from "kysely";
import type { MigrationDialect } from "../dialect-types";
import { serialIdColumn } from "./serial-id";

/**
 * The ledger (architecture 6b, decision 106): every balance in integer paise.
 *
 * - `ledger_account`: one row per balance (an artist's available balance,
 *   the label's share, unmatched statement money, the stores that pay us,
 *   later held split shares, withdrawals in flight, TDS payable). `balance`
 *   is updated in the same transaction as the entries; `ledger-check`
 *   recomputes it from them.
 * - `ledger_posting`: one money step, its entries summing to zero, with a
 *   unique idempotency key (`statement:ID:import`, `statement:ID:reverse`,
 *   `statement:ID:assign:CODE`), so a retry posts nothing twice.
 * - `ledger_entry`: append-only; `groupId` names the statement group an
 *   earnings entry came from (store, country, month, track), which is what
 *   the artist's earnings breakdown sums.
 */
export function ledgerMigration(dialect: MigrationDialect) {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable("ledger_account")
        .addColumn("id", "text", (c) => c.primaryKey())
        .addColumn("kind", "text", (c) => c.notNull())
        .addColumn("ownerId", "text")
        .addColumn("balance", "bigint", (c) => c.notNull().defaultTo(0))
        .addColumn("createdAt", "bigint", (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex("ledger_account_owner_idx")
        .on("ledger_account")
        .columns(["ownerId", "kind"])
        .execute();
      await db.schema
        .createTable("ledger_posting")
        .addColumn("id", "text", (c) => c.primaryKey())
        .addColumn("idempotencyKey", "text", (c) => c.notNull().unique())
        .addColumn("kind", "text", (c) => c.notNull())
        .addColumn("statementId", "text")
        .addColumn("createdBy", "text")
        .addColumn("createdAt", "bigint", (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex("ledger_posting_statement_idx")
        .on("ledger_posting")
        .column("statementId")
        .execute();
      await db.schema
        .createTable("ledger_entry")
        .$call(serialIdColumn(dialect))
        .addColumn("postingId", "text", (c) => c.notNull().references("ledger_posting.id"))
        .addColumn("accountId", "text", (c) => c.notNull().references("ledger_account.id"))
        .addColumn("amount", "bigint", (c) => c.notNull())
        .addColumn("groupId", "bigint")
        .addColumn("createdAt", "bigint", (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex("ledger_entry_account_idx")
        .on("ledger_entry")
        .columns(["accountId", "id"])
        .execute();
      await db.schema
        .createIndex("ledger_entry_posting_idx")
        .on("ledger_entry")
        .column("postingId")
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable("ledger_entry").execute();
      await db.schema.dropTable("ledger_posting").execute();
      await db.schema.dropTable("ledger_account").execute();
    },
  };
}
