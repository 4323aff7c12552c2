import type { Kysely } from "kysely";
import { chatRoomId, MESSAGE_PAGE_SIZE } from "../../../../shared/chat";
import type { Database } from "../../../db/schema";
import { visibleTo } from "./message-visibility";
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

/**
 * The newest picture of the room's latest page, as the thread shows it
 * (its `fileUrl`): the thread opens at its newest message, so that picture
 * is the screen's largest paint and the one it loads first (imageLoading in
 * message-list.tsx). The page preloads it beside the messages, instead of
 * after they arrived and rendered. Only what the viewer's side of the
 * thread shows: an artist never sees the agents' notes.
 */
export async function newestPictureOf(
  db: Kysely<Database>,
  roomId: string,
  agentView: boolean,
): Promise<string | undefined> {
  const latest = db
    .selectFrom("message")
    .select(["seq", "fileUrl", "fileType"])
    .where("roomId", "=", roomId)
    .where((eb) => visibleTo({ kind: eb.ref("kind") }, { admin: agentView }))
    .orderBy("seq", "desc")
    .limit(MESSAGE_PAGE_SIZE);
  const row = await db
    .selectFrom(latest.as("page"))
    .select("page.fileUrl")
    .where("page.fileType", "=", "image")
    .orderBy("page.seq", "desc")
    .limit(1)
    .executeTakeFirst();
  return row?.fileUrl ?? undefined;
}
