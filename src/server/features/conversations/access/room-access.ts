import type { Kysely } from "kysely";
import type { Database } from "../../../db/schema";
import type { PublicUser } from "../../../../shared/user";
import { isAgentOnly } from "../../../../shared/desk";
import { toChatMessage } from "../repositories";

type Db = Kysely<Database>;
type Viewer = Pick<PublicUser, "id" | "admin">;

/**
 * Who may read and write a conversation: its two members (the artist and the
 * agent the artist picked), and every agent, since the desk works as a team.
 */
export async function canAccessRoom(db: Db, roomId: string, user: Viewer): Promise<boolean> {
  if (user.admin) {
    const room = await db
      .selectFrom("room")
      .select("id")
      .where("id", "=", roomId)
      .executeTakeFirst();
    return room !== undefined;
  }
  const member = await db
    .selectFrom("room_member")
    .select("userId")
    .where("roomId", "=", roomId)
    .where("userId", "=", user.id)
    .executeTakeFirst();
  return member !== undefined;
}

/**
 * Whether this user may see this message: they may read its conversation,
 * and it is not an internal note or desk line unless they are an agent.
 * The one answer for every feature that shows or quotes a message.
 */
export async function canSeeMessage(db: Db, user: Viewer, messageId: string): Promise<boolean> {
  const row = await db
    .selectFrom("message")
    .selectAll()
    .where("id", "=", messageId)
    .executeTakeFirst();
  if (!row) return false;
  if (!user.admin && isAgentOnly(toChatMessage(row))) return false;
  return canAccessRoom(db, row.roomId, user);
}
