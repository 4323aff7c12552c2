import { useEffect } from "react";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { apiFetch } from "../../../lib/api-client";
import { setUnreadInTitle } from "../../../lib/document-title";
import { liveQuery } from "../../../realtime/live-query";
import { useSocketEvent } from "../../../realtime/realtime-provider";
import { useContacts } from "./get-contacts";
import { deskKeys } from "./query-keys";

export const deskUnreadUrl = "/api/desk/unread";

/**
 * The navigation badge's count. An artist: unread messages over their
 * conversations, from the (live) contact list. An agent: the unread of what
 * is theirs (the Mine view: assigned to them, or naming them), counted by the
 * server; the rooms an artist picked them for are not their work once
 * assigned to another.
 */
export function useUnreadTotal(admin: boolean | undefined): number {
  // Neither is asked for until the session says who this is.
  const artist = useContacts("", admin === false);
  const agent = useDeskUnread(admin === true);
  if (admin) return agent.data?.unread ?? 0;
  return artist.data?.reduce((sum, contact) => sum + contact.unread, 0) ?? 0;
}

/** Kept live by what moves the desk: activity in a room, a read mark, an assignment. */
function useDeskUnread(enabled: boolean) {
  const queryClient = useQueryClient();
  const refresh = () => {
    if (enabled) void queryClient.invalidateQueries({ queryKey: deskKeys.unread });
  };
  useSocketEvent("desk:activity", refresh);
  useSocketEvent("room:read", refresh);
  useSocketEvent("desk:changed", refresh);
  return useQuery({
    queryKey: deskKeys.unread,
    queryFn: () => apiFetch(deskUnreadUrl, { answer: "deskUnread" }),
    enabled,
    refetchInterval: 60_000,
    ...liveQuery,
  });
}

/** "(3) Songs · Artist Portal" in the tab while messages wait (lib/document-title.ts). */
export function useUnreadTitle(unread: number): void {
  useEffect(() => {
    setUnreadInTitle(unread);
    return () => setUnreadInTitle(0);
  }, [unread]);
}
