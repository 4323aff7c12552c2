import { describe, expect, it } from "vitest";
import { chatRoomId, sendMessageSchema } from "../../../../shared/chat";
import { newMessageId } from "./message-id";

describe("newMessageId", () => {
  it("makes ids the server accepts, each sorting after the one before", () => {
    const ids = Array.from({ length: 2_000 }, newMessageId);
    expect(new Set(ids).size).toBe(ids.length);
    expect([...ids].sort()).toEqual(ids);
    const roomId = chatRoomId("artist-1", "agent-1");
    for (const id of ids.slice(0, 5)) {
      expect(sendMessageSchema.safeParse({ id, roomId, text: "hi" }).success).toBe(true);
    }
  });
});
