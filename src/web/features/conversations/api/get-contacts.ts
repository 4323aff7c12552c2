import { useCallback } from "react";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useOwnReadMarks } from "../realtime/chat-connection-provider";
import type { ChatContact } from "../../../../shared/chat";
import { apiFetch } from "../../../lib/api-client";
import { liveQuery } from "../../../realtime/live-query";
import { chatKeys } from "./query-keys";

export const contactsUrl = (search: string) => `/api/chat/contacts?q=${encodeURIComponent(search)}`;

export function fetchContacts(search: string): Promise<ChatContact[]> {
  return apiFetch(contactsUrl(search), { answer: "chatContacts" });
}

/**
 * Artists: the agents. Agents: their inbox. Live events invalidate it. A list
 * answered before this user's own read mark (a fetch in flight while they
 * read) would bring a read room's count back: the read marks heard live win.
 */
export function useContacts(search: string, enabled = true) {
  const ownReads = useOwnReadMarks();
  const select = useCallback(
    (list: ChatContact[]) =>
      list.map((contact) => {
        const readAt = ownReads.get(contact.roomId);
        const readPastLast =
          readAt !== undefined && contact.lastMessage && readAt >= contact.lastMessage.createdAt;
        return contact.unread > 0 && readPastLast ? { ...contact, unread: 0 } : contact;
      }),
    [ownReads],
  );
  return useQuery({
    select,
    queryKey: chatKeys.contacts(search),
    ...liveQuery,
    queryFn: () => fetchContacts(search),
    enabled,
    placeholderData: keepPreviousData,
    // A safety net for changes no event announces (an agent added from the CLI).
    refetchInterval: 60_000,
  });
}
