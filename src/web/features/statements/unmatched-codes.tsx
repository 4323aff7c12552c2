import { useState } from "react";
import { formatPaise } from "../../../shared/money-format";
import type { UnmatchedCode } from "../../../shared/responses/statements";
import { Alert } from "../../components/alert";
import { Button } from "../../components/button";
import { Spinner } from "../../components/spinner";
import { useUnmatched } from "./api/unmatched";
import { AssignTrackDialog } from "./assign-track-dialog";

/** The statement's unmatched lines by ISRC or UPC, each with Assign. */
export function UnmatchedCodes({
  statementId,
  canAssign,
}: {
  statementId: string;
  canAssign: boolean;
}) {
  const unmatched = useUnmatched(statementId, true);
  const [assigning, setAssigning] = useState<UnmatchedCode | null>(null);
  return (
    <section
      aria-labelledby="unmatched-heading"
      className="flex flex-col gap-3 rounded-xl bg-white p-4 ring-1 ring-slate-200 dark:bg-slate-900 dark:ring-slate-800"
    >
      <h2 id="unmatched-heading" className="text-lg font-semibold">
        Unmatched codes
      </h2>
      {unmatched.isPending ? (
        <Spinner label="Loading unmatched codes…" className="py-4" />
      ) : unmatched.isError ? (
        <Alert tone="error">Failed to load the unmatched codes.</Alert>
      ) : unmatched.data.items.length === 0 ? (
        <p className="text-sm">Every line matched a track or a release.</p>
      ) : (
        <ul aria-labelledby="unmatched-heading" className="flex flex-col gap-2">
          {unmatched.data.items.map((code) => (
            <li
              key={code.code}
              aria-label={code.code}
              className="flex flex-wrap items-center gap-x-3 gap-y-1 rounded-lg p-3 ring-1 ring-slate-200 dark:ring-slate-700"
            >
              <div className="min-w-0 flex-1">
                <p className="font-mono font-medium break-all">
                  <span className="sr-only">{code.codeKind === "isrc" ? "ISRC" : "UPC"} </span>
                  {code.code}
                </p>
                <p className="text-sm break-words text-slate-600 dark:text-slate-300">
                  {[code.title, code.artist].filter(Boolean).join(" · ") || "No title in the file"}
                </p>
                <p className="text-sm">
                  {code.lineCount === 1 ? "1 line" : `${code.lineCount} lines`} ·{" "}
                  <span className="font-medium tabular-nums">{formatPaise(code.amountPaise)}</span>
                </p>
              </div>
              {canAssign && (
                <Button variant="secondary" onClick={() => setAssigning(code)}>
                  Assign
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
      {assigning && (
        <AssignTrackDialog
          statementId={statementId}
          code={assigning}
          onClose={() => setAssigning(null)}
        />
      )}
    </section>
  );
}
