import type { Kysely } from "kysely";
import type { Database } from "../db/schema";
import type { DomainEvents } from "../events/domain-events";
import { deleteSessions, sessionRowsOf, touchSessionRow } from "./session-repository";
import { deviceName, type AccountSession } from "../../shared/sessions";

/** How stale "last seen" may get: a session's row is touched at most this often. */
export const LAST_SEEN_EVERY_MS = 5 * 60_000;

const epoch = (value: Date | string) => new Date(value).getTime();

/** The account's live sessions, the most recently seen first. */
export async function listSessions(
  db: Kysely<Database>,
  userId: string,
  currentSessionId: string,
): Promise<AccountSession[]> {
  const rows = await sessionRowsOf(db, userId);
  const now = Date.now();
  return rows
    .filter((r) => epoch(r.expiresAt) > now)
    .map((r) => ({
      id: r.id,
      device: deviceName(r.userAgent),
      ipAddress: r.ipAddress,
      lastSeenAt: epoch(r.updatedAt),
      createdAt: epoch(r.createdAt),
      current: r.id === currentSessionId,
    }))
    .sort((a, b) => Number(b.current) - Number(a.current) || b.lastSeenAt - a.lastSeenAt);
}

/**
 * Ends sessions of one account: all, all but `keep`, or only `only`. The rows go
 * first (the next request of those browsers is signed out on any instance);
 * then each ended session is announced, so its sockets close and cached
 * copies drop on every instance. Answers how many ended.
 */
export async function endSessions(
  db: Kysely<Database>,
  events: DomainEvents,
  userId: string,
  which: { keep: string } | { only: string } | "all",
): Promise<number> {
  const ended = await deleteSessions(db, userId, which);
  for (const { id } of ended) await events.emit("session.ended", { userId, sessionId: id });
  return ended.length;
}

/** Records that a session was used now (Settings' "last seen"). */
export async function touchSession(db: Kysely<Database>, sessionId: string): Promise<void> {
  await touchSessionRow(db, sessionId);
}
