import type { ReactNode } from "react";
import type { ReleaseIssue } from "../../../shared/release-schemas";

/** The issues shown beside one field, by field name (`title`, `tracks.<id>.isrc`). */
export type IssuesFor = (field: string) => ReleaseIssue[];

/** A field's errors as one sentence list for its error line (FieldFrame's `error`). */
export function errorText(issues: readonly ReleaseIssue[]): string | undefined {
  const errors = issues.filter((issue) => issue.severity === "error").map((i) => i.message);
  return errors.length ? errors.join(" ") : undefined;
}

/**
 * A field's warnings, in amber under it; a suggestion comes with **Use this**,
 * which puts the suggested value in the field.
 */
export function WarningNotes({
  issues,
  onUse,
}: {
  issues: readonly ReleaseIssue[];
  onUse?: ((suggestion: string) => void) | undefined;
}) {
  const warnings = issues.filter((issue) => issue.severity === "warning");
  if (warnings.length === 0) return null;
  return (
    <ul className="flex flex-col gap-1">
      {warnings.map((warning) => (
        <li
          key={warning.key}
          className="flex flex-wrap items-center gap-2 text-sm text-amber-900 dark:text-amber-200"
        >
          <span>{warning.message}</span>
          {warning.suggestion !== undefined && onUse && (
            <button
              type="button"
              onClick={() => onUse(warning.suggestion!)}
              className="rounded-md px-2 py-0.5 font-semibold text-indigo-800 underline ring-1 ring-slate-300 hover:bg-slate-100 dark:text-indigo-200 dark:ring-slate-600 dark:hover:bg-slate-800"
            >
              Use this
            </button>
          )}
        </li>
      ))}
    </ul>
  );
}

/** A hint and the field's warnings together, for FieldFrame's `hint`. */
export function hintWithWarnings(
  hint: ReactNode,
  issues: readonly ReleaseIssue[],
  onUse?: (suggestion: string) => void,
): ReactNode {
  const hasWarnings = issues.some((issue) => issue.severity === "warning");
  if (!hint && !hasWarnings) return undefined;
  return (
    <div className="flex flex-col gap-1">
      {hint && <p>{hint}</p>}
      <WarningNotes issues={issues} onUse={onUse} />
    </div>
  );
}
