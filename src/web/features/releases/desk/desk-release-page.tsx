import { Link, useParams } from "react-router";
import { MessageCircle } from "lucide-react";
import type { DeskReleaseDetail } from "../../../../shared/responses/release-review";
import { Alert } from "../../../components/alert";
import { PageHeader } from "../../../components/page-header";
import { Spinner } from "../../../components/spinner";
import { ApiError } from "../../../lib/api-client";
import { RequireAgent } from "../../../lib/auth/require-agent";
import { ReleaseStateBadge } from "../release-state-badge";
import { ReleaseTimeline } from "../review/release-timeline";
import { ArtworkViewer } from "../release-view/artwork-viewer";
import { ReleaseFacts } from "../release-view/release-facts";
import { ReleaseTracksView } from "../release-view/release-tracks-view";
import { useDeskRelease, useLiveDeskReleases } from "./desk-release-queries";
import { ReleaseChecks } from "./release-checks";
import { ReviewActions } from "./review-actions";
import { StoreDeliveries } from "./store-deliveries";

/** `/desk/releases/{id}`: one release as an agent reviews it. */
export default function DeskReleasePage() {
  return (
    <RequireAgent artistHome="/releases">
      <DeskRelease />
    </RequireAgent>
  );
}

const backTo = (state: string) => `/desk/releases?view=${state}`;

function DeskRelease() {
  const { id = "" } = useParams();
  useLiveDeskReleases();
  const release = useDeskRelease(id);
  if (release.data) return <ReviewScreen release={release.data} />;
  if (release.isError) {
    const missing = release.error instanceof ApiError && release.error.status === 404;
    return (
      <div className="mx-auto flex w-full max-w-3xl flex-col gap-4 p-4 sm:p-6">
        <PageHeader title="Release" backTo="/desk/releases" backLabel="Back to the releases" />
        <Alert tone="error">
          {missing
            ? "This release does not exist."
            : "Failed to load the release. Please try again later."}
        </Alert>
      </div>
    );
  }
  return <Spinner label="Loading release…" className="py-16" />;
}

/** Who sent it and who reviews it, with the way to the artist's conversation. */
function WhoLine({ release }: { release: DeskReleaseDetail }) {
  const { artist, review } = release;
  return (
    <div className="flex flex-wrap items-center gap-x-4 gap-y-2 text-sm">
      <p>
        From <strong>{artist.name}</strong> ({artist.email})
      </p>
      <p>Reviewer: {review.reviewer ? <strong>{review.reviewer.name}</strong> : "nobody yet"}</p>
      <Link
        to={`/inbox/${encodeURIComponent(artist.id)}`}
        className="inline-flex items-center gap-1 text-indigo-700 underline dark:text-indigo-300"
      >
        <MessageCircle aria-hidden="true" className="size-4" />
        Message {artist.name}
      </Link>
    </div>
  );
}

/** What the release's last steps left to read: changes since the last review, a rejection. */
function ReviewNotices({ release }: { release: DeskReleaseDetail }) {
  const { changedSinceReview, review } = release;
  const rejection = review.rejection;
  return (
    <>
      {changedSinceReview.length > 0 && (
        <section
          aria-labelledby="changed-since-review"
          className="rounded-xl border border-sky-300 bg-sky-50 p-4 text-sky-950 dark:border-sky-800 dark:bg-sky-950 dark:text-sky-50"
        >
          <h2 id="changed-since-review" className="font-semibold">
            Changed since last review
          </h2>
          <ul aria-label="Changed since last review" className="mt-2 list-disc pl-5 text-sm">
            {changedSinceReview.map((change) => (
              <li key={change}>{change}</li>
            ))}
          </ul>
        </section>
      )}
      {review.openItems.length > 0 && (
        <Alert tone="warning">
          <p className="font-semibold">Waiting for the artist to fix:</p>
          <ul className="mt-1 list-disc pl-5">
            {review.openItems.map((item, index) => (
              <li key={index}>
                {item.reason} — {item.note}
              </li>
            ))}
          </ul>
        </Alert>
      )}
      {rejection && (
        <Alert tone="error">
          Rejected: {rejection.reasonLabel}
          {rejection.note ? ` — ${rejection.note}` : ""}
        </Alert>
      )}
    </>
  );
}

function ReviewScreen({ release }: { release: DeskReleaseDetail }) {
  const title = release.title.trim() || "Untitled release";
  const delivering = release.state === "approved" || release.state === "live";
  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-5 p-4 sm:p-6">
      <div className="-mb-6">
        <PageHeader
          title={title}
          backTo={backTo(release.state)}
          backLabel="Back to the releases"
          actions={<ReleaseStateBadge state={release.state} />}
        />
      </div>
      <WhoLine release={release} />
      <ReviewNotices release={release} />
      <ReviewActions release={release} />
      <ArtworkViewer artwork={release.artwork} title={title} />
      <ReleaseFacts release={release} />
      <ReleaseTracksView releaseId={release.id} tracks={release.tracks} splits={false} />
      <ReleaseChecks release={release} />
      {delivering && release.review.stores.length > 0 && (
        <StoreDeliveries
          releaseId={release.id}
          version={release.version}
          stores={release.review.stores}
        />
      )}
      <ReleaseTimeline steps={release.review.timeline} withActors />
    </div>
  );
}
