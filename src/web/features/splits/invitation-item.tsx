import { useEffect, useId, useRef, useState } from "react";
import type { MySplit } from "../../../shared/responses/splits";
import { dateFormat } from "../../../shared/intl-formats";
import { formatPaise } from "../../../shared/money-format";
import { Button } from "../../components/button";
import type { SplitAnswerKind } from "./api/splits";
import { invitationLine, splitTitle } from "./split-texts";

const day = () => dateFormat(undefined, { dateStyle: "medium" });

/**
 * One invitation: who shares what, what is held for it, and Accept or
 * Decline. Declining gives the share back for good, so it asks once more.
 */
export function InvitationItem(props: {
  invitation: MySplit;
  /** An answer to this invitation is on its way. */
  pending: boolean;
  /** Any answer is on its way: one at a time. */
  busy: boolean;
  onAnswer: (answer: SplitAnswerKind) => void;
}) {
  const { invitation: split } = props;
  const titleId = useId();
  const [confirming, setConfirming] = useState(false);
  // Focus stays on the question's safe answer, and comes back to Decline after it.
  const keepId = `${titleId}-keep`;
  const declineId = `${titleId}-decline`;
  const asked = useRef(false);
  useEffect(() => {
    if (confirming) document.getElementById(keepId)?.focus();
    else if (asked.current) document.getElementById(declineId)?.focus();
    asked.current ||= confirming;
  }, [confirming, keepId, declineId]);
  return (
    <li
      aria-labelledby={titleId}
      className="flex flex-col gap-2 rounded-xl bg-white p-4 ring-1 ring-slate-200 dark:bg-slate-900 dark:ring-slate-800"
    >
      <h3 id={titleId} className="font-semibold break-words">
        {splitTitle(split)}
      </h3>
      <p className="text-sm break-words">{invitationLine(split)}</p>
      <p className="text-sm">
        Held for you until you accept:{" "}
        <strong className="tabular-nums">{formatPaise(split.heldPaise)}</strong>
      </p>
      <p className="text-sm text-slate-600 dark:text-slate-300">
        Answer by {day().format(split.expiresAt)}; after that the share returns to{" "}
        {split.artistName}.
      </p>
      {confirming ? (
        <div role="group" aria-label="Decline this share?" className="flex flex-col gap-2">
          <p className="text-sm font-medium">
            Decline this share? What is held returns to {split.artistName}.
          </p>
          <div className="flex flex-wrap gap-2">
            <Button
              variant="danger"
              disabled={props.busy}
              onClick={() => props.onAnswer("decline")}
            >
              {props.pending ? "Declining…" : "Yes, decline"}
            </Button>
            <Button
              id={keepId}
              variant="secondary"
              disabled={props.busy}
              onClick={() => setConfirming(false)}
            >
              Keep it
            </Button>
          </div>
        </div>
      ) : (
        <div className="flex flex-wrap gap-2">
          <Button disabled={props.busy} onClick={() => props.onAnswer("accept")}>
            {props.pending ? "Accepting…" : "Accept"}
          </Button>
          <Button
            id={declineId}
            variant="secondary"
            disabled={props.busy}
            onClick={() => setConfirming(true)}
          >
            Decline
          </Button>
        </div>
      )}
    </li>
  );
}
