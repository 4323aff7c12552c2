import { describe, expect, it } from "vitest";
import { chatRoomId, isSendableText, sendMessageSchema } from "./chat";

const id = "6f1c1f7e-2f55-4a8e-9a53-1b0c0b6f3d2a";

describe("chatRoomId", () => {
  it("sorts the two ids and joins them with a hyphen, whoever opens", () => {
    expect(chatRoomId("b", "a")).toBe("a-b");
    expect(chatRoomId("a", "b")).toBe("a-b");
  });
});

describe("sendMessageSchema", () => {
  it("trims the text and keeps the client's id", () => {
    expect(sendMessageSchema.parse({ id, roomId: "a-b", text: "  hi  " })).toEqual({
      id,
      roomId: "a-b",
      text: "hi",
    });
  });

  it("refuses empty and whitespace-only text without a file", () => {
    const result = sendMessageSchema.safeParse({ id, roomId: "a-b", text: " \n\t " });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe("Type a message before sending.");
  });

  it("accepts a file message without text", () => {
    expect(sendMessageSchema.safeParse({ id, roomId: "a-b", fileId: "f1" }).success).toBe(true);
  });

  it("refuses a non-uuid id and text over the limit", () => {
    expect(sendMessageSchema.safeParse({ id: "x", roomId: "a-b", text: "hi" }).success).toBe(false);
    const long = "x".repeat(4001);
    expect(sendMessageSchema.safeParse({ id, roomId: "a-b", text: long }).success).toBe(false);
  });
});

describe("isSendableText", () => {
  it("is what the composer uses to enable Send", () => {
    expect(isSendableText("")).toBe(false);
    expect(isSendableText("   ")).toBe(false);
    expect(isSendableText(" ok ")).toBe(true);
  });
});
