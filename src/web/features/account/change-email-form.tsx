import { useRef, useState, type SyntheticEvent } from "react";
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
import { showErrorsThenFocus, useFocusFirstInvalid } from "../../lib/focus-first-invalid";
import { useRedirectAfter } from "../../lib/use-redirect-after";
import { useChangeEmail } from "./api/change-email";

type Field = "password" | "newEmail";
/** A message and the field it is about (none: the form's own). */
interface Failure {
  field: Field | null;
  message: string;
}

/** The field a server's refusal is about: a wrong password, or an address it will not take. */
function failureField(error: Error): Field | null {
  if (!(error instanceof ApiError)) return null;
  if (error.code === "INVALID_PASSWORD") return "password";
  const aboutEmail = ["EMAIL_TAKEN", "SAME_EMAIL", "VALIDATION_FAILED"];
  return error.code !== undefined && aboutEmail.includes(error.code) ? "newEmail" : null;
}

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
  const [formError, setFormError] = useState<Failure | null>(null);
  const change = useChangeEmail();
  const formRef = useRef<HTMLFormElement>(null);
  useRedirectAfter(change.isSuccess, "/settings", ACCOUNT_REDIRECT_DELAY_MS);
  // A refusal about a field is that field's message: focus goes to it.
  useFocusFirstInvalid(formRef, change.error);

  const onSubmit = (event: SyntheticEvent) => {
    event.preventDefault();
    change.reset();
    // The same schema the server uses: the email's own message comes from it.
    const parsed = changeEmailSchema.safeParse({ password, newEmail });
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const field = issue?.path[0] === "password" ? "password" : "newEmail";
      const failure = { field, message: issue?.message ?? "" } as const;
      return showErrorsThenFocus(event.currentTarget, () => setFormError(failure));
    }
    setFormError(null);
    change.mutate({ password, newEmail });
  };

  const failure: Failure | null =
    formError ??
    (change.error
      ? { field: failureField(change.error), message: failureMessage(change.error) }
      : null);
  const errorOf = (field: Field) => (failure?.field === field ? failure.message : undefined);

  return (
    <form ref={formRef} onSubmit={onSubmit} noValidate className="flex flex-col gap-5">
      <FormAlert
        error={failure?.field === null ? failure.message : null}
        success={change.isSuccess && EMAIL_CHANGED_MESSAGE}
      />
      <PasswordField
        label="Current password"
        autoComplete="current-password"
        required
        value={password}
        onChange={(e) => setPassword(e.target.value)}
        error={errorOf("password")}
      />
      <TextField
        label="New email"
        type="email"
        autoComplete="email"
        required
        value={newEmail}
        onChange={(e) => setNewEmail(e.target.value)}
        error={errorOf("newEmail")}
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
