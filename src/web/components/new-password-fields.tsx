import { PASSWORDS_MISMATCH_HINT } from "../../shared/account-messages";
import { PasswordChecklist } from "./password-checklist";
import { PasswordField } from "./text-field";

interface NewPasswordFieldsProps {
  newPassword: string;
  confirmPassword: string;
  onNewPassword: (value: string) => void;
  onConfirmPassword: (value: string) => void;
  /** A refusal of the new password itself (its rules), shown under it. */
  newPasswordError?: string | undefined;
}

/**
 * "New password" with the rules checked as you type, and "Confirm new
 * password" flagging a mismatch: the same pair wherever a password is chosen.
 */
export function NewPasswordFields(props: NewPasswordFieldsProps) {
  const { newPassword, confirmPassword } = props;
  const mismatch = confirmPassword !== "" && confirmPassword !== newPassword;
  return (
    <>
      <PasswordField
        label="New password"
        autoComplete="new-password"
        required
        value={newPassword}
        onChange={(e) => props.onNewPassword(e.target.value)}
        hint={<PasswordChecklist password={newPassword} />}
        error={props.newPasswordError}
      />
      <PasswordField
        label="Confirm new password"
        autoComplete="new-password"
        required
        value={confirmPassword}
        onChange={(e) => props.onConfirmPassword(e.target.value)}
        error={mismatch ? PASSWORDS_MISMATCH_HINT : undefined}
      />
    </>
  );
}
