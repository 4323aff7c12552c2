import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { SplitsInput } from "../../../../shared/split-schemas";
import { ApiError, apiFetch } from "../../../lib/api-client";
import { walletKeys } from "../../wallet/api/wallet-keys";
import { liveQuery } from "../../../realtime/live-query";

/**
 * Splits' query keys. A collaborator's own splits sit under the wallet's root:
 * `wallet:changed` (a statement credited their share, an accept) refreshes
 * them with the balance. A track's splits have a root of their own.
 */
export const splitKeys = {
  track: (releaseId: string, trackId: string) => ["splits", "track", releaseId, trackId] as const,
  mine: () => [...walletKeys.all, "splits"] as const,
  invite: (token: string) => ["splits", "invite", token] as const,
};

export const trackSplitsUrl = (releaseId: string, trackId: string) =>
  `/api/releases/${encodeURIComponent(releaseId)}/tracks/${encodeURIComponent(trackId)}/splits`;
export const mySplitsUrl = "/api/wallet/splits";
/**
 * The page invitations are answered on: split-schemas.ts's WALLET_SPLITS_PATH,
 * written again here because that module loads zod, which no screen of
 * splits needs (a test holds the two equal).
 */
export const WALLET_SPLITS_PATH = "/wallet/splits";
const answerUrl = (shareId: string, answer: SplitAnswerKind) =>
  `${mySplitsUrl}/${encodeURIComponent(shareId)}/${answer}`;
export const splitInviteUrl = (token: string) => `/api/split-invites/${encodeURIComponent(token)}`;

export type SplitAnswerKind = "accept" | "decline";

/** A refusal is the server's word; nothing to try again. */
const retryUnlessRefused = (count: number, error: Error) =>
  !(error instanceof ApiError) && count < 2;

/** The collaborators of one track, the artist's own share and the held amounts. */
export function useTrackSplits(releaseId: string, trackId: string, enabled = true) {
  return useQuery({
    queryKey: splitKeys.track(releaseId, trackId),
    queryFn: ({ signal }) =>
      apiFetch(trackSplitsUrl(releaseId, trackId), { answer: "trackSplits", signal }),
    enabled,
    retry: retryUnlessRefused,
  });
}

/** Saves the whole list; the answer is the track's splits as now held. */
export function useSaveTrackSplits(releaseId: string, trackId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SplitsInput) =>
      apiFetch(trackSplitsUrl(releaseId, trackId), {
        answer: "trackSplits",
        method: "PUT",
        body: input,
      }),
    onSuccess: (saved) => queryClient.setQueryData(splitKeys.track(releaseId, trackId), saved),
  });
}

/** Invitations sent to my email and the shares I hold; live, as the balance. */
export const mySplitsQuery = () =>
  queryOptions({
    queryKey: splitKeys.mine(),
    queryFn: ({ signal }) => apiFetch(mySplitsUrl, { answer: "mySplits", signal }),
    ...liveQuery,
  });

export function useMySplits() {
  return useQuery(mySplitsQuery());
}

/** Accept or decline; the wallet (balance, transactions, my splits) reads again after. */
export function useAnswerSplit() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ shareId, answer }: { shareId: string; answer: SplitAnswerKind }) =>
      apiFetch(answerUrl(shareId, answer), { answer: "splitAnswer", method: "POST" }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: walletKeys.all }),
  });
}

/**
 * The invited account opened its link: the invitation becomes theirs to
 * answer with the others (an account made after the invitation sees it only
 * this way). Answering the same link again changes nothing.
 */
export function useClaimSplitInvite(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      apiFetch(`${splitInviteUrl(token)}/claim`, { answer: "nothing", method: "POST" }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: splitKeys.mine() }),
  });
}

/** What an invitation link's page shows, signed in or not. */
export function useSplitInvite(token: string) {
  return useQuery({
    queryKey: splitKeys.invite(token),
    queryFn: ({ signal }) =>
      apiFetch(splitInviteUrl(token), { answer: "splitInvitePreview", signal }),
    retry: retryUnlessRefused,
  });
}
