import type { ChatContact } from "../../../shared/chat";

/** An agent on the artist's contact list for the chat's tests, last written to at `lastAt`. */
export function testContact(userId: string, lastAt: number | null): ChatContact {
  return {
    userId,
    name: userId,
    email: `${userId}@example.test`,
    picture: null,
    roomId: `room-${userId}`,
    unread: 0,
    lastMessage:
      lastAt === null ? null : { text: "hi", fileType: null, createdAt: lastAt, senderId: userId },
  };
}
