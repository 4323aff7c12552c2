import { useQuery } from "@tanstack/react-query";
import type { StatementDetail } from "../../../../shared/responses/statements";
import { apiFetch } from "../../../lib/api-client";
import { statementKeys, statementUrl } from "./statement-keys";

/** A preview or an import runs as a job: the page asks again until it ends. */
export const isRunning = (statement: Pick<StatementDetail, "state">) =>
  statement.state === "previewing" || statement.state === "importing";

const POLL_MS = 700;

/** GET /api/desk/statements/:id, polled while its preview or import runs. */
export function useStatement(id: string) {
  return useQuery({
    queryKey: statementKeys.detail(id),
    queryFn: ({ signal }) => apiFetch(statementUrl(id), { answer: "statementDetail", signal }),
    refetchInterval: (query) => (query.state.data && isRunning(query.state.data) ? POLL_MS : false),
  });
}
