import { Link } from "react-router";
import { ArrowLeft } from "lucide-react";
import { Alert } from "../../components/alert";
import { ApiError } from "../../lib/api-client";

/** The spec's song errors: "Song not found" for a missing (or foreign) song, else a load failure; with a way back. */
export function SongLoadError({
  error,
  backTo,
  backLabel,
}: {
  error: unknown;
  backTo: string;
  backLabel: string;
}) {
  const missing = error instanceof ApiError && error.status === 404;
  return (
    <div className="mx-auto flex w-full max-w-2xl flex-col gap-4 p-4 sm:p-6">
      <h1 className="text-2xl font-bold">Song details</h1>
      <Alert tone="error">{missing ? "Song not found" : "Failed to load song details"}</Alert>
      <Link
        to={backTo}
        className="inline-flex items-center gap-2 self-start font-semibold text-indigo-700 underline dark:text-indigo-300"
      >
        <ArrowLeft aria-hidden="true" className="size-4" />
        {backLabel}
      </Link>
    </div>
  );
}
