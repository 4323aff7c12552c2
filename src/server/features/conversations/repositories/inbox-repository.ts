import { sql, type InferResult, type Kysely } from "kysely";
import type { Database } from "../../../db/schema";
import type { ChatFileType } from "../../../../shared/chat";
import type {
  AwaitingView,
  DeskConversation,
  DeskInbox,
  DeskInboxQuery,
  DeskView,
} from "../../../../shared/desk";
import { displayName } from "../../../../shared/user";
import { likePattern, personMatches } from ".";

type Db = Kysely<Database>;

/** Rows one view returns at most; search narrows beyond that. */
export const DESK_VIEW_LIMIT = 200;

const num = (v: number | string | bigint | null): number | null => (v === null ? null : Number(v));

/** An unseen mention of `agentId` in room `r`: a note naming them after their read mark. */
const unseenMention = (agentId: string) => sql<boolean>`exists (
  select 1 from desk_mention dm
  left join desk_read mr on mr."roomId" = dm."roomId" and mr."agentId" = dm."agentId"
  where dm."roomId" = r.id and dm."agentId" = ${agentId}
    and dm."createdAt" > coalesce(mr."lastReadAt", -1))`;

/**
 * The artist spoke last in room `r`: its latest text is theirs (a note, a
 * system or a desk line is no reply). The same rooms as a non-null
 * `waitingSince`, the Awaiting reply filter's rule and count.
 */
const artistSpokeLast = sql<boolean>`(select lt."senderId" from message lt
  where lt."roomId" = r.id and lt.kind = 'text'
  order by lt.seq desc limit 1) = r."artistId"`;

/** Assigned to this agent, or naming them in a note they have not seen: the Mine view. */
const isMine = (agentId: string) =>
  sql<boolean>`(r."assigneeId" = ${agentId} or ${unseenMention(agentId)})`;

/**
 * One desk view for one agent, in one statement. Each row: the artist, the
 * assignee, the last message (notes included: agents see them), the unread
 * count from this agent's read mark, an unseen mention, and how long the
 * artist has waited: their first message after the last agent reply (a note
 * or a desk line is not a reply). Mine and Team list waiting conversations
 * first, longest first, then by latest activity; Resolved newest first.
 */
export async function listDeskView(
  db: Db,
  agentId: string,
  query: DeskInboxQuery,
): Promise<DeskConversation[]> {
  const rows = await viewQuery(db, agentId, query).limit(DESK_VIEW_LIMIT).execute();
  return rows.map(toDeskConversation);
}

/**
 * Messages from others in room `r` after this agent's read mark (`dr`, the
 * desk's, else `mm`, a member's): the joins `withReadMarks` adds.
 */
const unreadFor = (agentId: string) => sql<number | string>`(select count(*) from message m
  where m."roomId" = r.id and m."senderId" <> ${agentId} and m.kind <> 'event'
    and m."createdAt" > coalesce(dr."lastReadAt", mm."lastReadAt", -1))`;

/** Every conversation with an artist, as one desk row for this agent (unfiltered). */
function deskRows(db: Db, agentId: string) {
  return db
    .selectFrom("room as r")
    .innerJoin("user as u", "u.id", "r.artistId")
    .leftJoin("user as a", "a.id", "r.assigneeId")
    .leftJoin("message as lm", (join) =>
      join.onRef("lm.roomId", "=", "r.id").on((eb) =>
        eb(
          "lm.seq",
          "=",
          eb
            .selectFrom("message as top")
            .select((s) => s.fn.max("top.seq").as("s"))
            .whereRef("top.roomId", "=", "r.id"),
        ),
      ),
    )
    .leftJoin("desk_read as dr", (join) =>
      join.onRef("dr.roomId", "=", "r.id").on("dr.agentId", "=", agentId),
    )
    .leftJoin("room_member as mm", (join) =>
      join.onRef("mm.roomId", "=", "r.id").on("mm.userId", "=", agentId),
    )
    .select([
      "r.id as roomId",
      "r.status",
      "r.statusChangedAt",
      "u.id as artistId",
      "u.artistName",
      "u.username",
      "u.email",
      "u.profilePicture",
      "a.id as assigneeId",
      "a.artistName as assigneeArtistName",
      "a.username as assigneeUsername",
      "lm.text as lastText",
      "lm.fileType as lastFileType",
      "lm.createdAt as lastCreatedAt",
      "lm.senderId as lastSenderId",
      sql<number | string>`coalesce(${sql.ref("lm.createdAt")}, ${sql.ref("r.createdAt")})`.as(
        "activity",
      ),
      unreadFor(agentId).as("unread"),
      sql<number | string | null>`(select min(w."createdAt") from message w
        where w."roomId" = r.id and w."senderId" = r."artistId" and w.kind = 'text'
          and w.seq > coalesce((select max(x.seq) from message x
            where x."roomId" = r.id and x."senderId" <> r."artistId" and x.kind = 'text'), 0))`.as(
        "waitingSince",
      ),
      // A boolean on PostgreSQL, 0 or 1 on SQLite.
      sql<boolean | number>`${unseenMention(agentId)}`.as("mentioned"),
    ]);
}

