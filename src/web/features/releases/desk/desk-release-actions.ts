import { useMutation, useQueryClient } from "@tanstack/react-query";
import type {
  ChangeRequestItem,
  DeskReleaseDetail,
  StoreDelivery,
} from "../../../../shared/responses/release-review";
import type { RejectionReason } from "../../../../shared/song-rejection";
import { apiFetch } from "../../../lib/api-client";
import { deskReleaseKeys, deskReleaseUrl } from "./desk-release-keys";

/** What an agent does to a release; each names the version the agent saw. */
export type ReviewAction =
  | { kind: "start-review"; version: number }
  | { kind: "request-changes"; version: number; items: ChangeRequestItem[] }
  | { kind: "approve"; version: number }
  | { kind: "reject"; version: number; reason: RejectionReason; note: string };

export type DeliveryInput = Pick<StoreDelivery, "store" | "state" | "link" | "note">;

function send(id: string, action: ReviewAction) {
  const { kind, ...body } = action;
  return apiFetch(`${deskReleaseUrl(id)}/${kind}`, {
    answer: "deskReleaseDetail",
    method: "POST",
    body,
  });
}

/**
 * The answer is the release as it now stands: the page shows it at once and
 * the queue fetches again. A refusal (409: another agent acted first) fetches
 * the release again too, so the page shows what the other agent did.
 */
function useReviewMutation<T>(id: string, run: (input: T) => Promise<DeskReleaseDetail>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: (release) => queryClient.setQueryData(deskReleaseKeys.release(id), release),
    onError: () => queryClient.invalidateQueries({ queryKey: deskReleaseKeys.release(id) }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: deskReleaseKeys.lists() }),
  });
}

/** Start review, request changes, approve, reject. */
export function useReviewAction(id: string) {
  return useReviewMutation(id, (action: ReviewAction) => send(id, action));
}

/** One store's row, or several at once, on the release's version they were edited on. */
export function useSaveDeliveries(id: string) {
  return useReviewMutation(id, (body: { version: number; deliveries: DeliveryInput[] }) =>
    apiFetch(`${deskReleaseUrl(id)}/stores`, { answer: "deskReleaseDetail", method: "PUT", body }),
  );
}
