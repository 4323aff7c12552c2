import { useState, type SyntheticEvent } from "react";
import { Link } from "react-router";
import { FORGOT_PASSWORD_SENT_MESSAGE } from "../../../shared/password-reset";
import { Alert } from "../../components/alert";
import { FormAlert } from "../../components/form-alert";
import { Button } from "../../components/button";
import { TextField } from "../../components/text-field";
import { ApiError } from "../../lib/api-client";
import { AuthLayout } from "../../components/auth-layout";
import { useRequestPasswordReset } from "./api/password-reset";

export default function ForgotPasswordPage() {
  const [email, setEmail] = useState("");
  const request = useRequestPasswordReset();

  const onSubmit = (event: SyntheticEvent) => {
    event.preventDefault();
    request.mutate({ email });
  };
  const error =
    request.error instanceof ApiError && request.error.status < 500
      ? request.error.message
      : request.error
        ? "The reset link could not be sent. Please try again later."
        : null;

  return (
    <AuthLayout title="Forgot password?" subtitle="We will email you a link to choose a new one">
      {request.isSuccess ? (
        <Alert tone="success">{FORGOT_PASSWORD_SENT_MESSAGE}</Alert>
      ) : (
        <form onSubmit={onSubmit} className="flex flex-col gap-4" noValidate>
          <FormAlert error={error} />
          <TextField
            label="Email"
            type="email"
            autoComplete="email"
            required
            value={email}
            onChange={(e) => setEmail(e.target.value)}
          />
          <Button type="submit" disabled={request.isPending || !email}>
            {request.isPending ? "Sending…" : "Send reset link"}
          </Button>
        </form>
      )}
      <p className="mt-6 text-center text-sm">
        <Link to="/login" className="font-semibold text-indigo-700 underline dark:text-indigo-300">
          Back to sign in
        </Link>
      </p>
    </AuthLayout>
  );
}
