import { useState, type SyntheticEvent } from "react";
import {
  ACCOUNT_REDIRECT_DELAY_MS,
  EMAIL_CHANGE_FAILED_MESSAGE,
  EMAIL_CHANGED_MESSAGE,
  WRONG_PASSWORD_MESSAGE,
} from "../../../shared/account-messages";
import { changeEmailSchema } from "../../../shared/account-schemas";
import { EMAIL_TAKEN_MESSAGE } from "../../../shared/auth-messages";
import { FormAlert } from "../../components/form-alert";
import { Button } from "../../components/button";
import { PasswordField, TextField } from "../../components/text-field";
import { ApiError } from "../../lib/api-client";
import { useRedirectAfter } from "../../lib/use-redirect-after";
import { useChangeEmail } from "./api/change-email";

function failureMessage(error: Error): string {
  if (!(error instanceof ApiError)) return EMAIL_CHANGE_FAILED_MESSAGE;
  if (error.code === "INVALID_PASSWORD") return WRONG_PASSWORD_MESSAGE;
  if (error.code === "EMAIL_TAKEN") return EMAIL_TAKEN_MESSAGE;
  // Validation (invalid email, same email) and 429 explain themselves.
  if (error.code === "VALIDATION_FAILED" || error.code === "SAME_EMAIL" || error.status === 429) {
    return error.message;
  }
  return EMAIL_CHANGE_FAILED_MESSAGE;
}

export function ChangeEmailForm() {
  const [password, setPassword] = useState("");
  const [newEmail, setNewEmail] = useState("");
  const [formError, setFormError] = useState<string | null>(null);
  const change = useChangeEmail();
  useRedirectAfter(change.isSuccess, "/settings", ACCOUNT_REDIRECT_DELAY_MS);

  const onSubmit = (event: SyntheticEvent) => {
    event.preventDefault();
    change.reset();
    // The same schema the server uses: the email's own message comes from it.
    const parsed = changeEmailSchema.safeParse({ password, newEmail });
    if (!parsed.success) return setFormError(parsed.error.issues[0]?.message ?? null);
    setFormError(null);
    change.mutate({ password, newEmail });
  };

  const error = formError ?? (change.error ? failureMessage(change.error) : null);

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-5">
      <FormAlert error={error} success={change.isSuccess && EMAIL_CHANGED_MESSAGE} />
      <PasswordField
        label="Current password"
        autoComplete="current-password"
        required
        value={password}
        onChange={(e) => setPassword(e.target.value)}
      />
      <TextField
        label="New email"
        type="email"
        autoComplete="email"
        required
        value={newEmail}
        onChange={(e) => setNewEmail(e.target.value)}
      />
      <Button
        type="submit"
        disabled={change.isPending || change.isSuccess || !password || !newEmail.trim()}
      >
        {change.isPending ? "Changing…" : "Change email"}
      </Button>
    </form>
  );
}
