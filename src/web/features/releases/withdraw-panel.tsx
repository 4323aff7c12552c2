import type { ReleaseDetail } from "../../../shared/release-schemas";
import { Alert } from "../../components/alert";
import { Button } from "../../components/button";
import { useWithdrawRelease } from "./api/submit-release";

/**
 * A submitted release waits for the desk; until its review starts the
 * artist may take it back to draft (reversible: no question asked).
 */
export function WithdrawPanel(props: {
  releaseId: string;
  version: () => number;
  onWithdrawn: (release: ReleaseDetail) => void;
}) {
  const withdraw = useWithdrawRelease(props.releaseId);
  return (
    <section
      aria-label="Submitted"
      className="flex flex-col gap-3 rounded-xl bg-white p-4 ring-1 ring-slate-200 dark:bg-slate-900 dark:ring-slate-800"
    >
      <p className="text-sm">
        Your release is waiting for review; its tracks are in Your Songs as pending. Withdraw it to
        change something before the review starts.
      </p>
      {withdraw.error && <Alert tone="error">{withdraw.error.message}</Alert>}
      <Button
        variant="secondary"
        className="self-start"
        disabled={withdraw.isPending}
        onClick={() =>
          withdraw.mutate({ version: props.version() }, { onSuccess: props.onWithdrawn })
        }
      >
        Withdraw
      </Button>
    </section>
  );
}
