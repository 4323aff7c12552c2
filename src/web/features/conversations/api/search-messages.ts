import { useQuery } from "@tanstack/react-query";
import { apiFetch } from "../../../lib/api-client";

/** The room's whole history searched on the server (not only what is loaded). */
export function useMessageSearch(roomId: string | undefined, q: string) {
  return useQuery({
    queryKey: ["chat", "search", roomId ?? "", q] as const,
    queryFn: ({ signal }) =>
      apiFetch(`/api/chat/rooms/${encodeURIComponent(roomId!)}/search?q=${encodeURIComponent(q)}`, {
        answer: "messageSearchResult",
        signal,
      }),
    enabled: roomId !== undefined && q.trim().length > 0,
    staleTime: 0,
    retry: false,
  });
}
