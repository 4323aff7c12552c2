import type { Kysely } from "kysely";
import type { Database } from "../db/schema";

/**
 * Sessions and their users by the sessions' tokens, in one query: the
 * session reader's cache misses of one turn (on the hot path of every
 * signed-in request; a burst after the cache's TTL asks for many at once).
 */
export function sessionsWithUsersByTokens(db: Kysely<Database>, tokens: readonly string[]) {
  return db
    .selectFrom("session")
    .innerJoin("user", "user.id", "session.userId")
    .select([
      "session.token",
      "session.id as sessionId",
      "session.expiresAt",
      "session.updatedAt",
      "user.id",
      "user.email",
      "user.name",
      "user.username",
      "user.artistName",
      "user.admin",
      "user.createdAt",
      "user.bio",
      "user.profilePicture",
      "user.spotifyUrl",
      "user.appleMusicUrl",
      "user.youtubeUrl",
    ])
    .where("session.token", "in", tokens)
    .execute();
}

/** Every session row of one account, expired or not. */
export function sessionRowsOf(db: Kysely<Database>, userId: string) {
  return db
    .selectFrom("session")
    .select(["id", "userAgent", "ipAddress", "createdAt", "updatedAt", "expiresAt"])
    .where("userId", "=", userId)
    .execute();
}

/** Deletes sessions of one account: all, all but `keep`, or only `only`. Answers the ids deleted. */
export function deleteSessions(
  db: Kysely<Database>,
  userId: string,
  which: { keep: string } | { only: string } | "all",
): Promise<{ id: string }[]> {
  let query = db.deleteFrom("session").where("userId", "=", userId);
  if (which !== "all") {
    query =
      "keep" in which ? query.where("id", "!=", which.keep) : query.where("id", "=", which.only);
  }
  return query.returning("id").execute();
}

/** Sets a session's "last seen" to now. */
export async function touchSessionRow(db: Kysely<Database>, sessionId: string): Promise<void> {
  await db
    .updateTable("session")
    .set({ updatedAt: new Date().toISOString() })
    .where("id", "=", sessionId)
    .execute();
}
