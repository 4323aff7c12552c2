import { useEffect } from "react";
import { Link, useSearchParams } from "react-router";
import {
  UNSUBSCRIBED_MESSAGE,
  UNSUBSCRIBE_LINK_INVALID_MESSAGE,
} from "../../../shared/mail-preferences";
import { Alert } from "../../components/alert";
import { Spinner } from "../../components/spinner";
import { ApiError } from "../../lib/api-client";
import { AuthLayout } from "../../components/auth-layout";
import { useUnsubscribe } from "./api/unsubscribe";

/** Opened from the link in an unread-message email: one click, no sign-in. */
export default function UnsubscribePage() {
  const [params] = useSearchParams();
  const token = params.get("token") ?? "";
  const { mutate, isSuccess, error } = useUnsubscribe();
  // The click on the email's link is the person's request; mail scanners fetch but do not run scripts.
  useEffect(() => {
    if (token) mutate(token);
  }, [token, mutate]);

  return (
    <AuthLayout title="Unread-message emails" subtitle="Artist Portal">
      {isSuccess ? (
        <Alert tone="success">{UNSUBSCRIBED_MESSAGE}</Alert>
      ) : error || !token ? (
        <Alert tone="error">
          {error instanceof ApiError && error.status < 500
            ? error.message
            : UNSUBSCRIBE_LINK_INVALID_MESSAGE}
        </Alert>
      ) : (
        <Spinner label="Turning emails off" />
      )}
      <p className="mt-6 text-center text-sm">
        <Link
          to="/settings"
          className="font-semibold text-indigo-700 underline dark:text-indigo-300"
        >
          Go to Settings
        </Link>
      </p>
    </AuthLayout>
  );
}
