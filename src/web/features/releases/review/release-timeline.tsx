import { dateFormat } from "../../../../shared/intl-formats";
import type { ReleaseStep } from "../../../../shared/responses/release-review";

const when = () => dateFormat("en-US", { dateStyle: "medium", timeStyle: "short" });

/**
 * Every step of the release, oldest first, each with its time ("Submitted",
 * "Changes requested: Artwork — …", "Live on Spotify"); the desk also sees
 * who took it. It follows the release live: both pages fetch the release
 * again on `release:changed`. Nothing at all before the first step.
 */
export function ReleaseTimeline({
  steps,
  withActors = false,
}: {
  steps: readonly ReleaseStep[];
  withActors?: boolean;
}) {
  if (steps.length === 0) return null;
  return (
    <section
      aria-labelledby="release-timeline-heading"
      className="flex flex-col gap-3 rounded-xl bg-white p-4 ring-1 ring-slate-200 dark:bg-slate-900 dark:ring-slate-800"
    >
      <h2 id="release-timeline-heading" className="text-lg font-semibold">
        Timeline
      </h2>
      <ol aria-label="Timeline" className="flex flex-col gap-2">
        {steps.map((step) => (
          <li
            key={step.id}
            className="flex flex-col border-l-2 border-slate-300 pl-3 text-sm dark:border-slate-600"
          >
            {/* One block with its time: the step reads "Approved Nov 29, 2026, 10:15 AM". */}
            <p className="break-words whitespace-pre-line">
              {step.label}{" "}
              <span className="block text-slate-600 dark:text-slate-300">
                <time dateTime={new Date(step.at).toISOString()}>{when().format(step.at)}</time>
                {withActors && step.actorName ? ` · ${step.actorName}` : ""}
              </span>
            </p>
          </li>
        ))}
      </ol>
    </section>
  );
}
