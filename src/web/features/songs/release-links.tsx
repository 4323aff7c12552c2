import { Link } from "react-router";
import { Disc3, Plus } from "lucide-react";

const linkClass =
  "inline-flex h-8 items-center justify-center gap-1.5 rounded-lg px-2.5 text-sm font-semibold";

/**
 * The way from "Your Songs" into releases, beside its heading: both links
 * fit the heading's row at 375 px and keep its 32 px line, so the row
 * matches the screen's skeleton (no shift). Below `sm` "Your releases" is
 * its icon, named for assistive technology.
 */
export function ReleaseLinks() {
  return (
    <>
      <Link
        to="/releases"
        aria-label="Your releases"
        className={`${linkClass} text-indigo-800 ring-1 ring-slate-300 hover:bg-slate-100 dark:text-indigo-200 dark:ring-slate-600 dark:hover:bg-slate-800`}
      >
        <Disc3 aria-hidden="true" className="size-4" />
        <span aria-hidden="true" className="hidden sm:inline">
          Your releases
        </span>
      </Link>
      <Link
        to="/releases/new"
        className={`${linkClass} bg-indigo-600 text-white hover:bg-indigo-700 dark:bg-indigo-400 dark:text-slate-950 dark:hover:bg-indigo-300`}
      >
        <Plus aria-hidden="true" className="size-4" />
        New release
      </Link>
    </>
  );
}
