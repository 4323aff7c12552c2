import { useState, type SyntheticEvent } from "react";
import { Link, useSearchParams } from "react-router";
import {
  NEW_PASSWORDS_MISMATCH_MESSAGE,
  PASSWORD_CHANGE_FAILED_MESSAGE,
} from "../../../shared/account-messages";
import {
  PASSWORD_RESET_DONE_MESSAGE,
  RESET_LINK_INVALID_MESSAGE,
} from "../../../shared/password-reset";
import { PASSWORD_RULES_MESSAGE, passwordMeetsRules } from "../../../shared/password-rules";
import { Alert } from "../../components/alert";
import { FormAlert } from "../../components/form-alert";
import { Button } from "../../components/button";
import { NewPasswordFields } from "../../components/new-password-fields";
import { Spinner } from "../../components/spinner";
import { ApiError } from "../../lib/api-client";
import { AuthLayout } from "../../components/auth-layout";
import { useResetPassword, useResetTokenStatus } from "./api/password-reset";

const linkClass = "font-semibold text-indigo-700 underline dark:text-indigo-300";

function SpentLink() {
  return (
    <div className="flex flex-col gap-4">
      <Alert tone="error">{RESET_LINK_INVALID_MESSAGE}</Alert>
      <Link to="/forgot-password" className={`${linkClass} text-center`}>
        Send me a new link
      </Link>
    </div>
  );
}

export default function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get("token") ?? "";
  const status = useResetTokenStatus(token);
  const reset = useResetPassword();
  const [newPassword, setNewPassword] = useState("");
  const [confirmPassword, setConfirmPassword] = useState("");
  const [formError, setFormError] = useState<string | null>(null);

  const onSubmit = (event: SyntheticEvent) => {
    event.preventDefault();
    reset.reset();
    if (newPassword !== confirmPassword) return setFormError(NEW_PASSWORDS_MISMATCH_MESSAGE);
    if (!passwordMeetsRules(newPassword)) return setFormError(PASSWORD_RULES_MESSAGE);
    setFormError(null);
    reset.mutate({ token, newPassword, confirmPassword });
  };

  const spent =
    token === "" ||
    status.isError ||
    (reset.error instanceof ApiError && reset.error.code === "INVALID_TOKEN");
  const error =
    formError ??
    (reset.error instanceof ApiError && reset.error.status < 500
      ? reset.error.message
      : reset.error
        ? PASSWORD_CHANGE_FAILED_MESSAGE
        : null);

  return (
    <AuthLayout title="Choose a new password" subtitle="For your artist account">
      {reset.isSuccess ? (
        <div className="flex flex-col gap-4">
          <Alert tone="success">{PASSWORD_RESET_DONE_MESSAGE}</Alert>
          <Link to="/login" className={`${linkClass} text-center`}>
            Sign in with your new password
          </Link>
        </div>
      ) : spent ? (
        <SpentLink />
      ) : status.isPending ? (
        <div className="flex justify-center">
          <Spinner label="Checking your link" />
        </div>
      ) : (
        <form onSubmit={onSubmit} noValidate className="flex flex-col gap-5">
          <FormAlert error={error} />
          <NewPasswordFields
            newPassword={newPassword}
            confirmPassword={confirmPassword}
            onNewPassword={setNewPassword}
            onConfirmPassword={setConfirmPassword}
          />
          <Button type="submit" disabled={reset.isPending || !newPassword || !confirmPassword}>
            {reset.isPending ? "Saving…" : "Save new password"}
          </Button>
        </form>
      )}
    </AuthLayout>
  );
}
