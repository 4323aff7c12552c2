/** The statements desk's query keys and addresses (issue 46, docs/statements-api.md). */
export const statementKeys = {
  all: ["statements"] as const,
  list: () => [...statementKeys.all, "list"] as const,
  detail: (id: string) => [...statementKeys.all, "detail", id] as const,
  unmatched: (id: string) => [...statementKeys.all, "unmatched", id] as const,
  tracks: (q: string) => [...statementKeys.all, "tracks", q] as const,
};

export const statementsUrl = (cursor = "") =>
  `/api/desk/statements?cursor=${encodeURIComponent(cursor)}`;
export const statementUrl = (id: string) => `/api/desk/statements/${encodeURIComponent(id)}`;
