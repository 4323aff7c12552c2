import type { CreateTableBuilder } from "kysely";
import type { MigrationDialect } from "../dialect-types";

/**
 * An `id` the database numbers itself, in insert order: SQLite's rowid
 * (`INTEGER PRIMARY KEY`), PostgreSQL's identity column. Set-based inserts
 * (`INSERT … SELECT`) get their ids without a round trip per row.
 */
export function serialIdColumn(dialect: MigrationDialect) {
  return <T extends string>(table: CreateTableBuilder<T>) =>
    dialect === "sqlite"
      ? table.addColumn("id", "integer", (c) => c.primaryKey())
      : table.addColumn("id", "bigint", (c) => c.primaryKey().generatedByDefaultAsIdentity());
}
