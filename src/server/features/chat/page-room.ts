import type { Kysely } from "kysely";
import { chatRoomId } from "../../../shared/chat";
import type { Database } from "../../db/schema";
import { findArtistRoom, findMembership } from "./room-repository";

/**
 * The room a conversation's page (`/chat/:peerId`, `/inbox/:peerId`) will
 * open for this visitor, when it already exists, so the page can preload its
 * messages beside the room's opening (route-data.ts). The same room the
 * opening picks (ChatService.openRoom): an artist's own room with the agent,
 * only if the artist is in it; for an agent, the artist's room the desk shows
 * first. Undefined when there is none yet or the pair may not talk: the page
 * then preloads nothing, and opening the room answers as it always did.
 */
export async function pageRoomOf(
  db: Kysely<Database>,
  viewer: { userId: string; admin: boolean },
  peerId: string,
): Promise<string | undefined> {
  if (peerId === viewer.userId) return undefined;
  if (viewer.admin) return findArtistRoom(db, peerId, viewer.userId);
  // The id follows from the pair (chatRoomId), so it reveals nothing; the
  // artist's own membership says the room exists (both join when it is made).
  const roomId = chatRoomId(viewer.userId, peerId);
  return (await findMembership(db, roomId, viewer.userId)) ? roomId : undefined;
}
