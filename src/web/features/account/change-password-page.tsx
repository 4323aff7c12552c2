import { useRef, useState, type SyntheticEvent } from "react";
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
import { showErrorsThenFocus, useFocusFirstInvalid } from "../../lib/focus-first-invalid";
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
  const [rulesError, setRulesError] = useState<string | null>(null);
  const change = useChangePassword();
  const formRef = useRef<HTMLFormElement>(null);
  useRedirectAfter(change.isSuccess, "/settings", ACCOUNT_REDIRECT_DELAY_MS);
  // A wrong current password is that field's message: focus goes to it.
  useFocusFirstInvalid(formRef, change.error);

  const onSubmit = (event: SyntheticEvent) => {
    event.preventDefault();
    change.reset();
    const form = event.currentTarget;
    // Confirm new password already says the two differ: it takes focus.
    const mismatch = newPassword !== confirmPassword;
    const weak = !mismatch && !passwordMeetsRules(newPassword);
    if (mismatch || weak) {
      return showErrorsThenFocus(form, () => {
        setFormError(mismatch ? NEW_PASSWORDS_MISMATCH_MESSAGE : null);
        setRulesError(weak ? PASSWORD_RULES_MESSAGE : null);
      });
    }
    setFormError(null);
    setRulesError(null);
    change.mutate({ currentPassword, newPassword, confirmPassword });
  };

  const serverError = change.error ? failureMessage(change.error) : null;
  const wrongCurrent = serverError === WRONG_CURRENT_PASSWORD_MESSAGE ? serverError : undefined;
  const error = formError ?? (wrongCurrent ? null : serverError);

  return (
    <SubPage title="Change Password" backTo="/settings" backLabel="Back to settings">
      <form ref={formRef} onSubmit={onSubmit} noValidate className="flex flex-col gap-5">
        <FormAlert error={error} success={change.isSuccess && PASSWORD_CHANGED_MESSAGE} />
        <PasswordField
          label="Current password"
          autoComplete="current-password"
          required
          value={currentPassword}
          onChange={(e) => setCurrentPassword(e.target.value)}
          error={wrongCurrent}
        />
        <NewPasswordFields
          newPasswordError={rulesError ?? undefined}
          newPassword={newPassword}
          confirmPassword={confirmPassword}
          onNewPassword={(value) => {
            setNewPassword(value);
            setRulesError(null);
          }}
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
