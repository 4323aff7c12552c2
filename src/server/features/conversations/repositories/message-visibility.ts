import { sql, type Expression, type SqlBool } from "kysely";
import { AGENT_ONLY_KINDS, SHARED_KINDS } from "../../../../shared/desk";

/**
 * Which messages of a room a reader of that room may see, as SQL: agents
 * see every kind; an artist never sees internal notes or desk lines (the
 * agents-only kinds of the team desk, the same rule as
 * access/room-access.ts `canSeeMessage`). Search follows it, so
 * searching never finds a note for an artist.
 */
export function visibleTo(
  message: { kind: Expression<string> },
  viewer: { admin: boolean },
): Expression<SqlBool> {
  if (viewer.admin) return sql<SqlBool>`1 = 1`;
  return sql<SqlBool>`${message.kind} not in (${sql.join([...AGENT_ONLY_KINDS])})`;
}

/**
 * Messages both people of a room see. A quote is shown to everyone who sees
 * the reply, and a chat reply reaches the artist, so only these may be
 * quoted (an agent quoting a note would hand its text to the artist).
 */
export function visibleToEveryone(message: { kind: Expression<string> }): Expression<SqlBool> {
  return sql<SqlBool>`${message.kind} in (${sql.join([...SHARED_KINDS])})`;
}
