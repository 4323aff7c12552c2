import type { ReactNode } from "react";
import { Link } from "react-router";
import { ArrowLeft } from "lucide-react";

/** Page title with an optional back link (for sub-screens such as change password). */
export function PageHeader({
  title,
  backTo,
  backLabel = "Back",
  actions,
}: {
  title: string;
  backTo?: string;
  backLabel?: string;
  actions?: ReactNode;
}) {
  return (
    <div className="mb-6 flex items-center gap-3">
      {backTo && (
        <Link
          to={backTo}
          aria-label={backLabel}
          className="flex size-10 items-center justify-center rounded-full text-slate-700 hover:bg-slate-200 dark:text-slate-200 dark:hover:bg-slate-800"
        >
          <ArrowLeft aria-hidden="true" className="size-5" />
        </Link>
      )}
      <h1 className="flex-1 text-2xl font-bold">{title}</h1>
      {actions}
    </div>
  );
}
