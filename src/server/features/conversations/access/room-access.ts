import type { Kysely } from "kysely";
import type { Database } from "../../../db/schema";
import type { PublicUser } from "../../../../shared/user";
import { findMessageKind, roomMemberIds } from "../repositories";
import { mayReadKind, mayUseRoom } from "./access-rule";

type Db = Kysely<Database>;
type Viewer = Pick<PublicUser, "id" | "admin">;

/**
 * One-off checks for callers without the instance's member cache (room-members.ts),
 * such as a test: the rule of access-rule.ts, with its data
 * loaded from the database.
 */
export async function canAccessRoom(db: Db, roomId: string, user: Viewer): Promise<boolean> {
  return mayUseRoom(user, await roomMemberIds(db, roomId));
}

/**
 * Whether this user may see this message: they may read its conversation,
 * and it is not an internal note or desk line unless they are an agent.
 * The one answer for every feature that shows or quotes a message.
 */
export async function canSeeMessage(db: Db, user: Viewer, messageId: string): Promise<boolean> {
  const row = await findMessageKind(db, messageId);
  if (!row || !mayReadKind(user, row.kind)) return false;
  return canAccessRoom(db, row.roomId, user);
}
