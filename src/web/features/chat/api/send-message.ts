import { useQueryClient } from "@tanstack/react-query";
import { FROM_MSG_NUM, TO_MSG_NUM, type ChatFileType } from "../../../../shared/chat";
import { displayName, type PublicUser } from "../../../../shared/user";
import { chatConnection } from "../realtime/chat-connection";
import { PENDING_SEQ, mergeMessages, withoutMessage, type ThreadMessage } from "../thread";
import { chatKeys } from "./query-keys";

export interface PendingFile {
  fileType: ChatFileType;
  fileName: string;
  fileSize: number;
  /** A local preview while uploading. */
  fileUrl: string | null;
}

/**
 * Sending: the message shows at once as "sending" (made here, with its own
 * uuid) and becomes "sent" when the server's ack carries the stored copy.
 */
export function useSendMessage(roomId: string | undefined, user: PublicUser) {
  const queryClient = useQueryClient();
  const key = chatKeys.messages(roomId ?? "");
  const update = (change: (held: ThreadMessage[]) => ThreadMessage[]) =>
    queryClient.setQueryData<ThreadMessage[]>(key, (held = []) => change(held));

  const addPending = (id: string, text: string, file: PendingFile | null): ThreadMessage => {
    const pending: ThreadMessage = {
      id,
      roomId: roomId ?? "",
      seq: PENDING_SEQ,
      userId: user.id,
      senderName: displayName(user),
      text,
      createdAt: Date.now(),
      status: "sending",
      from_msg_num: FROM_MSG_NUM,
      to_msg_num: TO_MSG_NUM,
      fileUrl: file?.fileUrl ?? null,
      fileType: file?.fileType ?? null,
      fileName: file?.fileName ?? null,
      fileSize: file?.fileSize ?? null,
      ...(file ? { progress: 0 } : {}),
    };
    update((held) => mergeMessages(held, [pending]));
    return pending;
  };

  const deliver = async (id: string, text: string, fileId?: string) => {
    if (!roomId) return;
    try {
      const socket = await chatConnection(user.id, queryClient);
      const stored = await socket.send({ id, roomId, text, ...(fileId ? { fileId } : {}) });
      update((held) => mergeMessages(held, [stored]));
    } catch (error) {
      console.error("Failed to send message", error);
      update((held) => withoutMessage(held, id));
    }
  };

  return {
    sendText(text: string) {
      const id = crypto.randomUUID();
      addPending(id, text.trim(), null);
      void deliver(id, text);
    },
    addPending,
    deliver,
    setProgress(id: string, progress: number) {
      update((held) => held.map((m) => (m.id === id ? { ...m, progress } : m)));
    },
    remove(id: string) {
      update((held) => withoutMessage(held, id));
    },
  };
}
