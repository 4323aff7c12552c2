import { useParams } from "react-router";
import { Alert } from "../../components/alert";
import { PageHeader } from "../../components/page-header";
import { Spinner } from "../../components/spinner";
import { ApiError } from "../../lib/api-client";
import { useSession } from "../../lib/auth/session";
import { useLiveReleases } from "./api/live-releases";
import { useRelease } from "./api/get-release";
import { ReleaseEditor } from "./release-editor";

/** `/releases/{id}`: the artist's release form (agents see it read-only). */
export default function ReleasePage() {
  const { id = "" } = useParams();
  const { data: user } = useSession();
  useLiveReleases();
  const release = useRelease(id);
  if (release.data) {
    // Keyed by release: another release's form starts from its own draft.
    return (
      <ReleaseEditor
        key={id}
        release={release.data}
        userId={user?.id ?? ""}
        readOnly={Boolean(user?.admin)}
      />
    );
  }
  if (release.isError) {
    const missing = release.error instanceof ApiError && [403, 404].includes(release.error.status);
    return (
      <div className="mx-auto flex w-full max-w-3xl flex-col gap-4 p-4 sm:p-6">
        <PageHeader title="Release" backTo="/releases" backLabel="Back to your releases" />
        <Alert tone="error">
          {missing ? "Release not found." : "Failed to load the release. Please try again later."}
        </Alert>
      </div>
    );
  }
  return <Spinner label="Loading release…" className="py-16" />;
}
