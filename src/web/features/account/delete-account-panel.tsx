import { useId, useRef, useState, type SyntheticEvent } from "react";
import { useNavigate } from "react-router";
import { TriangleAlert } from "lucide-react";
import {
  AGENT_DELETE_REFUSED_MESSAGE,
  DELETE_CONFIRMATION_MESSAGE,
  DELETE_CONFIRMATION_WORD,
  DELETE_FAILED_MESSAGE,
  WALLET_NOT_EMPTY_CODE,
  WRONG_PASSWORD_MESSAGE,
  walletGiveUpMessages,
} from "../../../shared/account-messages";
import { Alert } from "../../components/alert";
import { FormAlert } from "../../components/form-alert";
import { Button } from "../../components/button";
import { CheckboxField } from "../../components/checkbox-field";
import { PasswordField, TextField } from "../../components/text-field";
import { ApiError } from "../../lib/api-client";
import { useFocusFirstInvalid } from "../../lib/focus-first-invalid";
import { ACCOUNT_DELETED_STATE } from "../../lib/account-deleted";
import { useSession } from "../../lib/auth/session";
import { useDeleteAccount } from "./api/delete-account";
import { useVerifyPassword } from "./api/verify-password";
import { useWalletGiveUp } from "./wallet-give-up";

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

/** The wallet's balance could not be read: deleting waits for it (it may have to be given up). */
export const WALLET_UNKNOWN = "Your wallet's balance could not be loaded.";

/** An artist deletes their account here; an agent is told why they cannot (decision 141). */
export function DeleteAccountPanel() {
  const { data: user } = useSession();
  // The server refuses it too (409): an agent's conversations are the team's.
  if (user?.admin) {
    return (
      <Alert tone="info">
        <p>{AGENT_DELETE_REFUSED_MESSAGE}</p>
      </Alert>
    );
  }
  return <DeletionSteps />;
}

/** Two steps: prove the password, then type DELETE. The server checks both again. */
function DeletionSteps() {
  const [step, setStep] = useState<"password" | "confirm">("password");
  const [password, setPassword] = useState("");
  const [typed, setTyped] = useState("");
  const verify = useVerifyPassword();
  const remove = useDeleteAccount();
  const navigate = useNavigate();
  const wallet = useWalletGiveUp();
  const passwordForm = useRef<HTMLFormElement>(null);
  // A wrong password is the field's message: focus goes to it.
  useFocusFirstInvalid(passwordForm, verify.error);

  const onContinue = (event: SyntheticEvent) => {
    event.preventDefault();
    verify.mutate({ password }, { onSuccess: () => setStep("confirm") });
  };

  const onConfirm = (event: SyntheticEvent) => {
    event.preventDefault();
    if (typed !== DELETE_CONFIRMATION_WORD || !wallet.ready) return;
    remove.mutate(
      { password, confirm: DELETE_CONFIRMATION_WORD, giveUpPaise: wallet.giveUpPaise },
      {
        onSuccess: () => void navigate("/login", { replace: true, state: ACCOUNT_DELETED_STATE }),
        // The balance moved since the page showed it: show the new one, ask again.
        onError: (error) => {
          if (error instanceof ApiError && error.code === WALLET_NOT_EMPTY_CODE) wallet.refresh();
        },
      },
    );
  };

  const onCancel = () => {
    setStep("password");
    setTyped("");
    wallet.untick();
    verify.reset();
    remove.reset();
  };

  if (step === "password") {
    const error = failureMessage(verify.error, DELETE_FAILED_MESSAGE);
    const wrongPassword = error === WRONG_PASSWORD_MESSAGE ? error : undefined;
    return (
      <form ref={passwordForm} onSubmit={onContinue} noValidate className="flex flex-col gap-5">
        <DeleteWarning balancePaise={wallet.balancePaise} />
        <FormAlert error={wrongPassword ? null : error} />
        <PasswordField
          label="Password"
          autoComplete="current-password"
          required
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          error={wrongPassword}
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
      balancePaise={wallet.balancePaise}
      walletFailed={wallet.failed}
      onRetryWallet={wallet.refresh}
      agreed={wallet.agreed}
      onAgree={wallet.agree}
      onConfirm={onConfirm}
      onCancel={onCancel}
      pending={remove.isPending}
      error={failureMessage(remove.error, DELETE_FAILED_MESSAGE)}
    />
  );
}

function DeleteWarning({
  balancePaise,
  noteId,
}: {
  balancePaise: number | undefined;
  noteId?: string;
}) {
  return (
    <div className="flex gap-3 rounded-lg border border-red-300 bg-red-50 p-4 text-sm text-red-900 dark:border-red-800 dark:bg-red-950 dark:text-red-100">
      <TriangleAlert aria-hidden="true" className="size-5 shrink-0" />
      <div className="flex flex-col gap-2">
        <p>
          Deleting your account removes your profile, chats, files and songs for good. This cannot
          be undone.
        </p>
        {balancePaise !== undefined && balancePaise > 0 && (
          <p id={noteId} className="font-medium">
            {walletGiveUpMessages.note(balancePaise)}
          </p>
        )}
      </div>
    </div>
  );
}

interface ConfirmStepProps {
  typed: string;
  onType: (typed: string) => void;
  /** The wallet's balance, to be given up; undefined while unknown. */
  balancePaise: number | undefined;
  walletFailed: boolean;
  onRetryWallet: () => void;
  agreed: boolean;
  onAgree: (agreed: boolean) => void;
  onConfirm: (event: SyntheticEvent) => void;
  onCancel: () => void;
  pending: boolean;
  error: string | null;
}

/**
 * The second step: type the word (and, with money in the wallet, agree to
 * give it up), then delete; or go back to the password.
 */
export function ConfirmStep(props: ConfirmStepProps) {
  const { typed, onType, balancePaise, agreed, onAgree, onConfirm, onCancel, pending } = props;
  const noteId = useId();
  // Shown while something other than the exact word is typed; the button stays disabled.
  const typedError =
    typed !== "" && typed !== DELETE_CONFIRMATION_WORD ? DELETE_CONFIRMATION_MESSAGE : undefined;
  const money = balancePaise !== undefined && balancePaise > 0;
  const ready =
    typed === DELETE_CONFIRMATION_WORD && balancePaise !== undefined && (!money || agreed);
  return (
    <form onSubmit={onConfirm} noValidate className="flex flex-col gap-5">
      <DeleteWarning balancePaise={balancePaise} noteId={noteId} />
      <FormAlert error={props.error} />
      {props.walletFailed && (
        <div role="alert" className="flex items-center justify-between gap-3 text-sm">
          <span>{WALLET_UNKNOWN}</span>
          <Button variant="secondary" onClick={props.onRetryWallet}>
            Try again
          </Button>
        </div>
      )}
      <TextField
        label={`Type ${DELETE_CONFIRMATION_WORD} to confirm`}
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        value={typed}
        onChange={(e) => onType(e.target.value)}
        error={typedError}
      />
      {money && (
        <CheckboxField
          label={walletGiveUpMessages.agree(balancePaise)}
          checked={agreed}
          aria-describedby={noteId}
          onChange={(e) => onAgree(e.target.checked)}
        />
      )}
      <div className="grid grid-cols-2 gap-3">
        <Button variant="secondary" onClick={onCancel} disabled={pending}>
          Cancel
        </Button>
        <Button type="submit" variant="danger" disabled={pending || !ready}>
          {pending ? "Deleting…" : "Delete account"}
        </Button>
      </div>
    </form>
  );
}
