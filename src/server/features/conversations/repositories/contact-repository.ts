import { sql, type ExpressionBuilder } from "kysely";
import type { DatabaseHandle } from "../../../db/database";
import type { Database, RoomMemberTable, RoomTable, UserTable } from "../../../db/schema";
import type { ChatContact, ChatFileType } from "../../../../shared/chat";
import { KINDS_EVERYONE_READS } from "../access/access-rule";
import { num } from "./message-rows";

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

/**
 * What both contact lists read: the person `u`, the user's membership `mine`
 * and the room's last message `lm` (the unread count differs per list).
 */
const CONTACT_COLUMNS = [
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
] as const;

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
    .select((eb) => [...CONTACT_COLUMNS, unreadCount(eb, userId, true).as("unread")])
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
      ...CONTACT_COLUMNS,
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
  return sharedOnly ? top.where("top.kind", "in", KINDS_EVERYONE_READS) : top;
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
  return sharedOnly ? count.where("m.kind", "in", KINDS_EVERYONE_READS) : count;
}