/** The rows of one view, searched and in the view's order. */
function viewQuery(db: Db, agentId: string, { view, q, awaiting }: DeskInboxQuery) {
  let rows = deskRows(db, agentId);
  if (view === "resolved") rows = rows.where("r.status", "=", "resolved");
  else rows = rows.where("r.status", "=", "open");
  if (view === "mine") rows = rows.where(isMine(agentId));
  if (awaiting) rows = rows.where(artistSpokeLast);
  if (q) rows = rows.where((eb) => personMatches(eb, likePattern(q)));

  // Ordered outside, where the computed columns can be named.
  let ordered = db.selectFrom(rows.as("c")).selectAll();
  if (view === "resolved") {
    ordered = ordered.orderBy(sql`coalesce(c."statusChangedAt", c.activity)`, "desc");
  } else {
    ordered = ordered
      .orderBy(sql`case when c."waitingSince" is null then 1 else 0 end`)
      .orderBy("c.waitingSince", "asc")
      .orderBy("c.activity", "desc");
  }
  return ordered.orderBy("c.roomId");
}

type DeskRow = InferResult<ReturnType<typeof viewQuery>>[number];

function toDeskConversation(row: DeskRow): DeskConversation {
  return {
    roomId: row.roomId,
    artist: {
      id: row.artistId,
      name: displayName(row),
      email: row.email,
      picture: row.profilePicture,
    },
    assignee:
      row.assigneeId === null
        ? null
        : {
            id: row.assigneeId,
            name: displayName({
              artistName: row.assigneeArtistName ?? "",
              username: row.assigneeUsername ?? "",
            }),
          },
    status: row.status,
    lastMessage:
      row.lastCreatedAt === null
        ? null
        : {
            text: row.lastText ?? "",
            fileType: row.lastFileType as ChatFileType | null,
            createdAt: row.lastCreatedAt,
            senderId: row.lastSenderId ?? "",
          },
    waitingSince: num(row.waitingSince),
    activityAt: Number(row.activity),
    unread: Number(row.unread),
    mentioned: Boolean(row.mentioned),
  };
}

type Count = number | string | null;
/** Rooms where `condition` holds, summed in the counts' one pass. */
const countWhere = (condition: ReturnType<typeof sql>) =>
  sql<Count>`sum(case when ${condition} then 1 else 0 end)`;

export interface DeskCounts {
  views: Record<DeskView, number>;
  awaiting: Record<AwaitingView, number>;
}

/**
 * How many conversations each view holds for this agent, and how many of
 * Mine and of Team await a reply (search aside), in one pass over the rooms.
 */
export async function countDeskViews(db: Db, agentId: string): Promise<DeskCounts> {
  const open = sql`r.status = 'open'`;
  const row = await db
    .selectFrom("room as r")
    .select([
      countWhere(sql`${open} and ${isMine(agentId)}`).as("mine"),
      countWhere(open).as("team"),
      countWhere(sql`r.status = 'resolved'`).as("resolved"),
      countWhere(sql`${open} and ${isMine(agentId)} and ${artistSpokeLast}`).as("mineAwaiting"),
      countWhere(sql`${open} and ${artistSpokeLast}`).as("teamAwaiting"),
    ])
    .where("r.artistId", "is not", null)
    .executeTakeFirstOrThrow();
  return {
    views: {
      mine: Number(row.mine ?? 0),
      team: Number(row.team ?? 0),
      resolved: Number(row.resolved ?? 0),
    },
    awaiting: { mine: Number(row.mineAwaiting ?? 0), team: Number(row.teamAwaiting ?? 0) },
  };
}

export async function deskInbox(
  db: Db,
  agentId: string,
  query: DeskInboxQuery,
): Promise<DeskInbox> {
  const [conversations, counts] = await Promise.all([
    listDeskView(db, agentId, query),
    countDeskViews(db, agentId),
  ]);
  return {
    view: query.view,
    awaiting: query.awaiting,
    conversations,
    counts: counts.views,
    awaitingCounts: counts.awaiting,
  };
}

/**
 * The agent's navigation badge: what is theirs and unread, the Mine view's
 * conversations (assigned to them, or naming them in a note they have not
 * seen), each counting its unread messages, and at least one for an unseen
 * mention. Not the rooms they are a member of: those are the artist's choice
 * of agent, not the agent's work.
 */
export async function countMineUnread(db: Db, agentId: string): Promise<number> {
  const rooms = db
    .selectFrom("room as r")
    .leftJoin("desk_read as dr", (join) =>
      join.onRef("dr.roomId", "=", "r.id").on("dr.agentId", "=", agentId),
    )
    .leftJoin("room_member as mm", (join) =>
      join.onRef("mm.roomId", "=", "r.id").on("mm.userId", "=", agentId),
    )
    .select([
      unreadFor(agentId).as("unread"),
      // A boolean on PostgreSQL, 0 or 1 on SQLite.
      sql<boolean | number>`${unseenMention(agentId)}`.as("mentioned"),
    ])
    .where("r.artistId", "is not", null)
    .where("r.status", "=", "open")
    .where(isMine(agentId));
  const row = await db
    .selectFrom(rooms.as("c"))
    .select(
      sql<Count>`sum(case when c.unread > 0 then c.unread when c.mentioned then 1 else 0 end)`.as(
        "unread",
      ),
    )
    .executeTakeFirstOrThrow();
  return Number(row.unread ?? 0);
}
