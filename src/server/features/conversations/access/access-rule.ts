import { HttpError } from "../../../http/errors";
import { AGENT_ONLY_KINDS, SHARED_KINDS } from "../../../../shared/desk";
import type { PublicUser } from "../../../../shared/user";

/**
 * THE rule of who may read and write a conversation, and which of its
 * messages they read. Everything else (the chat service, the uploads of a
 * room, the SQL of history, search and quotes) asks here; nothing restates it.
 * Pure: the callers load what it needs (room-access.ts for one-off checks).
 */

type Viewer = Pick<PublicUser, "id" | "admin">;

export const NOT_A_MEMBER = "You are not part of this conversation.";

/**
 * May this user read and write the room with these members: one of its two
 * people, or any agent while the room exists (the desk works as a team;
 * decision 040). A room that does not exist has no members.
 */
export function mayUseRoom(user: Viewer, memberIds: readonly string[]): boolean {
  return memberIds.includes(user.id) || (user.admin && memberIds.length > 0);
}

/** Throws 403 unless the user may use the room (see mayUseRoom). */
export function requireRoomUse(user: Viewer, memberIds: readonly string[]): void {
  if (!mayUseRoom(user, memberIds)) {
    throw new HttpError(403, NOT_A_MEMBER, undefined, "FORBIDDEN");
  }
}

/** Kinds both people of a room read: the only ones an artist sees, or a quote may show. */
export const KINDS_EVERYONE_READS: readonly string[] = SHARED_KINDS;

/**
 * Kinds this reader never sees: for an artist, internal notes and desk lines
 * (the agents-only kinds of the team desk); for an agent, none.
 */
export function kindsHiddenFrom(viewer: Pick<PublicUser, "admin">): readonly string[] {
  return viewer.admin ? [] : AGENT_ONLY_KINDS;
}

/** Whether this reader of a room may see a message of this kind ("text" when unset). */
export function mayReadKind(viewer: Pick<PublicUser, "admin">, kind: string | undefined): boolean {
  return !kindsHiddenFrom(viewer).includes(kind ?? "text");
}
