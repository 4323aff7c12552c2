import { CHAT_UPLOAD_PURPOSE, chatRoomId } from "../../shared/chat";
import { fileUrl } from "../../shared/files";
import { ensureRoom, insertMessage } from "../../server/features/conversations/repositories";
import { createStoredFile } from "../../server/features/uploads/stored-files";
import type { CliContext } from "../cli-context";
import type { DemoUserIds } from "./demo-users";
import { solidPng } from "./solid-png";

const HOUR = 60 * 60 * 1000;

/** Fixed ids make the seed idempotent: a second run finds every message stored. */
const script = [
  {
    id: "7d0c6f7a-0000-4000-8000-000000000001",
    from: "artist",
    hoursAgo: 50,
    text: 'Hi! My single "Night Drive" still shows as pending. Can you check?',
  },
  {
    id: "7d0c6f7a-0000-4000-8000-000000000002",
    from: "agent",
    hoursAgo: 49,
    text: "Hello! Sure, let me look into it for you.",
  },
  {
    id: "7d0c6f7a-0000-4000-8000-000000000003",
    from: "artist",
    hoursAgo: 48,
    text: "Here is the cover I uploaded.",
    image: true,
  },
  {
    id: "7d0c6f7a-0000-4000-8000-000000000004",
    from: "agent",
    hoursAgo: 2,
    text: "Thanks! The cover is fine; the release goes out on Friday.",
  },
] as const;

/**
 * A conversation between the demo artist and agent1: a few texts and one
 * image, the last agent message unread for the artist. Idempotent.
 */
export async function seedDemoChat(ctx: CliContext, ids: DemoUserIds): Promise<void> {
  const { db } = ctx.database;
  const roomId = chatRoomId(ids.artist, ids.agent1);
  const now = Date.now();
  const names = { artist: "Demo Artist", agent: "Alex (Support)" };
  const senders = { artist: ids.artist, agent: ids.agent1 };
  // The artist read up to just before the last reply; the agent has read everything.
  await ensureRoom(
    db,
    roomId,
    [
      { userId: ids.artist, lastReadAt: now - 3 * HOUR },
      { userId: ids.agent1, lastReadAt: now - 2 * HOUR },
    ],
    now - 50 * HOUR,
  );
  for (const line of script) {
    const stored = await db
      .selectFrom("message")
      .select("id")
      .where("id", "=", line.id)
      .executeTakeFirst();
    if (stored) continue;
    let file = null;
    if ("image" in line) {
      const png = await createStoredFile(db, ctx.storage, {
        purpose: CHAT_UPLOAD_PURPOSE,
        ownerId: senders[line.from],
        scope: roomId,
        name: "night-drive-cover.png",
        bytes: solidPng(240, 240, [79, 70, 229]),
      });
      file = {
        fileId: png.id,
        fileUrl: fileUrl(png.id),
        fileType: "image" as const,
        fileName: png.name,
        fileSize: png.size,
      };
    }
    await insertMessage(db, {
      id: line.id,
      roomId,
      senderId: senders[line.from],
      senderName: names[line.from],
      text: line.text,
      createdAt: now - line.hoursAgo * HOUR,
      file,
    });
  }
}
