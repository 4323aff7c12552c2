import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { SetAvailabilityInput } from "../../../../shared/availability";
import { apiFetch } from "../../../lib/api-client";

const ownKey = ["availability", "own"] as const;
export const ownAvailabilityUrl = "/api/availability";

/** The signed-in agent's own Away setting. */
export function useOwnAvailability() {
  return useQuery({
    queryKey: ownKey,
    queryFn: () => apiFetch(ownAvailabilityUrl, { answer: "ownAvailability" }),
  });
}

export function useSetAvailability() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SetAvailabilityInput) =>
      apiFetch(ownAvailabilityUrl, { answer: "ownAvailability", method: "PUT", body }),
    onSuccess: (saved) => queryClient.setQueryData(ownKey, saved),
  });
}
