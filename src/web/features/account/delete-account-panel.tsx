import { useState, type SyntheticEvent } from "react";
import { useNavigate } from "react-router";
import { TriangleAlert } from "lucide-react";
import {
  DELETE_CONFIRMATION_MESSAGE,
  DELETE_CONFIRMATION_WORD,
  DELETE_FAILED_MESSAGE,
  WRONG_PASSWORD_MESSAGE,
} from "../../../shared/account-messages";
import { FormAlert } from "../../components/form-alert";
import { Button } from "../../components/button";
import { PasswordField, TextField } from "../../components/text-field";
import { ApiError } from "../../lib/api-client";
import { ACCOUNT_DELETED_STATE } from "../../lib/account-deleted";
import { useDeleteAccount } from "./api/delete-account";
import { useVerifyPassword } from "./api/verify-password";

function failureMessage(error: Error | null, fallback: string): string | null {
  if (!error) return null;
  if (error instanceof ApiError && error.code === "INVALID_PASSWORD") return WRONG_PASSWORD_MESSAGE;
  // Too many tries, a bad field, or a reason to wait (a withdrawal on its way) explain themselves.
  if (
    error instanceof ApiError &&
    (error.status === 429 || error.status === 409 || error.code === "VALIDATION_FAILED")
  ) {
    return error.message;
  }
  return fallback;
}

/** Two steps: prove the password, then type DELETE. The server checks both again. */
export function DeleteAccountPanel() {
  const [step, setStep] = useState<"password" | "confirm">("password");
  const [password, setPassword] = useState("");
  const [typed, setTyped] = useState("");
  const verify = useVerifyPassword();
  const remove = useDeleteAccount();
  const navigate = useNavigate();

  const onContinue = (event: SyntheticEvent) => {
    event.preventDefault();
    verify.mutate({ password }, { onSuccess: () => setStep("confirm") });
  };

  const onConfirm = (event: SyntheticEvent) => {
    event.preventDefault();
    if (typed !== DELETE_CONFIRMATION_WORD) return;
    remove.mutate(
      { password, confirm: DELETE_CONFIRMATION_WORD },
      {
        onSuccess: () => void navigate("/login", { replace: true, state: ACCOUNT_DELETED_STATE }),
      },
    );
  };

  const onCancel = () => {
    setStep("password");
    setTyped("");
    verify.reset();
    remove.reset();
  };

  if (step === "password") {
    const error = failureMessage(verify.error, DELETE_FAILED_MESSAGE);
    return (
      <form onSubmit={onContinue} noValidate className="flex flex-col gap-5">
        <DeleteWarning />
        <FormAlert error={error} />
        <PasswordField
          label="Password"
          autoComplete="current-password"
          required
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
        <Button type="submit" variant="danger" disabled={verify.isPending || !password}>
          {verify.isPending ? "Checking…" : "Continue"}
        </Button>
      </form>
    );
  }

  return (
    <ConfirmStep
      typed={typed}
      onType={setTyped}
      onConfirm={onConfirm}
      onCancel={onCancel}
      pending={remove.isPending}
      error={failureMessage(remove.error, DELETE_FAILED_MESSAGE)}
    />
  );
}

function DeleteWarning() {
  return (
    <div className="flex gap-3 rounded-lg border border-red-300 bg-red-50 p-4 text-sm text-red-900 dark:border-red-800 dark:bg-red-950 dark:text-red-100">
      <TriangleAlert aria-hidden="true" className="size-5 shrink-0" />
      <p>
        Deleting your account removes your profile, chats, files and songs for good. This cannot be
        undone.
      </p>
    </div>
  );
}

interface ConfirmStepProps {
  typed: string;
  onType: (typed: string) => void;
  onConfirm: (event: SyntheticEvent) => void;
  onCancel: () => void;
  pending: boolean;
  error: string | null;
}

/** The second step: type the word, then delete (or go back to the password). */
function ConfirmStep({ typed, onType, onConfirm, onCancel, pending, error }: ConfirmStepProps) {
  // Shown while something other than the exact word is typed; the button stays disabled.
  const typedError =
    typed !== "" && typed !== DELETE_CONFIRMATION_WORD ? DELETE_CONFIRMATION_MESSAGE : undefined;
  return (
    <form onSubmit={onConfirm} noValidate className="flex flex-col gap-5">
      <DeleteWarning />
      <FormAlert error={error} />
      <TextField
        label={`Type ${DELETE_CONFIRMATION_WORD} to confirm`}
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        value={typed}
        onChange={(e) => onType(e.target.value)}
        error={typedError}
      />
      <div className="grid grid-cols-2 gap-3">
        <Button variant="secondary" onClick={onCancel} disabled={pending}>
          Cancel
        </Button>
        <Button
          type="submit"
          variant="danger"
          disabled={pending || typed !== DELETE_CONFIRMATION_WORD}
        >
          {pending ? "Deleting…" : "Delete account"}
        </Button>
      </div>
    </form>
  );
}
