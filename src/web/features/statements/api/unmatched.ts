import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { StatementAssignInput } from "../../../../shared/statement-schemas";
import { apiFetch } from "../../../lib/api-client";
import { statementKeys, statementUrl } from "./statement-keys";

/** GET …/unmatched: the statement's unmatched lines grouped by ISRC or UPC. */
export function useUnmatched(id: string, enabled: boolean) {
  return useQuery({
    queryKey: statementKeys.unmatched(id),
    queryFn: ({ signal }) =>
      apiFetch(`${statementUrl(id)}/unmatched`, { answer: "unmatchedList", signal }),
    enabled,
  });
}

/** POST …/unmatched/assign: credits the track's artist at once and remembers the code. */
export function useAssignUnmatched(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: StatementAssignInput) =>
      apiFetch(`${statementUrl(id)}/unmatched/assign`, {
        answer: "statementDetail",
        body: input,
      }),
    onSuccess: (detail) => {
      queryClient.setQueryData(statementKeys.detail(id), detail);
      void queryClient.invalidateQueries({ queryKey: statementKeys.unmatched(id) });
      void queryClient.invalidateQueries({ queryKey: statementKeys.list() });
    },
  });
}
