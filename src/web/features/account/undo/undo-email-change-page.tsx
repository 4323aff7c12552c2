import { useMutation } from "@tanstack/react-query";
import { Link, useSearchParams } from "react-router";
import { UNDO_LINK_INVALID_MESSAGE } from "../../../../shared/sessions";
import { Alert } from "../../../components/alert";
import { AuthLayout } from "../../../components/auth-layout";
import { Button } from "../../../components/button";
import { ApiError, apiFetch } from "../../../lib/api-client";

/**
 * Opened from the link mailed to the old address after an email change.
 * Nothing happens until the person presses the button (mail scanners open
 * links too): then the old address is back, every device is signed out and
 * a link to choose a new password goes to that address.
 */
export default function UndoEmailChangePage() {
  const [params] = useSearchParams();
  const token = params.get("token") ?? "";
  const undo = useMutation({
    mutationFn: () =>
      apiFetch("/api/account/undo-email-change", { answer: "okMessage", body: { token } }),
  });

  return (
    <AuthLayout title="Undo the email change" subtitle="Artist Portal">
      {undo.isSuccess ? (
        <Alert tone="success">{undo.data.message}</Alert>
      ) : undo.error || !token ? (
        <Alert tone="error">
          {undo.error instanceof ApiError && undo.error.status < 500
            ? undo.error.message
            : UNDO_LINK_INVALID_MESSAGE}
        </Alert>
      ) : (
        <div className="flex flex-col gap-4">
          <p>
            This puts your old email address back on the account, signs out every device and sends
            that address a link to choose a new password.
          </p>
          <Button disabled={undo.isPending} onClick={() => undo.mutate()}>
            Undo the change
          </Button>
        </div>
      )}
      <p className="mt-6 text-center text-sm">
        <Link to="/login" className="font-semibold text-indigo-700 underline dark:text-indigo-300">
          Go to sign in
        </Link>
      </p>
    </AuthLayout>
  );
}
