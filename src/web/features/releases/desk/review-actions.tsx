import { useEffect, useRef, useState } from "react";
import { canTake } from "../../../../shared/release-transitions";
import type { DeskReleaseDetail } from "../../../../shared/responses/release-review";
import { Alert } from "../../../components/alert";
import { Button } from "../../../components/button";
import { ApiError } from "../../../lib/api-client";
import { useReviewAction, type ReviewAction } from "./desk-release-actions";
import { RejectReleaseDialog } from "./reject-release-dialog";
import { RequestChangesDialog } from "./request-changes-dialog";

/** An open dialog keeps the version the agent saw when opening it. */
type OpenDialog = { kind: "request-changes" | "reject"; version: number } | null;

const DONE: Record<ReviewAction["kind"], string> = {
  "start-review": "Review started.",
  "request-changes": "Changes requested. The artist has been told.",
  approve: "Approved.",
  reject: "Rejected. The artist has been told.",
};

/** Someone else acted first (or the state no longer allows it): the page says so. */
const isConflict = (error: Error) => error instanceof ApiError && error.status === 409;

/**
 * The review's steps the release's state allows (the state machine's table,
 * shared with the server): Start review (Submitted); Request changes and
 * Approve (In review); Reject (any state before a decision). A 409 (another agent acted first) is told in an alert, and the
 * page shows the release as it now stands.
 */
export function ReviewActions({ release }: { release: DeskReleaseDetail }) {
  const action = useReviewAction(release.id);
  const [dialog, setDialog] = useState<OpenDialog>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  // The button pressed is gone with the state it belonged to: focus goes to what
  // happened, which is read out from there (no live region, so it is read once).
  const noticeRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (done ?? refusal) noticeRef.current?.focus();
  }, [done, refusal]);
  const run = (input: ReviewAction) => {
    setRefusal(null);
    setDone(null);
    action.mutate(input, {
      onSuccess: () => {
        setDialog(null);
        setDone(DONE[input.kind]);
      },
      onError: (error) => {
        // In a dialog, a refused form stays open with its message; a conflict closes it.
        if (input.kind === "start-review" || input.kind === "approve" || isConflict(error)) {
          setDialog(null);
          setRefusal(error.message);
        }
      },
    });
  };
  const { state, version } = release;
  const open = (kind: "request-changes" | "reject") => {
    action.reset();
    setDialog({ kind, version });
  };
  const dialogError = action.error && !isConflict(action.error) ? action.error.message : null;
  return (
    <section aria-label="Review" className="flex flex-col gap-3">
      <div ref={noticeRef} tabIndex={-1} className="flex flex-col gap-3 empty:hidden">
        {refusal && <Alert tone="error">{refusal}</Alert>}
        {done && <p className="text-sm">{done}</p>}
      </div>
      <ActionButtons
        state={state}
        busy={action.isPending}
        onStart={() => run({ kind: "start-review", version })}
        onApprove={() => run({ kind: "approve", version })}
        onOpen={open}
      />
      {/* Outside the buttons: a live change of state does not close an open dialog. */}
      {dialog?.kind === "request-changes" && (
        <RequestChangesDialog
          busy={action.isPending}
          error={dialogError}
          onSend={(items) => run({ kind: "request-changes", version: dialog.version, items })}
          onClose={() => setDialog(null)}
        />
      )}
      {dialog?.kind === "reject" && (
        <RejectReleaseDialog
          busy={action.isPending}
          error={dialogError}
          onReject={(reason, note) =>
            run({ kind: "reject", version: dialog.version, reason, note })
          }
          onClose={() => setDialog(null)}
        />
      )}
    </section>
  );
}

/** The buttons the state allows. */
function ActionButtons(props: {
  state: string;
  busy: boolean;
  onStart: () => void;
  onApprove: () => void;
  onOpen: (kind: "request-changes" | "reject") => void;
}) {
  const { state, busy } = props;
  return (
    <div className="flex flex-wrap gap-2">
      {canTake(state, "startReview") && (
        <Button disabled={busy} onClick={props.onStart}>
          Start review
        </Button>
      )}
      {canTake(state, "requestChanges") && (
        <Button variant="secondary" disabled={busy} onClick={() => props.onOpen("request-changes")}>
          Request changes
        </Button>
      )}
      {canTake(state, "approve") && (
        <Button disabled={busy} onClick={props.onApprove}>
          Approve
        </Button>
      )}
      {canTake(state, "reject") && (
        <Button variant="danger" disabled={busy} onClick={() => props.onOpen("reject")}>
          Reject
        </Button>
      )}
    </div>
  );
}
