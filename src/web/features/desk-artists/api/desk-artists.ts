import {
  keepPreviousData,
  useInfiniteQuery,
  useMutation,
  useQueryClient,
} from "@tanstack/react-query";
import type { RoyaltyRateInput } from "../../../../shared/statement-schemas";
import { apiFetch } from "../../../lib/api-client";

export const deskArtistsKey = ["desk-artists"] as const;
export const deskArtistsUrl = (q: string, cursor = "") =>
  `/api/desk/artists?q=${encodeURIComponent(q)}&cursor=${encodeURIComponent(cursor)}`;

/** GET /api/desk/artists: the finance agent's artists with their rate and balance. */
export function useDeskArtists(q: string) {
  return useInfiniteQuery({
    queryKey: [...deskArtistsKey, q],
    queryFn: ({ pageParam, signal }) =>
      apiFetch(deskArtistsUrl(q, pageParam), { answer: "financeArtistList", signal }),
    initialPageParam: "",
    getNextPageParam: (page) => page.nextCursor ?? undefined,
    placeholderData: keepPreviousData,
  });
}

/** PUT /api/desk/artists/:id/royalty-rate: answers the artist's row. */
export function useSaveRoyaltyRate(artistId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: RoyaltyRateInput) =>
      apiFetch(`/api/desk/artists/${encodeURIComponent(artistId)}/royalty-rate`, {
        answer: "financeArtist",
        method: "PUT",
        body: input,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: deskArtistsKey }),
  });
}
