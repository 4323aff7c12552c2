import type { Kysely } from "kysely";

/**
 * Support chat: rooms of two people, their read marks, and messages with a
 * per-room sequence number. Instants are epoch milliseconds (bigint).
 */
export const chatMigration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable("room")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("createdAt", "bigint", (c) => c.notNull())
      // Last seq handed out; bumped in the same transaction as the insert.
      .addColumn("lastSeq", "integer", (c) => c.notNull().defaultTo(0))
      .execute();

    await db.schema
      .createTable("room_member")
      .addColumn("roomId", "text", (c) => c.notNull().references("room.id").onDelete("cascade"))
      .addColumn("userId", "text", (c) => c.notNull().references("user.id").onDelete("cascade"))
      .addColumn("lastReadAt", "bigint")
      .addPrimaryKeyConstraint("room_member_pk", ["roomId", "userId"])
      .execute();
    // The chat list starts from "my rooms".
    await db.schema
      .createIndex("room_member_user_idx")
      .on("room_member")
      .columns(["userId", "roomId"])
      .execute();

    await db.schema
      .createTable("message")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("roomId", "text", (c) => c.notNull().references("room.id").onDelete("cascade"))
      .addColumn("seq", "integer", (c) => c.notNull())
      .addColumn("senderId", "text", (c) => c.notNull())
      .addColumn("senderName", "text", (c) => c.notNull())
      .addColumn("text", "text", (c) => c.notNull())
      .addColumn("createdAt", "bigint", (c) => c.notNull())
      .addColumn("status", "text", (c) => c.notNull())
      .addColumn("fromMsgNum", "integer", (c) => c.notNull())
      .addColumn("toMsgNum", "integer", (c) => c.notNull())
      .addColumn("fileId", "text")
      .addColumn("fileUrl", "text")
      .addColumn("fileType", "text")
      .addColumn("fileName", "text")
      .addColumn("fileSize", "bigint")
      .execute();
    // Last message and resync read by (roomId, seq); unread counts by (roomId, createdAt).
    await db.schema
      .createIndex("message_room_seq_idx")
      .on("message")
      .columns(["roomId", "seq"])
      .unique()
      .execute();
    await db.schema
      .createIndex("message_room_created_idx")
      .on("message")
      .columns(["roomId", "createdAt"])
      .execute();
  },
};
