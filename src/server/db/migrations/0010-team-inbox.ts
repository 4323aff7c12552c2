import { sql, type Kysely } from "kysely";

/**
 * The support desk as a team (docs/decisions/040-team-inbox.md). The room
 * keeps its id and its two members (the artist and the agent the artist
 * picked); the desk's own facts sit beside them:
 * - room.artistId / room.agentId: who the two members are, named once;
 * - room.assigneeId: the agent who owns the conversation now (starts as agentId);
 * - room.status: "open" or "resolved", and when it last changed;
 * - desk_read: each agent's read mark in rooms they are not a member of;
 * - desk_mention: an agent named in an internal note (`@Name`).
 * Existing conversations stay: each is assigned to its agent and open.
 */
export const teamInboxMigration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable("room").addColumn("artistId", "text").execute();
    await db.schema.alterTable("room").addColumn("agentId", "text").execute();
    await db.schema.alterTable("room").addColumn("assigneeId", "text").execute();
    await db.schema
      .alterTable("room")
      .addColumn("status", "text", (c) => c.notNull().defaultTo("open"))
      .execute();
    await db.schema.alterTable("room").addColumn("statusChangedAt", "bigint").execute();
    // `u.admin` alone is a truth test on both engines (boolean on PostgreSQL, 0/1 on SQLite).
    await sql`
      update room set
        "agentId" = (select rm."userId" from room_member rm join "user" u on u.id = rm."userId"
                     where rm."roomId" = room.id and u.admin limit 1),
        "artistId" = (select rm."userId" from room_member rm join "user" u on u.id = rm."userId"
                      where rm."roomId" = room.id and not u.admin limit 1)
    `.execute(db);
    await sql`update room set "assigneeId" = "agentId"`.execute(db);
    // Views: Mine (assignee, status), Team and Resolved (status).
    await db.schema
      .createIndex("room_status_assignee_idx")
      .on("room")
      .columns(["status", "assigneeId"])
      .execute();

    await db.schema
      .createTable("desk_read")
      .addColumn("roomId", "text", (c) => c.notNull().references("room.id").onDelete("cascade"))
      .addColumn("agentId", "text", (c) => c.notNull().references("user.id").onDelete("cascade"))
      .addColumn("lastReadAt", "bigint", (c) => c.notNull())
      .addPrimaryKeyConstraint("desk_read_pk", ["roomId", "agentId"])
      .execute();

    await db.schema
      .createTable("desk_mention")
      .addColumn("messageId", "text", (c) =>
        c.notNull().references("message.id").onDelete("cascade"),
      )
      .addColumn("agentId", "text", (c) => c.notNull().references("user.id").onDelete("cascade"))
      .addColumn("roomId", "text", (c) => c.notNull().references("room.id").onDelete("cascade"))
      .addColumn("createdAt", "bigint", (c) => c.notNull())
      .addPrimaryKeyConstraint("desk_mention_pk", ["messageId", "agentId"])
      .execute();
    await db.schema
      .createIndex("desk_mention_agent_room_idx")
      .on("desk_mention")
      .columns(["agentId", "roomId", "createdAt"])
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable("desk_mention").execute();
    await db.schema.dropTable("desk_read").execute();
    await db.schema.dropIndex("room_status_assignee_idx").execute();
    for (const column of ["statusChangedAt", "status", "assigneeId", "agentId", "artistId"]) {
      await db.schema.alterTable("room").dropColumn(column).execute();
    }
  },
};
