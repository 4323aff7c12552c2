import type { ChatMessage } from "../../../shared/chat";

/** A stored text message for the chat's tests: room "a-b", from "a", with what a test sets. */
export function testMessage(fields: Partial<ChatMessage> & Pick<ChatMessage, "id">): ChatMessage {
  const seq = fields.seq ?? 1;
  return {
    roomId: "a-b",
    seq,
    userId: "a",
    senderName: "A",
    text: fields.id,
    createdAt: seq,
    status: "sent",
    from_msg_num: 0,
    to_msg_num: 1,
    fileUrl: null,
    fileType: null,
    fileName: null,
    fileSize: null,
    ...fields,
  };
}
