import { useState, type SyntheticEvent } from "react";
import {
  ACCOUNT_REDIRECT_DELAY_MS,
  NEW_PASSWORDS_MISMATCH_MESSAGE,
  NO_USER_MESSAGE,
  PASSWORD_CHANGE_FAILED_MESSAGE,
  PASSWORD_CHANGED_MESSAGE,
  RECENT_LOGIN_REQUIRED_MESSAGE,
  WRONG_CURRENT_PASSWORD_MESSAGE,
} from "../../../shared/account-messages";
import { PASSWORD_RULES_MESSAGE, passwordMeetsRules } from "../../../shared/password-rules";
import { FormAlert } from "../../components/form-alert";
import { Button } from "../../components/button";
import { NewPasswordFields } from "../../components/new-password-fields";
import { SubPage } from "../../components/sub-page";
import { PasswordField } from "../../components/text-field";
import { ApiError } from "../../lib/api-client";
import { useRedirectAfter } from "../../lib/use-redirect-after";
import { useChangePassword } from "./api/change-password";

/** The catalogue's text for a failed change (spec, section 8). */
function failureMessage(error: Error): string {
  if (!(error instanceof ApiError)) return PASSWORD_CHANGE_FAILED_MESSAGE;
  if (error.code === "INVALID_PASSWORD") return WRONG_CURRENT_PASSWORD_MESSAGE;
  if (error.code === "REQUIRES_RECENT_LOGIN") return RECENT_LOGIN_REQUIRED_MESSAGE;
  if (error.status === 401) return NO_USER_MESSAGE;
  // A 4xx carries a message meant for people; a 5xx does not.
  return error.status < 500 && error.message ? error.message : PASSWORD_CHANGE_FAILED_MESSAGE;
}

export default function ChangePasswordPage() {
  const [currentPassword, setCurrentPassword] = useState("");
  const [newPassword, setNewPassword] = useState("");
  const [confirmPassword, setConfirmPassword] = useState("");
  const [formError, setFormError] = useState<string | null>(null);
  const change = useChangePassword();
  useRedirectAfter(change.isSuccess, "/settings", ACCOUNT_REDIRECT_DELAY_MS);

  const onSubmit = (event: SyntheticEvent) => {
    event.preventDefault();
    change.reset();
    if (newPassword !== confirmPassword) return setFormError(NEW_PASSWORDS_MISMATCH_MESSAGE);
    if (!passwordMeetsRules(newPassword)) return setFormError(PASSWORD_RULES_MESSAGE);
    setFormError(null);
    change.mutate({ currentPassword, newPassword, confirmPassword });
  };

  const error = formError ?? (change.error ? failureMessage(change.error) : null);

  return (
    <SubPage title="Change Password" backTo="/settings" backLabel="Back to settings">
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-5">
        <FormAlert error={error} success={change.isSuccess && PASSWORD_CHANGED_MESSAGE} />
        <PasswordField
          label="Current password"
          autoComplete="current-password"
          required
          value={currentPassword}
          onChange={(e) => setCurrentPassword(e.target.value)}
        />
        <NewPasswordFields
          newPassword={newPassword}
          confirmPassword={confirmPassword}
          onNewPassword={setNewPassword}
          onConfirmPassword={setConfirmPassword}
        />
        <Button
          type="submit"
          disabled={
            change.isPending ||
            change.isSuccess ||
            !currentPassword ||
            !newPassword ||
            !confirmPassword
          }
        >
          {change.isPending ? "Updating…" : "Update password"}
        </Button>
      </form>
    </SubPage>
  );
}
