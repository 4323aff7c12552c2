import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { StatementDetail } from "../../../../shared/responses/statements";
import type { StatementPreviewInput } from "../../../../shared/statement-schemas";
import { apiFetch } from "../../../lib/api-client";
import { statementKeys, statementUrl } from "./statement-keys";

/** Each action answers the statement's detail: it becomes the page's at once. */
function useStatementAction<I>(id: string, call: (input: I) => Promise<StatementDetail>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: (detail) => {
      queryClient.setQueryData(statementKeys.detail(id), detail);
      void queryClient.invalidateQueries({ queryKey: statementKeys.list() });
      void queryClient.invalidateQueries({ queryKey: statementKeys.unmatched(id) });
    },
  });
}

/** POST …/preview: 202 with the detail (`previewing`); the page polls until `preview`. */
export function usePreviewStatement(id: string) {
  return useStatementAction(id, (input: StatementPreviewInput) =>
    apiFetch(`${statementUrl(id)}/preview`, { answer: "statementDetail", body: input }),
  );
}

/** POST …/import: 202 with the detail (`importing`); a job credits everyone at once. */
export function useImportStatement(id: string) {
  return useStatementAction(id, () =>
    apiFetch(`${statementUrl(id)}/import`, { answer: "statementDetail", body: {} }),
  );
}

/** POST …/reverse: the opposite of every entry; the detail comes back `reversed`. */
export function useReverseStatement(id: string) {
  return useStatementAction(id, () =>
    apiFetch(`${statementUrl(id)}/reverse`, { answer: "statementDetail", body: {} }),
  );
}
