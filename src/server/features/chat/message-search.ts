import { sql, type SqlBool } from "kysely";
import type { DatabaseHandle } from "../../db/database";
import {
  SEARCH_MATCH_LIMIT,
  searchTerms,
  type MessageSearchResult,
} from "../../../shared/message-search";
import { visibleTo } from "./message-visibility";

/**
 * A room's messages whose words start with every term, newest first, by
 * index: SQLite's FTS5 table `message_fts` (kept by triggers), PostgreSQL's
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
    const tsquery = terms.map((t) => `${t}:*`).join(" & ");
    rows = await db
      .selectFrom("message as m")
      .select(["m.id", "m.seq"])
      .where("m.roomId", "=", roomId)
      .where((eb) => visibleTo({ kind: eb.ref("m.kind") }, viewer))
      .where(
        sql<SqlBool>`to_tsvector('simple', ${sql.ref("m.text")}) @@ to_tsquery('simple', ${tsquery})`,
      )
      .orderBy("m.seq", "desc")
      .limit(limit)
      .execute();
  }
  return {
    matches: rows.slice(0, SEARCH_MATCH_LIMIT).map((r) => ({ id: r.id, seq: r.seq })),
    more: rows.length > SEARCH_MATCH_LIMIT,
    terms,
  };
}
