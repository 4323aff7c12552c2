import { sql, type ExpressionBuilder, type Kysely, type Selectable } from "kysely";
import type { DatabaseHandle } from "../../db/database";
import type {
  Database,
  MessageTable,
  RoomMemberTable,
  RoomTable,
  UserTable,
} from "../../db/schema";
import {
  FROM_MSG_NUM,
  MESSAGE_PAGE_SIZE,
  TO_MSG_NUM,
  type ChatContact,
  type ChatFileType,
  type ChatMessage,
  type MessagesQuery,
} from "../../../shared/chat";
import { coverFileUrl } from "../../../shared/song-schemas";
import { SHARED_KINDS } from "../../../shared/desk";
import { attachQuotes } from "./quotes";

type Db = Kysely<Database>;

/** PostgreSQL returns bigint as text; SQLite as a number. */
const num = (v: number | string | bigint): number => Number(v);
const numOrNull = (v: number | string | bigint | null): number | null =>
  v === null ? null : Number(v);

export function toChatMessage(row: Selectable<MessageTable>): ChatMessage {
  return {
    id: row.id,
    roomId: row.roomId,
    seq: num(row.seq),
    userId: row.senderId,
    senderName: row.senderName,
    text: row.text,
    createdAt: num(row.createdAt),
    status: "sent",
    from_msg_num: row.fromMsgNum,
    to_msg_num: row.toMsgNum,
    fileUrl: row.fileUrl,
    fileType: row.fileType as ChatFileType | null,
    fileName: row.fileName,
    fileSize: numOrNull(row.fileSize),
    ...(row.kind !== "text" ? { kind: row.kind as NonNullable<ChatMessage["kind"]> } : {}),
    song: null,
  };
}

/**
 * Fills in the song card of messages that refer to a song, with the song's
 * current title, status and cover (one query for the whole list).
 */
export async function attachSongCards(
  db: Db,
  rows: Selectable<MessageTable>[],
): Promise<ChatMessage[]> {
  const messages = rows.map(toChatMessage);
  const ids = [...new Set(rows.flatMap((row) => (row.songId ? [row.songId] : [])))];
  if (ids.length === 0) return messages;
  const songs = await db
    .selectFrom("song_request")
    .select(["id", "type", "status", "coverFileId"])
    .where("id", "in", ids)
    .execute();
  const byId = new Map(songs.map((song) => [song.id, song]));
  return messages.map((message, i) => {
    const song = byId.get(rows[i]!.songId ?? "");
    return song
      ? {
          ...message,
          song: {
            id: song.id,
            title: song.type,
            status: song.status,
            coverUrl: song.coverFileId ? coverFileUrl(song.coverFileId) : null,
          },
        }
      : message;
  });
}

/** Creates the room and its two members if missing; the agent starts with no read mark. */
export async function ensureRoom(
  db: Db,
  roomId: string,
  members: { userId: string; lastReadAt: number | null }[],
  now: number,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto("room")
      .values({ id: roomId, createdAt: now })
      .onConflict((oc) => oc.column("id").doNothing())
      .execute();
    await trx
      .insertInto("room_member")
      .values(members.map((m) => ({ roomId, ...m })))
      .onConflict((oc) => oc.columns(["roomId", "userId"]).doNothing())
      .execute();
    await fillRoomParties(trx, roomId);
  });
}

/**
 * Names a room's artist and agent (its two members) and makes the agent its
 * first assignee, for rooms not yet filled: a new room (ensureRoom), or rooms
 * the import wrote. `u.admin` alone is a truth test on both engines.
 */
export async function fillRoomParties(db: Db, roomId?: string): Promise<void> {
  const only = roomId === undefined ? sql`` : sql` and ${sql.ref("room.id")} = ${roomId}`;
  const member = (admin: boolean) =>
    sql`(select rm."userId" from room_member rm join ${sql.table("user")} u on u.id = rm."userId"
         where rm."roomId" = room.id and ${admin ? sql`u.admin` : sql`not u.admin`} limit 1)`;
  await sql`update room set "agentId" = ${member(true)}, "artistId" = ${member(false)}
            where "artistId" is null${only}`.execute(db);
  await sql`update room set "assigneeId" = "agentId"
            where "assigneeId" is null and "agentId" is not null${only}`.execute(db);
}

