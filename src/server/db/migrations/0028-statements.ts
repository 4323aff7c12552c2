import type { Kysely } from "kysely";
import type { MigrationDialect } from "../dialect-types";
import { serialIdColumn } from "./serial-id";

/**
 * Store statements (issue 46, decision 106).
 *
 * - `statement`: one uploaded file, from preview to imported (or reversed).
 *   `fileSha256` is the file's content hash: while a statement with that hash
 *   is importing or imported, a partial unique index (`activeHash`) refuses a
 *   second one, across instances and double presses. Totals are paise.
 * - `statement_line`: the staging table a file is streamed into (COPY on
 *   PostgreSQL, batched inserts on SQLite); `amount` is net revenue in the
 *   statement's own currency as an exact decimal string scaled to 10⁻¹⁰
 *   (an integer in text), never a float. Dropped rows once imported.
 * - `statement_group`: one row per (code, store, country, sale month) of a
 *   statement, its amount in paise rounded half up, split between the
 *   artist (royalty rate, half up) and the label (the rest); the ledger's
 *   entries name it, and the artist's earnings breakdown sums them.
 * - `royalty_rate`: an artist's share in basis points when not the default.
 * - `code_alias`: an unmatched ISRC or UPC a finance agent assigned to a
 *   track, so later statements match it.
 */
export function statementsMigration(dialect: MigrationDialect) {
  return {
    async up(db: Kysely<unknown>) {
      await createStatementTable(db);
      await createLineTable(db);
      await createGroupTable(db, dialect);
      await createRoyaltyRateTable(db);
      await createCodeAliasTable(db);
    },
    async down(db: Kysely<unknown>) {
      for (const table of [
        "code_alias",
        "royalty_rate",
        "statement_group",
        "statement_line",
        "statement",
      ]) {
        await db.schema.dropTable(table).execute();
      }
    },
  };
}

