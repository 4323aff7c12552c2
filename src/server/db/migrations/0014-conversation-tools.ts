import { sql, type Kysely } from "kysely";
import type { MigrationDialect } from "../dialect-types";

/**
 * Conversation tools (issue 22): a message may quote another of its room;
 * agents share saved replies; an agent may be away; and a conversation's
 * text is searchable by index on both engines (word prefixes: SQLite FTS5
 * over the message table, PostgreSQL full-text on the same expression the
 * search query uses).
 */
/**
 * The triggers that keep `message_fts` in step with every insert, edit and
 * delete, inside the writing transaction. Migration 0015 replaced the insert
 * one (decision 085); its down migration puts these back.
 */
export async function createMessageFtsTriggers(db: Kysely<unknown>): Promise<void> {
  await sql`create trigger message_fts_insert after insert on message begin
    insert into message_fts(rowid, text) values (new.rowid, new.text);
  end`.execute(db);
  await sql`create trigger message_fts_delete after delete on message begin
    insert into message_fts(message_fts, rowid, text) values ('delete', old.rowid, old.text);
  end`.execute(db);
  await sql`create trigger message_fts_update after update of text on message begin
    insert into message_fts(message_fts, rowid, text) values ('delete', old.rowid, old.text);
    insert into message_fts(rowid, text) values (new.rowid, new.text);
  end`.execute(db);
}

export function conversationToolsMigration(dialect: MigrationDialect) {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable("message").addColumn("quoteId", "text").execute();

      await db.schema
        .createTable("saved_reply")
        .addColumn("id", "text", (c) => c.primaryKey())
        .addColumn("shortcut", "text", (c) => c.notNull())
        .addColumn("text", "text", (c) => c.notNull())
        .addColumn("createdById", "text")
        .addColumn("createdAt", "bigint", (c) => c.notNull())
        .addColumn("updatedAt", "bigint", (c) => c.notNull())
        .execute();
      // "/Thanks" and "/thanks" are the same shortcut to a person typing it.
      await db.schema
        .createIndex("saved_reply_shortcut_idx")
        .on("saved_reply")
        .expression(sql`lower(shortcut)`)
        .unique()
        .execute();

      await db.schema
        .createTable("agent_availability")
        .addColumn("userId", "text", (c) =>
          c.primaryKey().references("user.id").onDelete("cascade"),
        )
        .addColumn("away", "integer", (c) => c.notNull().defaultTo(0))
        // The return day as YYYY-MM-DD, or null for "away, no date".
        .addColumn("awayUntil", "text")
        .addColumn("updatedAt", "bigint", (c) => c.notNull())
        .execute();

      if (dialect === "sqlite") {
        // External-content FTS5: the index holds tokens only, the text stays in
        // `message`; triggers keep it in step with every insert, edit and delete.
        await sql`create virtual table message_fts using fts5(text, content='message', content_rowid='rowid', tokenize='unicode61 remove_diacritics 2')`.execute(
          db,
        );
        await createMessageFtsTriggers(db);
        await sql`insert into message_fts(message_fts) values ('rebuild')`.execute(db);
      } else {
        await sql`create index message_text_search_idx on message using gin (to_tsvector('simple', text))`.execute(
          db,
        );
      }
    },
    async down(db: Kysely<unknown>) {
      if (dialect === "sqlite") {
        await sql`drop trigger if exists message_fts_update`.execute(db);
        await sql`drop trigger if exists message_fts_delete`.execute(db);
        await sql`drop trigger if exists message_fts_insert`.execute(db);
        await sql`drop table if exists message_fts`.execute(db);
      } else {
        await sql`drop index if exists message_text_search_idx`.execute(db);
      }
      await db.schema.dropTable("agent_availability").execute();
      await db.schema.dropTable("saved_reply").execute();
      await db.schema.alterTable("message").dropColumn("quoteId").execute();
    },
  };
}
