import { keepPreviousData, useQuery } from "@tanstack/react-query";
import type { ChatContact } from "../../../../shared/chat";
import { apiFetch } from "../../../lib/api-client";
import { liveQuery } from "../../../realtime/live-query";
import { chatKeys } from "./query-keys";

export function fetchContacts(search: string): Promise<ChatContact[]> {
  return apiFetch<ChatContact[]>(`/api/chat/contacts?q=${encodeURIComponent(search)}`);
}

/** Artists: the agents. Agents: their inbox. Live events invalidate it. */
export function useContacts(search: string) {
  return useQuery({
    queryKey: chatKeys.contacts(search),
    ...liveQuery,
    queryFn: () => fetchContacts(search),
    placeholderData: keepPreviousData,
    // A safety net for changes no event announces (an agent added from the CLI).
    refetchInterval: 60_000,
  });
}
