import { useState } from "react";
import { Link, Navigate } from "react-router";
import { Plus } from "lucide-react";
import type { ReleaseSummary } from "../../../shared/release-schemas";
import { Alert } from "../../components/alert";
import { Button } from "../../components/button";
import { PageHeader } from "../../components/page-header";
import { Spinner } from "../../components/spinner";
import { useSession } from "../../lib/auth/session";
import { useDeleteRelease } from "./api/delete-release";
import { useReleases } from "./api/get-releases";
import { useLiveReleases } from "./api/live-releases";
import { DeleteDraftDialog } from "./delete-draft-dialog";
import { ReleaseStateBadge } from "./release-state-badge";

/** `/releases`: "Your releases", newest first; drafts can be deleted after a question. */
export default function ReleasesPage() {
  const { data: user } = useSession();
  // Agents have no releases of their own.
  if (user?.admin) return <Navigate to="/desk/songs" replace />;
  return <YourReleases />;
}

const releaseTitle = (release: ReleaseSummary) => release.title.trim() || "Untitled release";

function YourReleases() {
  useLiveReleases();
  const releases = useReleases();
  const remove = useDeleteRelease();
  const [asking, setAsking] = useState<ReleaseSummary | null>(null);
  return (
    <div className="mx-auto flex w-full max-w-2xl flex-col gap-4 p-4 sm:p-6">
      <PageHeader
        title="Your releases"
        backTo="/songs"
        backLabel="Back to songs"
        actions={
          <Link
            to="/releases/new"
            className="inline-flex h-8 items-center gap-1.5 rounded-lg bg-indigo-600 px-2.5 text-sm font-semibold text-white hover:bg-indigo-700 dark:bg-indigo-400 dark:text-slate-950 dark:hover:bg-indigo-300"
          >
            <Plus aria-hidden="true" className="size-4" />
            New release
          </Link>
        }
      />
      {releases.isPending ? (
        <Spinner label="Loading your releases…" className="py-10" />
      ) : releases.isError ? (
        <Alert tone="error">Failed to load your releases. Please try again later.</Alert>
      ) : releases.data.length === 0 ? (
        <p className="py-10 text-center text-slate-600 dark:text-slate-300">
          You have no releases yet. Start one with New release.
        </p>
      ) : (
        <ul aria-label="Releases" className="flex flex-col gap-3">
          {releases.data.map((release) => (
            <ReleaseRow
              key={release.id}
              release={release}
              onDelete={() => {
                remove.reset();
                setAsking(release);
              }}
            />
          ))}
        </ul>
      )}
      {asking && (
        <DeleteDraftDialog
          title={releaseTitle(asking)}
          deleting={remove.isPending}
          error={remove.error?.message ?? null}
          onConfirm={() => remove.mutate(asking.id, { onSuccess: () => setAsking(null) })}
          onClose={() => setAsking(null)}
        />
      )}
    </div>
  );
}

function ReleaseRow({ release, onDelete }: { release: ReleaseSummary; onDelete: () => void }) {
  return (
    <li className="flex flex-wrap items-center gap-3 rounded-xl bg-white p-3 ring-1 ring-slate-200 dark:bg-slate-900 dark:ring-slate-800">
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <div className="flex flex-wrap items-center gap-2">
          <h2 className="min-w-0 truncate font-semibold">
            <Link
              to={`/releases/${encodeURIComponent(release.id)}`}
              className="underline-offset-2 hover:underline"
            >
              {releaseTitle(release)}
            </Link>
          </h2>
          <ReleaseStateBadge state={release.state} />
        </div>
        <p className="text-sm text-slate-600 dark:text-slate-300">
          {[
            release.releaseType,
            release.trackCount === 1 ? "1 track" : `${release.trackCount} tracks`,
          ]
            .filter(Boolean)
            .join(" · ")}
        </p>
      </div>
      {release.state === "draft" && (
        <Button variant="secondary" aria-haspopup="dialog" onClick={onDelete}>
          Delete draft
        </Button>
      )}
    </li>
  );
}