/** The artist and the picked agent of a room; undefined when there is no such room. */
export async function findRoomParties(db: Db, roomId: string) {
  return db
    .selectFrom("room")
    .select(["id", "artistId", "agentId", "assigneeId", "status"])
    .where("id", "=", roomId)
    .executeTakeFirst();
}

export async function findMembership(db: Db, roomId: string, userId: string) {
  const row = await db
    .selectFrom("room_member")
    .select("lastReadAt")
    .where("roomId", "=", roomId)
    .where("userId", "=", userId)
    .executeTakeFirst();
  return row ? { lastReadAt: numOrNull(row.lastReadAt) } : undefined;
}

export async function roomMemberIds(db: Db, roomId: string): Promise<string[]> {
  const rows = await db
    .selectFrom("room_member")
    .select("userId")
    .where("roomId", "=", roomId)
    .execute();
  return rows.map((r) => r.userId);
}

/** Everyone who shares a room with this user. */
export async function peersOf(db: Db, userId: string): Promise<string[]> {
  const rows = await db
    .selectFrom("room_member as mine")
    .innerJoin("room_member as peer", "peer.roomId", "mine.roomId")
    .select("peer.userId")
    .where("mine.userId", "=", userId)
    .where("peer.userId", "<>", userId)
    .execute();
  return rows.map((r) => r.userId);
}

/**
 * The room an agent opens for an artist: the one named (if it is the
 * artist's), else the agent's own room with them, else the artist's most
 * recently active room with any agent; undefined when the artist has none.
 */
export async function findArtistRoom(
  db: Db,
  artistId: string,
  agentId: string,
  preferredRoomId?: string,
): Promise<string | undefined> {
  const rows = await db
    .selectFrom("room")
    .select(["id", "agentId"])
    .where("artistId", "=", artistId)
    .orderBy("createdAt", "desc")
    .execute();
  const pick =
    rows.find((r) => r.id === preferredRoomId) ??
    rows.find((r) => r.agentId === agentId) ??
    rows[0];
  return pick?.id;
}

/** An agent's read mark in any room, member or not (the desk's unread counts and mentions). */
export async function markAgentRead(db: Db, roomId: string, agentId: string, at: number) {
  await db
    .insertInto("desk_read")
    .values({ roomId, agentId, lastReadAt: at })
    .onConflict((oc) => oc.columns(["roomId", "agentId"]).doUpdateSet({ lastReadAt: at }))
    .execute();
}

export async function markRead(db: Db, roomId: string, userId: string, at: number) {
  await db
    .updateTable("room_member")
    .set({ lastReadAt: at })
    .where("roomId", "=", roomId)
    .where("userId", "=", userId)
    .execute();
}

export interface NewMessage {
  id: string;
  roomId: string;
  senderId: string;
  senderName: string;
  text: string;
  createdAt: number;
  file: {
    fileId: string;
    fileUrl: string;
    fileType: ChatFileType;
    fileName: string;
    fileSize: number;
  } | null;
  kind?: "text" | NonNullable<ChatMessage["kind"]>;
  songId?: string | null;
  /** A message of the same room this one replies to (checked by findQuotable). */
  quoteId?: string | null;
}

export type InsertResult =
  { outcome: "created" | "existing"; message: ChatMessage } | { outcome: "conflict" };

/**
 * Stores a message once: a retried send with the same id returns the stored
 * row. ONE statement takes the room's next seq and inserts, so it is atomic
 * without a transaction on SQLite; on PostgreSQL two concurrent sends to a
 * room can pick the same seq, the unique (roomId, seq) index refuses one,
 * and it is retried.
 */
