import { REJECTION_NEXT_STEPS } from "../../../../shared/song-rejection";
import type { ReleaseReview } from "../../../../shared/responses/release-review";

/** A rejected release: the label's reason and note, and what the artist can do next. */
export function RejectionNotice({
  rejection,
}: {
  rejection: NonNullable<ReleaseReview["rejection"]>;
}) {
  return (
    <section
      aria-labelledby="release-rejected-heading"
      className="flex flex-col gap-2 rounded-xl border border-red-300 bg-red-50 p-4 text-sm text-red-900 dark:border-red-800 dark:bg-red-950 dark:text-red-100"
    >
      <h2 id="release-rejected-heading" className="text-lg font-semibold">
        Why it was rejected
      </h2>
      <p>
        Reason: <strong>{rejection.reasonLabel}</strong>
      </p>
      {rejection.note && <p className="whitespace-pre-line">{rejection.note}</p>}
      <p>{REJECTION_NEXT_STEPS[rejection.reason]}</p>
    </section>
  );
}
