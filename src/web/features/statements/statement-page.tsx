import { useState } from "react";
import { useParams } from "react-router";
import type { StatementDetail, StatementTotals } from "../../../shared/responses/statements";
import { Alert } from "../../components/alert";
import { Button } from "../../components/button";
import { PageHeader } from "../../components/page-header";
import { Spinner } from "../../components/spinner";
import { RequireFinance } from "../../lib/auth/require-finance";
import { isRunning, useStatement } from "./api/get-statement";
import { useImportStatement } from "./api/statement-actions";
import { ColumnMappingForm } from "./column-mapping-form";
import { formMatchesPreview, initialFormState } from "./preview-form-state";
import { ReverseStatement } from "./reverse-statement";
import { STATEMENT_STATE_LABELS, monthLabel, when } from "./statement-format";
import { LineErrors, StatementTotalsView } from "./statement-totals";
import { UnmatchedCodes } from "./unmatched-codes";

/** `/desk/statements/:id`: a statement's columns, preview, import, reversal and unmatched codes. */
export default function StatementPage() {
  return (
    <RequireFinance>
      <Statement />
    </RequireFinance>
  );
}

function Statement() {
  const { id = "" } = useParams();
  const statement = useStatement(id);
  return (
    <div className="mx-auto flex w-full max-w-4xl flex-col gap-4 p-4 sm:p-6">
      {statement.isPending ? (
        <>
          <PageHeader title="Statement" backTo="/desk/statements" backLabel="Back to statements" />
          <Spinner label="Loading the statement…" className="py-10" />
        </>
      ) : statement.isError ? (
        <>
          <PageHeader title="Statement" backTo="/desk/statements" backLabel="Back to statements" />
          <Alert tone="error">{statement.error.message}</Alert>
        </>
      ) : (
        <StatementView key={statement.data.id} detail={statement.data} />
      )}
    </div>
  );
}

/** Shown over a preview's totals once the form asks for something else. */
export const OUT_OF_DATE =
  "The columns or rates changed since this preview. Preview again to import.";

/** Whether the columns may still change: before an import starts. */
const beforeImport = (detail: StatementDetail) =>
  detail.state === "uploaded" ||
  detail.state === "previewing" ||
  detail.state === "preview" ||
  (detail.state === "failed" && detail.importedAt === null);

function StatementView({ detail }: { detail: StatementDetail }) {
  const state = STATEMENT_STATE_LABELS[detail.state];
  const done = detail.state === "imported" || detail.state === "reversed";
  const [form, setForm] = useState(() => initialFormState(detail));
  return (
    <>
      <PageHeader
        title={detail.fileName}
        backTo="/desk/statements"
        backLabel="Back to statements"
      />
      <div className="-mt-4 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
        <span className="rounded-full bg-slate-200 px-2.5 py-0.5 font-medium text-slate-800 dark:bg-slate-700 dark:text-slate-100">
          {state}
        </span>
        <span className="text-slate-600 dark:text-slate-300">
          Uploaded by {detail.createdBy.name}, {when(detail.createdAt)}
          {detail.importedAt !== null && ` · imported ${when(detail.importedAt)}`}
          {detail.reversedAt !== null && ` · reversed ${when(detail.reversedAt)}`}
        </span>
      </div>
      {detail.failure && <Alert tone="error">{detail.failure}</Alert>}

      {beforeImport(detail) && (
        <ColumnMappingForm
          detail={detail}
          disabled={detail.state === "previewing"}
          form={form}
          setForm={setForm}
        />
      )}

      {isRunning(detail) && (
        <div className="flex flex-col gap-2" role="status">
          <p className="font-medium">
            {detail.state === "previewing" ? "Previewing" : "Importing"}… {detail.progress}%
          </p>
          <progress
            aria-label={detail.state === "previewing" ? "Preview progress" : "Import progress"}
            max={100}
            value={detail.progress}
            className="h-2 w-full accent-indigo-600"
          />
        </div>
      )}

      {detail.totals && detail.state !== "previewing" && (
        <StatementResults
          detail={detail}
          totals={detail.totals}
          outOfDate={beforeImport(detail) && !formMatchesPreview(detail, form)}
        />
      )}

      {detail.state === "imported" && (
        <ReverseStatement id={detail.id} fileName={detail.fileName} />
      )}
      {done && detail.totals !== null && detail.totals.unmatchedCount > 0 && (
        <UnmatchedCodes statementId={detail.id} canAssign={detail.state === "imported"} />
      )}
    </>
  );
}

/**
 * The preview's (or the import's) counts, totals and line errors; Import
 * before it ran, only while the form still asks for what was previewed
 * (the server imports what the preview read).
 */
export function StatementResults({
  detail,
  totals,
  outOfDate,
}: {
  detail: StatementDetail;
  totals: StatementTotals;
  outOfDate: boolean;
}) {
  const importing = useImportStatement(detail.id);
  const done = detail.state === "imported" || detail.state === "reversed";
  const canImport = detail.state === "preview" && detail.lineErrorCount === 0 && !outOfDate;
  return (
    <section
      aria-labelledby="totals-heading"
      className="flex flex-col gap-3 rounded-xl bg-white p-4 ring-1 ring-slate-200 dark:bg-slate-900 dark:ring-slate-800"
    >
      <h2 id="totals-heading" className="text-lg font-semibold">
        {done ? "Totals" : "Preview"}
      </h2>
      {(detail.stores.length > 0 || detail.saleMonths.length > 0) && (
        <p className="text-sm break-words text-slate-600 dark:text-slate-300">
          {[detail.stores.join(", "), detail.saleMonths.map(monthLabel).join(", ")]
            .filter(Boolean)
            .join(" · ")}
        </p>
      )}
      {outOfDate && (
        <div id="preview-out-of-date">
          <Alert tone="warning">{OUT_OF_DATE}</Alert>
        </div>
      )}
      <StatementTotalsView totals={totals} />
      <LineErrors detail={detail} />
      {beforeImport(detail) && (
        <>
          {importing.error && <Alert tone="error">{importing.error.message}</Alert>}
          <Button
            className="self-start"
            aria-describedby={outOfDate ? "preview-out-of-date" : undefined}
            disabled={!canImport || importing.isPending}
            onClick={() => importing.mutate(undefined)}
          >
            Import
          </Button>
        </>
      )}
    </section>
  );
}
