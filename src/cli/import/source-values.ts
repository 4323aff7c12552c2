import type { SourceTimestamp } from "./hosted-export-schemas";

/** Epoch milliseconds of any timestamp form the export uses, or null. */
export function toEpochMs(value: SourceTimestamp | null | undefined): number | null {
  if (value === null || value === undefined) return null;
  if (typeof value === "number") return Number.isFinite(value) ? Math.round(value) : null;
  if (typeof value === "string") {
    if (/^\d+$/.test(value)) return Number(value);
    const ms = Date.parse(value);
    return Number.isNaN(ms) ? null : ms;
  }
  const seconds = "_seconds" in value ? value._seconds : value.seconds;
  const nanos = "_seconds" in value ? value._nanoseconds : value.nanoseconds;
  return seconds * 1000 + Math.floor((nanos ?? 0) / 1e6);
}

/** PostgreSQL refuses NUL in text; the hosted store allowed it. */
export function withoutNul(value: string): { value: string; cleaned: boolean } {
  return value.includes("\u0000")
    ? { value: value.replaceAll("\u0000", ""), cleaned: true }
    : { value, cleaned: false };
}

/** A collection (map of id → doc, or list of docs with an id field) as [id, doc] pairs. */
export function entriesOf(
  collection: Record<string, unknown> | unknown[] | undefined,
  idField: string,
): [string, unknown][] {
  if (!collection) return [];
  if (!Array.isArray(collection)) return Object.entries(collection);
  return collection.map((doc, index) => {
    const record = (doc ?? {}) as Record<string, unknown>;
    const id = record[idField] ?? record.id;
    return [typeof id === "string" && id ? id : `#${index}`, doc];
  });
}

/** The first message of a zod error, with its field. */
export function firstIssue(error: {
  issues: readonly { path: readonly PropertyKey[]; message: string }[];
}): string {
  const issue = error.issues[0];
  if (!issue) return "invalid";
  const field = issue.path.map(String).join(".");
  return field ? `${field}: ${issue.message}` : issue.message;
}
