import { sql, type SqlBool } from "kysely";
import type { DatabaseHandle } from "../../../db/database";
import {
  SEARCH_MATCH_LIMIT,
  searchTerms,
  type MessageSearchResult,
} from "../../../../shared/message-search";
import { visibleTo } from "./message-visibility";
import { catchUpSearchIndex } from "./search-index-upkeep";

/**
 * How many of the room's newest messages PostgreSQL reads before it turns to
 * the index: a common word fills the page inside them (a GIN bitmap scan
 * would collect and sort every one of its matches first, 60 ms for a word in
 * a third of 100,000 messages); a rarer one falls through after a few ms.
 */
const NEWEST_WINDOW = 3000;

/**
 * A room's messages whose words start with every term, newest first, by
 * index: SQLite's FTS5 table `message_fts` (brought up to date with every
 * acknowledged message first: search-index-upkeep.ts), PostgreSQL's
 * GIN index on to_tsvector('simple', text). Terms are letters and digits
 * only, so they are safe inside either engine's query syntax.
 */
export async function searchRoom(
  database: DatabaseHandle,
  roomId: string,
  viewer: { id: string; admin: boolean },
  q: string,
): Promise<MessageSearchResult> {
  const terms = searchTerms(q);
  if (terms.length === 0) return { matches: [], more: false, terms };
  const { db } = database;
  const limit = SEARCH_MATCH_LIMIT + 1;
  let rows: { id: string; seq: number }[];
  if (database.dialect === "sqlite") {
    if (database.sqlite) await catchUpSearchIndex(db, database.sqlite);
    // FTS5 hands out matches by rowid, newest first (rowids grow with every
    // insert, as seq does within a room), so a common word stops at the cap
    // instead of sorting every match.
    const match = terms.map((t) => `"${t}"*`).join(" AND ");
    rows = await db
      .selectFrom(sql<{ rowid: number }>`message_fts`.as("f"))
      .innerJoin("message as m", (join) => join.on(sql<SqlBool>`m.rowid = f.rowid`))
      .select(["m.id", "m.seq"])
      .where(sql<SqlBool>`message_fts match ${match}`)
      .where("m.roomId", "=", roomId)
      .where((eb) => visibleTo({ kind: eb.ref("m.kind") }, viewer))
      .orderBy(sql`f.rowid`, "desc")
      .limit(limit)
      .execute();
    rows.sort((a, b) => b.seq - a.seq);
  } else {
    rows = await searchPostgres(database, roomId, viewer, terms, limit);
  }
  return {
    matches: rows.slice(0, SEARCH_MATCH_LIMIT).map((r) => ({ id: r.id, seq: r.seq })),
    more: rows.length > SEARCH_MATCH_LIMIT,
    terms,
  };
}

async function searchPostgres(
  database: DatabaseHandle,
  roomId: string,
  viewer: { id: string; admin: boolean },
  terms: readonly string[],
  limit: number,
): Promise<{ id: string; seq: number }[]> {
  const { db } = database;
  const tsquery = terms.map((t) => `${t}:*`).join(" & ");
  const matches = sql<SqlBool>`to_tsvector('simple', ${sql.ref("m.text")}) @@ to_tsquery('simple', ${tsquery})`;
  // First the newest messages, newest first. `ilike` (a superset of the word
  // prefix match: terms are letters and digits only) spares to_tsvector on
  // most rows. A full page here holds the newest matches of all.
  const newest = db
    .selectFrom("message")
    .select(["id", "seq", "text"])
    .where("roomId", "=", roomId)
    .where((eb) => visibleTo({ kind: eb.ref("kind") }, viewer))
    .orderBy("seq", "desc")
    .limit(NEWEST_WINDOW);
  const recent = await db
    .selectFrom(newest.as("m"))
    .select(["m.id", "m.seq"])
    .where((eb) => eb.and(terms.map((t) => eb("m.text", "ilike", `%${t}%`))))
    .where(matches)
    .orderBy("m.seq", "desc")
    .limit(limit)
    .execute();
  if (recent.length === limit) return recent;
  return db
    .selectFrom("message as m")
    .select(["m.id", "m.seq"])
    .where("m.roomId", "=", roomId)
    .where((eb) => visibleTo({ kind: eb.ref("m.kind") }, viewer))
    .where(matches)
    .orderBy("m.seq", "desc")
    .limit(limit)
    .execute();
}
