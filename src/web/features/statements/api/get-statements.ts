import { useInfiniteQuery } from "@tanstack/react-query";
import { apiFetch } from "../../../lib/api-client";
import { statementKeys, statementsUrl } from "./statement-keys";

/** GET /api/desk/statements: imported statements, newest first, a page at a time. */
export function useStatements() {
  return useInfiniteQuery({
    queryKey: statementKeys.list(),
    queryFn: ({ pageParam, signal }) =>
      apiFetch(statementsUrl(pageParam), { answer: "statementList", signal }),
    initialPageParam: "",
    getNextPageParam: (page) => page.nextCursor ?? undefined,
  });
}
