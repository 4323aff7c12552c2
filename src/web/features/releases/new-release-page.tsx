import { useEffect, useRef } from "react";
import { Link, useNavigate } from "react-router";
import { Alert } from "../../components/alert";
import { PageHeader } from "../../components/page-header";
import { Spinner } from "../../components/spinner";
import { useCreateRelease } from "./api/create-release";

/**
 * `/releases/new`: starts a draft and replaces the address with the draft's
 * own, so Back does not make a second one. Once per visit (a ref: StrictMode
 * runs effects twice).
 */
export default function NewReleasePage() {
  const navigate = useNavigate();
  const create = useCreateRelease();
  const { mutate } = create;
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    mutate(undefined, {
      onSuccess: (release) =>
        void navigate(`/releases/${encodeURIComponent(release.id)}`, { replace: true }),
    });
  }, [mutate, navigate]);
  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-4 p-4 sm:p-6">
      <PageHeader title="New release" backTo="/releases" backLabel="Back to your releases" />
      {create.isError ? (
        <Alert tone="error">
          <p>{create.error.message}</p>
          <Link to="/songs" className="underline">
            Back to Your Songs
          </Link>
        </Alert>
      ) : (
        <Spinner label="Starting your release…" className="py-10" />
      )}
    </div>
  );
}
