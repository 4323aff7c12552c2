import type { ReleaseDetail } from "../../../shared/release-schemas";
import { Alert } from "../../components/alert";
import { Button } from "../../components/button";
import { useWithdrawRelease } from "./api/submit-release";

/**
 * A submitted release waits for the desk; until its review starts the
 * artist may take it back to draft (reversible: no question asked).
 */
export function WithdrawButton(props: {
  releaseId: string;
  version: () => number;
  onWithdrawn: (release: ReleaseDetail) => void;
}) {
  const withdraw = useWithdrawRelease(props.releaseId);
  return (
    <>
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
    </>
  );
}
