import type { ReactNode } from "react";
import { Alert } from "./alert";

interface FormAlertProps {
  /** The form-level failure, announced at once (role="alert"). */
  error?: ReactNode;
  /** What the form did, announced politely (role="status"). */
  success?: ReactNode;
  /** "box" (the default) is a bordered message box; "inline" is a line of red text. */
  look?: "box" | "inline";
  /** The error's id, for the field it is about (its aria-describedby). */
  errorId?: string;
}

/** A form's own outcome: what failed, or what it did. Nothing shows while both are empty. */
export function FormAlert({ error, success, look = "box", errorId }: FormAlertProps) {
  if (look === "inline") {
    return error ? (
      <p id={errorId} role="alert" className="text-sm text-red-700 dark:text-red-300">
        {error}
      </p>
    ) : null;
  }
  return (
    <>
      {error ? (
        <Alert tone="error" id={errorId}>
          {error}
        </Alert>
      ) : null}
      {success ? <Alert tone="success">{success}</Alert> : null}
    </>
  );
}
