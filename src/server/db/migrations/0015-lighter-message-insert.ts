import { sql, type Kysely } from "kysely";
import type { MigrationDialect } from "../dialect-types";
import { createMessageFtsTriggers } from "./0014-conversation-tools";

/**
 * Less work inside a message's insert, the chat's hot path (issue 24,
 * decision 085):
 * - SQLite: the insert no longer tokenizes the text into the search index.
 *   Its trigger notes the row in `message_fts_pending`, in the same commit,
 *   and the server folds the pending rows into `message_fts` a few hundred at
 *   a time after the commit and before every search
 *   (features/conversations/repositories/search-index-upkeep.ts). Edits and deletes of a row not
 *   yet folded touch only the pending list: the index never holds a row's
 *   old words.
 * - Both engines: `message_file_idx` holds only the messages with a file; a
 *   text message (most of them) no longer adds a null entry to it. The file
 *   sweep's `"fileId" in (...)` implies not null, so it still uses the index.
 */
export function lighterMessageInsertMigration(dialect: MigrationDialect) {
  return {
    async up(db: Kysely<unknown>) {
      await sql`drop index message_file_idx`.execute(db);
      await sql`create index message_file_idx on message ("fileId") where "fileId" is not null`.execute(
        db,
      );
      if (dialect !== "sqlite") return;

      await sql`create table message_fts_pending ("messageRowid" integer primary key)`.execute(db);
      await sql`drop trigger message_fts_insert`.execute(db);
      await sql`drop trigger message_fts_update`.execute(db);
      await sql`drop trigger message_fts_delete`.execute(db);
      await sql`create trigger message_fts_note_insert after insert on message begin
        insert into message_fts_pending ("messageRowid") values (new.rowid);
      end`.execute(db);
      // A pending row's current text is what the fold will index: nothing to do.
      await sql`create trigger message_fts_update after update of text on message
        when not exists (select 1 from message_fts_pending where "messageRowid" = old.rowid)
      begin
        insert into message_fts(message_fts, rowid, text) values ('delete', old.rowid, old.text);
        insert into message_fts(rowid, text) values (new.rowid, new.text);
      end`.execute(db);
      // One trigger, two ordered statements: the index forgets only a row it holds.
      await sql`create trigger message_fts_delete after delete on message begin
        insert into message_fts(message_fts, rowid, text)
          select 'delete', old.rowid, old.text
          where not exists (select 1 from message_fts_pending where "messageRowid" = old.rowid);
        delete from message_fts_pending where "messageRowid" = old.rowid;
      end`.execute(db);
    },
    async down(db: Kysely<unknown>) {
      if (dialect === "sqlite") {
        await sql`insert into message_fts(rowid, text)
          select m.rowid, m.text from message_fts_pending p join message m on m.rowid = p."messageRowid"`.execute(
          db,
        );
        await sql`drop trigger message_fts_delete`.execute(db);
        await sql`drop trigger message_fts_update`.execute(db);
        await sql`drop trigger message_fts_note_insert`.execute(db);
        await sql`drop table message_fts_pending`.execute(db);
        await createMessageFtsTriggers(db);
      }
      await sql`drop index message_file_idx`.execute(db);
      await sql`create index message_file_idx on message ("fileId")`.execute(db);
    },
  };
}
