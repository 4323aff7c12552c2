import type { ReactNode } from "react";
import { Link } from "react-router";
import { formatPaise } from "../../../shared/money-format";
import type { StatementSummary } from "../../../shared/responses/statements";
import { Alert } from "../../components/alert";
import { Button } from "../../components/button";
import { Spinner } from "../../components/spinner";
import { RequireFinance } from "../../lib/auth/require-finance";
import { useStatements } from "./api/get-statements";
import { ImportStatement } from "./import-statement";
import { STATEMENT_STATE_LABELS, monthLabel, when } from "./statement-format";

/** `/desk/statements`: the finance agents' statements, newest first, and the import. */
export default function StatementsPage() {
  return (
    <RequireFinance>
      <Statements />
    </RequireFinance>
  );
}

function Statements() {
  const statements = useStatements();
  const rows = statements.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <div className="mx-auto flex w-full max-w-4xl flex-col gap-4 p-4 sm:p-6">
      <h1 className="text-2xl font-bold">Statements</h1>
      <ImportStatement />
      <section aria-labelledby="statements-heading" className="flex flex-col gap-3">
        <h2 id="statements-heading" className="text-lg font-semibold">
          Imported statements
        </h2>
        {statements.isPending ? (
          <Spinner label="Loading statements…" className="py-10" />
        ) : statements.isError ? (
          <Alert tone="error">Failed to load the statements. Please try again later.</Alert>
        ) : rows.length === 0 ? (
          <p className="py-6 text-center text-slate-600 dark:text-slate-300">
            No statement has been imported yet.
          </p>
        ) : (
          <ul aria-label="Statements" className="flex flex-col gap-3">
            {rows.map((statement) => (
              <StatementRow key={statement.id} statement={statement} />
            ))}
          </ul>
        )}
        {statements.hasNextPage && (
          <Button
            variant="secondary"
            className="self-center"
            disabled={statements.isFetchingNextPage}
            onClick={() => void statements.fetchNextPage()}
          >
            Show more statements
          </Button>
        )}
      </section>
    </div>
  );
}

function StatementRow({ statement }: { statement: StatementSummary }) {
  const state = STATEMENT_STATE_LABELS[statement.state];
  const at = statement.importedAt ?? statement.createdAt;
  return (
    <li className="rounded-xl bg-white p-4 ring-1 ring-slate-200 dark:bg-slate-900 dark:ring-slate-800">
      <div className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
        <Link
          to={`/desk/statements/${encodeURIComponent(statement.id)}`}
          className="min-w-0 flex-1 font-semibold break-all text-indigo-700 underline underline-offset-2 dark:text-indigo-300"
        >
          {statement.fileName}
        </Link>
        <span className="rounded-full bg-slate-200 px-2.5 py-0.5 text-xs font-medium text-slate-800 dark:bg-slate-700 dark:text-slate-100">
          {state}
        </span>
      </div>
      <dl className="mt-2 grid grid-cols-1 gap-x-4 gap-y-1 text-sm sm:grid-cols-2">
        <Fact label="Stores">{statement.stores.join(", ") || "—"}</Fact>
        <Fact label="Sale months">{statement.saleMonths.map(monthLabel).join(", ") || "—"}</Fact>
        <Fact label="Lines">{statement.lineCount}</Fact>
        <Fact label="Total">{formatPaise(statement.totalPaise)}</Fact>
        <Fact label={statement.importedAt ? "Imported by" : "Uploaded by"}>
          {statement.createdBy.name}, {when(at)}
        </Fact>
        {statement.reversedAt !== null && (
          <Fact label="Reversed">{when(statement.reversedAt)}</Fact>
        )}
      </dl>
    </li>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex min-w-0 gap-1.5">
      <dt className="text-slate-600 dark:text-slate-300">{label}:</dt>
      <dd className="min-w-0 font-medium break-words">{children}</dd>
    </div>
  );
}