async function createStatementTable(db: Kysely<unknown>) {
  await db.schema
    .createTable("statement")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("fileId", "text")
    .addColumn("fileName", "text", (c) => c.notNull())
    .addColumn("fileSha256", "text", (c) => c.notNull())
    // preview → importing → imported → reversed; failed when a job gave up.
    .addColumn("state", "text", (c) => c.notNull())
    // The hash while importing or imported, else null: unique among those.
    .addColumn("activeHash", "text")
    .addColumn("mapping", "text", (c) => c.notNull().defaultTo("{}"))
    .addColumn("rates", "text", (c) => c.notNull().defaultTo("{}"))
    .addColumn("stores", "text", (c) => c.notNull().defaultTo("[]"))
    .addColumn("saleMonths", "text", (c) => c.notNull().defaultTo("[]"))
    .addColumn("currencies", "text", (c) => c.notNull().defaultTo("[]"))
    .addColumn("lineCount", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("matchedCount", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("unmatchedCount", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("totalPaise", "bigint", (c) => c.notNull().defaultTo(0))
    .addColumn("artistsPaise", "bigint", (c) => c.notNull().defaultTo(0))
    .addColumn("labelPaise", "bigint", (c) => c.notNull().defaultTo(0))
    .addColumn("unmatchedPaise", "bigint", (c) => c.notNull().defaultTo(0))
    // The first 20 line errors as JSON, and how many there were in all.
    .addColumn("lineErrors", "text", (c) => c.notNull().defaultTo("[]"))
    .addColumn("lineErrorCount", "integer", (c) => c.notNull().defaultTo(0))
    // 0–100 while importing, for the page's percentage.
    .addColumn("progress", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("failure", "text")
    .addColumn("createdBy", "text", (c) => c.notNull())
    .addColumn("createdAt", "bigint", (c) => c.notNull())
    .addColumn("importedBy", "text")
    .addColumn("importedAt", "bigint")
    .addColumn("reversedBy", "text")
    .addColumn("reversedAt", "bigint")
    .execute();
  await db.schema
    .createIndex("statement_active_hash_idx")
    .on("statement")
    .column("activeHash")
    .unique()
    .execute();
  await db.schema
    .createIndex("statement_created_idx")
    .on("statement")
    .columns(["createdAt", "id"])
    .execute();
}

async function createLineTable(db: Kysely<unknown>) {
  await db.schema
    .createTable("statement_line")
    .addColumn("statementId", "text", (c) => c.notNull())
    .addColumn("lineNo", "integer", (c) => c.notNull())
    .addColumn("isrc", "text")
    .addColumn("upc", "text")
    .addColumn("store", "text", (c) => c.notNull())
    .addColumn("country", "text", (c) => c.notNull())
    .addColumn("saleMonth", "text", (c) => c.notNull())
    .addColumn("quantity", "bigint", (c) => c.notNull().defaultTo(0))
    .addColumn("currency", "text", (c) => c.notNull())
    .addColumn("amount", "text", (c) => c.notNull())
    .addColumn("title", "text")
    .addColumn("artist", "text")
    .execute();
  await db.schema
    .createIndex("statement_line_statement_idx")
    .on("statement_line")
    .columns(["statementId", "lineNo"])
    .execute();
}

async function createGroupTable(db: Kysely<unknown>, dialect: MigrationDialect) {
  await db.schema
    .createTable("statement_group")
    .$call(serialIdColumn(dialect))
    .addColumn("statementId", "text", (c) => c.notNull().references("statement.id"))
    // The code as matched: compact ISRC, or 13-digit UPC when the line had no ISRC.
    .addColumn("code", "text", (c) => c.notNull())
    .addColumn("codeKind", "text", (c) => c.notNull())
    .addColumn("trackId", "text")
    .addColumn("releaseId", "text")
    // Null while unmatched; set when matched or assigned.
    .addColumn("artistId", "text")
    .addColumn("store", "text", (c) => c.notNull())
    .addColumn("country", "text", (c) => c.notNull())
    .addColumn("saleMonth", "text", (c) => c.notNull())
    .addColumn("quantity", "bigint", (c) => c.notNull().defaultTo(0))
    .addColumn("lineCount", "integer", (c) => c.notNull())
    .addColumn("amountPaise", "bigint", (c) => c.notNull())
    .addColumn("artistPaise", "bigint", (c) => c.notNull().defaultTo(0))
    .addColumn("labelPaise", "bigint", (c) => c.notNull().defaultTo(0))
    // The file's own title and artist for the code, shown while unmatched.
    .addColumn("title", "text")
    .addColumn("artist", "text")
    .execute();
  await db.schema
    .createIndex("statement_group_statement_idx")
    .on("statement_group")
    .columns(["statementId", "code"])
    .execute();
  await db.schema
    .createIndex("statement_group_artist_idx")
    .on("statement_group")
    .columns(["artistId", "saleMonth"])
    .execute();
  await db.schema
    .createIndex("statement_group_track_idx")
    .on("statement_group")
    .column("trackId")
    .execute();
}

async function createRoyaltyRateTable(db: Kysely<unknown>) {
  await db.schema
    .createTable("royalty_rate")
    .addColumn("artistId", "text", (c) => c.primaryKey().references("user.id").onDelete("cascade"))
    .addColumn("basisPoints", "integer", (c) => c.notNull())
    .addColumn("updatedBy", "text", (c) => c.notNull())
    .addColumn("updatedAt", "bigint", (c) => c.notNull())
    .execute();
}

async function createCodeAliasTable(db: Kysely<unknown>) {
  await db.schema
    .createTable("code_alias")
    .addColumn("code", "text", (c) => c.primaryKey())
    .addColumn("codeKind", "text", (c) => c.notNull())
    .addColumn("trackId", "text")
    .addColumn("releaseId", "text", (c) => c.notNull())
    .addColumn("createdBy", "text", (c) => c.notNull())
    .addColumn("createdAt", "bigint", (c) => c.notNull())
    .execute();
}
