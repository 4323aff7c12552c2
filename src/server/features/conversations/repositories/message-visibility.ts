import { sql, type Expression, type SqlBool } from "kysely";
import { KINDS_EVERYONE_READS, kindsHiddenFrom } from "../access/access-rule";

/**
 * The reading rule of access/access-rule.ts as SQL: which messages of a room
 * a reader of that room may see. Search follows it, so searching never finds
 * a note for an artist.
 */
export function visibleTo(
  message: { kind: Expression<string> },
  viewer: { admin: boolean },
): Expression<SqlBool> {
  const hidden = kindsHiddenFrom(viewer);
  if (hidden.length === 0) return sql<SqlBool>`1 = 1`;
  return sql<SqlBool>`${message.kind} not in (${sql.join([...hidden])})`;
}

/**
 * Messages both people of a room see. A quote is shown to everyone who sees
 * the reply, and a chat reply reaches the artist, so only these may be
 * quoted (an agent quoting a note would hand its text to the artist).
 */
export function visibleToEveryone(message: { kind: Expression<string> }): Expression<SqlBool> {
  return sql<SqlBool>`${message.kind} in (${sql.join([...KINDS_EVERYONE_READS])})`;
}