export async function insertMessage(db: Db, input: NewMessage): Promise<InsertResult> {
  for (let attempt = 0; ; attempt++) {
    try {
      const inserted = await db
        .insertInto("message")
        .columns([
          "id",
          "roomId",
          "seq",
          "senderId",
          "senderName",
          "text",
          "createdAt",
          "status",
          "fromMsgNum",
          "toMsgNum",
          "fileId",
          "fileUrl",
          "fileType",
          "fileName",
          "fileSize",
          "kind",
          "songId",
          "quoteId",
        ])
        .expression((eb) =>
          eb
            .selectFrom("message")
            .select([
              // Typed casts: PostgreSQL cannot infer a parameter's type in a SELECT list.
              eb.cast(eb.val(input.id), "text").as("id"),
              eb.cast(eb.val(input.roomId), "text").as("roomId"),
              sql<number>`coalesce(max(${eb.ref("seq")}), 0) + 1`.as("seq"),
              eb.cast(eb.val(input.senderId), "text").as("senderId"),
              // The sender's name as it is now (a socket holds the user as at connect time).
              sql<string>`coalesce((select coalesce(nullif(trim(${sql.ref("u.artistName")}), ''), ${sql.ref("u.username")}) from ${sql.table("user")} as u where ${sql.ref("u.id")} = ${input.senderId}), ${input.senderName})`.as(
                "senderName",
              ),
              eb.cast(eb.val(input.text), "text").as("text"),
              eb.cast(eb.val(input.createdAt), "bigint").as("createdAt"),
              eb.cast(eb.val("sent"), "text").as("status"),
              eb.cast(eb.val(FROM_MSG_NUM), "integer").as("fromMsgNum"),
              eb.cast(eb.val(TO_MSG_NUM), "integer").as("toMsgNum"),
              eb.cast(eb.val(input.file?.fileId ?? null), "text").as("fileId"),
              eb.cast(eb.val(input.file?.fileUrl ?? null), "text").as("fileUrl"),
              eb.cast(eb.val(input.file?.fileType ?? null), "text").as("fileType"),
              eb.cast(eb.val(input.file?.fileName ?? null), "text").as("fileName"),
              eb.cast(eb.val(input.file?.fileSize ?? null), "bigint").as("fileSize"),
              eb.cast(eb.val(input.kind ?? "text"), "text").as("kind"),
              eb.cast(eb.val(input.songId ?? null), "text").as("songId"),
              eb.cast(eb.val(input.quoteId ?? null), "text").as("quoteId"),
            ])
            .where("roomId", "=", input.roomId),
        )
        .onConflict((oc) => oc.column("id").doNothing())
        .returningAll()
        .executeTakeFirst();
      if (inserted) return { outcome: "created", message: toChatMessage(inserted) };
      break;
    } catch (error) {
      if (attempt >= 3 || !isUniqueViolation(error)) throw error;
    }
  }
  const existing = await db
    .selectFrom("message")
    .selectAll()
    .where("id", "=", input.id)
    .executeTakeFirstOrThrow();
  const same = existing.roomId === input.roomId && existing.senderId === input.senderId;
  return same ? { outcome: "existing", message: toChatMessage(existing) } : { outcome: "conflict" };
}

/** A message this sender already stored in this room under this id (a retried send). */
export async function findOwnMessage(
  db: Db,
  id: string,
  roomId: string,
  senderId: string,
): Promise<ChatMessage | undefined> {
  const row = await db
    .selectFrom("message")
    .selectAll()
    .where("id", "=", id)
    .where("roomId", "=", roomId)
    .where("senderId", "=", senderId)
    .executeTakeFirst();
  return row ? (await attachQuotes(db, [row], await attachSongCards(db, [row])))[0] : undefined;
}

function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: unknown }).code;
  return (
    code === "SQLITE_CONSTRAINT_UNIQUE" ||
    code === "SQLITE_CONSTRAINT_PRIMARYKEY" ||
    code === "23505"
  );
}

/**
 * One page of a room's messages, oldest first, by key on (roomId, seq):
 * after a seq (resync), before a seq (older history) or the latest page.
 * Every page costs the same however deep it lies.
 */
