import { useRef, useState } from "react";
import type { MySplit } from "../../../shared/responses/splits";
import { dateFormat } from "../../../shared/intl-formats";
import { formatPaise } from "../../../shared/money-format";
import { Alert } from "../../components/alert";
import { PageHeader } from "../../components/page-header";
import { Spinner } from "../../components/spinner";
import { ApiError } from "../../lib/api-client";
import { useLiveWallet } from "../wallet/api/live-wallet";
import { useAnswerSplit, useMySplits, type SplitAnswerKind } from "./api/splits";
import { InvitationItem } from "./invitation-item";
import { answeredLine, splitTitle } from "./split-texts";

const day = () => dateFormat(undefined, { dateStyle: "medium" });
const cardClass =
  "flex flex-col gap-1 rounded-xl bg-white p-4 ring-1 ring-slate-200 dark:bg-slate-900 dark:ring-slate-800";
const emptyClass =
  "rounded-xl bg-white p-4 text-slate-600 ring-1 ring-slate-200 dark:bg-slate-900 dark:text-slate-300 dark:ring-slate-800";

/** A share I hold: what of which track, since when, and what it has paid me. */
function ShareItem({ share }: { share: MySplit }) {
  return (
    <li className={cardClass}>
      <p className="font-semibold break-words">{splitTitle(share)}</p>
      <p className="text-sm">
        {share.share}% of {share.releaseTitle}
        {share.answeredAt !== null && <> · since {day().format(share.answeredAt)}</>}
      </p>
      <p className="text-sm">
        Credited to your wallet:{" "}
        <strong className="tabular-nums">{formatPaise(share.creditedPaise)}</strong>
      </p>
    </li>
  );
}

/**
 * `/wallet/splits` (issue 47): invitations sent to my email, each with
 * Accept and Decline, and the shares I hold. An answer is said in the
 * status line, which takes the focus as its invitation leaves the list.
 */
export default function SplitsPage() {
  useLiveWallet();
  const splits = useMySplits();
  const answer = useAnswerSplit();
  const [said, setSaid] = useState<string | null>(null);
  const status = useRef<HTMLDivElement>(null);

  const onAnswer = (shareId: string, kind: SplitAnswerKind) => {
    setSaid(null);
    answer.mutate(
      { shareId, answer: kind },
      {
        onSuccess: (answered) => setSaid(answeredLine(answered)),
        onSettled: () => status.current?.focus(),
      },
    );
  };
  const failed =
    answer.error instanceof ApiError
      ? answer.error.message
      : answer.error
        ? "Could not send your answer. Please try again."
        : null;

  return (
    <div className="mx-auto flex w-full max-w-2xl flex-col gap-6 p-4 sm:p-6">
      <PageHeader title="Splits" backTo="/wallet" backLabel="Back to wallet" />
      <div ref={status} tabIndex={-1} className="flex flex-col gap-2 empty:hidden">
        {said && <Alert tone="success">{said}</Alert>}
        {failed && <Alert tone="error">{failed}</Alert>}
      </div>
      {splits.isPending ? (
        <Spinner label="Loading your splits…" className="py-10" />
      ) : splits.isError ? (
        <Alert tone="error">Could not load your splits. Please try again later.</Alert>
      ) : (
        <>
          <section aria-labelledby="invitations-heading" className="flex flex-col gap-3">
            <h2 id="invitations-heading" className="text-lg font-semibold">
              Invitations
            </h2>
            {splits.data.invitations.length === 0 ? (
              <p className={emptyClass}>No invitations waiting for an answer.</p>
            ) : (
              <ul aria-labelledby="invitations-heading" className="flex flex-col gap-3">
                {splits.data.invitations.map((invitation) => (
                  <InvitationItem
                    key={invitation.id}
                    invitation={invitation}
                    pending={answer.isPending && answer.variables.shareId === invitation.id}
                    busy={answer.isPending}
                    onAnswer={(kind) => onAnswer(invitation.id, kind)}
                  />
                ))}
              </ul>
            )}
          </section>
          <section aria-labelledby="shares-heading" className="flex flex-col gap-3">
            <h2 id="shares-heading" className="text-lg font-semibold">
              Your shares
            </h2>
            {splits.data.shares.length === 0 ? (
              <p className={emptyClass}>
                You hold no shares yet. When an artist shares a track&apos;s earnings with you, the
                invitation appears here.
              </p>
            ) : (
              <ul aria-labelledby="shares-heading" className="flex flex-col gap-3">
                {splits.data.shares.map((share) => (
                  <ShareItem key={share.id} share={share} />
                ))}
              </ul>
            )}
          </section>
        </>
      )}
    </div>
  );
}
