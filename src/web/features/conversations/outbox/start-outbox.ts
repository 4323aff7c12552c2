import type { QueryClient } from "@tanstack/react-query";
import type { ChatMessage, SendMessageInput } from "../../../../shared/chat";
import { reportClientError } from "../../../lib/report-client-error";
import { uploadFile } from "../../../lib/upload";
import { chatKeys } from "../api/query-keys";
import { mergeMessages, type Thread } from "../thread";
import { Outbox } from "./outbox";
import { OutboxStore } from "./outbox-store";

/**
 * The user's outbox with its real parts (IndexedDB, tus, the live link). Loaded
 * on its own, after the first render: tus and zod stay off the first route.
 */
export function startOutbox(
  userId: string,
  queryClient: QueryClient,
  send: (input: SendMessageInput) => Promise<ChatMessage>,
): { outbox: Outbox; store: OutboxStore } {
  const store = new OutboxStore();
  const outbox = new Outbox(userId, {
    store,
    send,
    upload: uploadFile,
    onStored: (message) => {
      const key = chatKeys.messages(message.roomId);
      if (!queryClient.getQueryData(key)) return;
      queryClient.setQueryData<Thread>(key, (held) => ({
        messages: mergeMessages(held?.messages ?? [], [message]),
        hasOlder: held?.hasOlder ?? false,
      }));
    },
    report: (kind, message) => reportClientError({ kind, message }),
  });
  void outbox.start().catch((error: unknown) => {
    reportClientError({ kind: "outbox-store", message: String(error) });
  });
  return { outbox, store };
}
