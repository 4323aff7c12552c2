import { useState } from "react";
import { useQueryClient } from "@tanstack/react-query";
import type { AgentAvailability } from "../../../../shared/availability";
import type { ChatContact } from "../../../../shared/chat";
import { useSocketEvent } from "../../../realtime/realtime-provider";
import { chatKeys } from "./query-keys";

/**
 * Away and back, live: the artist's agent list is updated in place when an
 * agent changes their availability (no refetch).
 */
export function useLiveAvailabilityInContacts(enabled: boolean) {
  const queryClient = useQueryClient();
  useSocketEvent("agent:availability", ({ agentId, availability }) => {
    if (!enabled) return;
    queryClient.setQueriesData<ChatContact[]>({ queryKey: chatKeys.allContacts }, (list) =>
      list?.map((c) => (c.userId === agentId ? { ...c, availability } : c)),
    );
  });
}

/**
 * One agent's availability as the conversation opened with it, then as
 * announced live. A fresh `initial` (a refetch, e.g. the resync after a
 * reconnect) replaces what was heard live, since it is newer.
 */
export function useLiveAgentAvailability(
  agentId: string | undefined,
  initial: AgentAvailability | null | undefined,
): AgentAvailability | null {
  const [live, setLive] = useState<{
    agentId: string;
    over: AgentAvailability | null | undefined;
    value: AgentAvailability;
  } | null>(null);
  useSocketEvent("agent:availability", (event) => {
    if (agentId && event.agentId === agentId) {
      setLive({ agentId, over: initial, value: event.availability });
    }
  });
  return live && live.agentId === agentId && live.over === initial ? live.value : (initial ?? null);
}