export async function listMessages(
  db: Db,
  roomId: string,
  page: MessagesQuery,
  /** Agents read notes and desk lines too; an artist never does. */
  agentView = false,
): Promise<ChatMessage[]> {
  const visible = agentView
    ? db.selectFrom("message").selectAll()
    : db.selectFrom("message").selectAll().where("kind", "in", SHARED_KINDS);
  if (page.after !== undefined) {
    const rows = await visible
      .where("roomId", "=", roomId)
      .where("seq", ">", page.after)
      .orderBy("seq", "asc")
      .limit(MESSAGE_PAGE_SIZE)
      .execute();
    return attachQuotes(db, rows, await attachSongCards(db, rows));
  }
  let latest = visible.where("roomId", "=", roomId);
  if (page.before !== undefined) latest = latest.where("seq", "<", page.before);
  const rows = await latest.orderBy("seq", "desc").limit(MESSAGE_PAGE_SIZE).execute();
  rows.reverse();
  return attachQuotes(db, rows, await attachSongCards(db, rows));
}

/** `%` and `_` typed by a person are literal characters, not wildcards. */
export function likePattern(search: string): string {
  return `%${search.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

interface ContactRow {
  userId: string;
  artistName: string;
  username: string;
  email: string;
  picture: string | null;
  roomId: string | null;
  lastText: string | null;
  lastFileType: string | null;
  lastCreatedAt: number | string | null;
  lastSenderId: string | null;
  unread: number | string | bigint | null;
}

function toContact(row: ContactRow, roomIdFor: (peerId: string) => string): ChatContact {
  return {
    userId: row.userId,
    name: row.artistName.trim() || row.username,
    email: row.email,
    picture: row.picture,
    roomId: row.roomId ?? roomIdFor(row.userId),
    lastMessage:
      row.lastCreatedAt === null
        ? null
        : {
            text: row.lastText ?? "",
            fileType: row.lastFileType as ChatFileType | null,
            createdAt: num(row.lastCreatedAt),
            senderId: row.lastSenderId ?? "",
          },
    unread: row.unread === null ? 0 : num(row.unread),
  };
}

/**
 * The artist's chat list in ONE statement: every agent but the user, with the
 * room they share (if any), its last message (the highest seq, one index probe) and
 * the count of messages from others newer than the user's read mark.
 */
export async function listAgentsForUser(
  database: DatabaseHandle,
  userId: string,
  search: string,
  roomIdFor: (peerId: string) => string,
): Promise<ChatContact[]> {
  const { db } = database;
  let query = db
    .selectFrom("user as u")
    .leftJoin("room_member as mine", (join) =>
      join
        .on("mine.userId", "=", userId)
        .on((eb) =>
          eb(
            "mine.roomId",
            "in",
            eb
              .selectFrom("room_member as peer")
              .select("peer.roomId")
              .whereRef("peer.userId", "=", "u.id"),
          ),
        ),
    )
    .leftJoin("room as r", "r.id", "mine.roomId")
    .leftJoin("message as lm", (join) =>
      join.onRef("lm.roomId", "=", "r.id").on((eb) => eb("lm.seq", "=", lastSeqOfRoom(eb, true))),
    )
    .select((eb) => [
      "u.id as userId",
      "u.artistName",
      "u.username",
      "u.email",
      "u.profilePicture as picture",
      "mine.roomId as roomId",
      "lm.text as lastText",
      "lm.fileType as lastFileType",
      "lm.createdAt as lastCreatedAt",
      "lm.senderId as lastSenderId",
      unreadCount(eb, userId, true).as("unread"),
    ])
    .where("u.admin", "=", database.bool(true))
    .where("u.id", "<>", userId);
  if (search) {
    const pattern = likePattern(search);
    query = query.where((eb) => personMatches(eb, pattern));
  }
  const rows = await query.orderBy("u.artistName").orderBy("u.id").execute();
  return rows.map((row) => toContact(row, roomIdFor));
}

/**
 * An agent's inbox in ONE statement: the rooms the agent is in, the artist on
 * the other side, last message and unread count; newest activity first.
 */
export async function listInboxForAgent(
  database: DatabaseHandle,
  agentId: string,
  search: string,
): Promise<ChatContact[]> {
  const { db } = database;
  let query = db
    .selectFrom("room_member as mine")
    .innerJoin("room_member as peer", (join) =>
      join.onRef("peer.roomId", "=", "mine.roomId").on("peer.userId", "<>", agentId),
    )
    .innerJoin("user as u", "u.id", "peer.userId")
    .innerJoin("room as r", "r.id", "mine.roomId")
    .leftJoin("message as lm", (join) =>
      join.onRef("lm.roomId", "=", "r.id").on((eb) => eb("lm.seq", "=", lastSeqOfRoom(eb, false))),
    )
    .select((eb) => [
      "u.id as userId",
      "u.artistName",
      "u.username",
      "u.email",
      "u.profilePicture as picture",
      "mine.roomId as roomId",
      "lm.text as lastText",
      "lm.fileType as lastFileType",
      "lm.createdAt as lastCreatedAt",
      "lm.senderId as lastSenderId",
      unreadCount(eb, agentId).as("unread"),
      eb.fn.coalesce("lm.createdAt", "r.createdAt").as("activity"),
    ])
    .where("mine.userId", "=", agentId);
  if (search) {
    const pattern = likePattern(search);
    query = query.where((eb) => personMatches(eb, pattern));
  }
  const rows = await query.orderBy("activity", "desc").orderBy("u.id").execute();
  return rows.map((row) => toContact(row, () => row.roomId));
}

/**
 * The highest seq of room `r`: joining on it picks the room's last message.
 * `sharedOnly` (an artist's list) skips notes and desk lines, which the
 * artist never sees.
 */
function lastSeqOfRoom(
  eb: ExpressionBuilder<Database & { r: RoomTable }, "r">,
  sharedOnly: boolean,
) {
  const top = eb
    .selectFrom("message as top")
    .select((sub) => sub.fn.max("top.seq").as("s"))
    .whereRef("top.roomId", "=", "r.id");
  return sharedOnly ? top.where("top.kind", "in", SHARED_KINDS) : top;
}

/** Search on the person `u`: username, email or artist name contain the (escaped) pattern. */
export function personMatches(
  eb: ExpressionBuilder<Database & { u: UserTable }, "u">,
  pattern: string,
) {
  return eb.or([
    sql<boolean>`lower(${eb.ref("u.username")}) like ${pattern} escape '\\'`,
    sql<boolean>`lower(${eb.ref("u.email")}) like ${pattern} escape '\\'`,
    sql<boolean>`lower(${eb.ref("u.artistName")}) like ${pattern} escape '\\'`,
  ]);
}

/** Messages from others newer than the read mark (all of them when there is none). */
function unreadCount(
  eb: ExpressionBuilder<Database & { mine: RoomMemberTable }, "mine">,
  userId: string,
  /** An artist's count: notes and desk lines are never theirs to read. */
  sharedOnly = false,
) {
  const count = eb
    .selectFrom("message as m")
    .select((sub) => sub.fn.countAll().as("n"))
    .whereRef("m.roomId", "=", "mine.roomId")
    .where("m.senderId", "<>", userId)
    // One index range on (roomId, createdAt): no read mark counts from the beginning.
    .where("m.createdAt", ">", (sub) => sub.fn.coalesce("mine.lastReadAt", sql.lit(-1)));
  return sharedOnly ? count.where("m.kind", "in", SHARED_KINDS) : count;
}

/** Everything of the user's conversations goes: rooms cascade to members and messages. */
export async function deleteRoomsOfUser(db: Db, userId: string): Promise<string[]> {
  const rooms = await db
    .selectFrom("room_member")
    .select("roomId")
    .where("userId", "=", userId)
    .execute();
  const ids = rooms.map((r) => r.roomId);
  // A conversation the user owned without being in it goes back to its own agent.
  await db
    .updateTable("room")
    .set((eb) => ({ assigneeId: eb.ref("agentId") }))
    .where("assigneeId", "=", userId)
    .execute();
  await db.deleteFrom("desk_read").where("agentId", "=", userId).execute();
  await db.deleteFrom("desk_mention").where("agentId", "=", userId).execute();
  if (ids.length > 0) {
    await db.deleteFrom("desk_mention").where("roomId", "in", ids).execute();
    await db.deleteFrom("desk_read").where("roomId", "in", ids).execute();
    await db.deleteFrom("message").where("roomId", "in", ids).execute();
    await db.deleteFrom("room_member").where("roomId", "in", ids).execute();
    await db.deleteFrom("room").where("id", "in", ids).execute();
  }
  return ids;
}
