import type { ReleaseStep } from "../../../../shared/responses/release-review";
import { dateFormat } from "../../../../shared/intl-formats";

const when = (at: number) =>
  dateFormat("en-GB", { dateStyle: "medium", timeStyle: "short" }).format(new Date(at));

/** Every step of the release, oldest first, with its time and who took it. */
export function ReviewTimeline({ steps }: { steps: readonly ReleaseStep[] }) {
  if (steps.length === 0) return null;
  return (
    <section aria-labelledby="release-timeline" className="flex flex-col gap-2">
      <h2 id="release-timeline" className="text-lg font-semibold">
        Timeline
      </h2>
      <ol aria-label="Timeline" className="flex flex-col gap-2 text-sm">
        {steps.map((step) => (
          <li
            key={step.id}
            className="flex flex-col border-l-2 border-indigo-300 pl-3 dark:border-indigo-700"
          >
            <span className="break-words">{step.label}</span>
            <span className="text-slate-600 dark:text-slate-300">
              <time dateTime={new Date(step.at).toISOString()}>{when(step.at)}</time>
              {step.actorName ? ` · ${step.actorName}` : ""}
            </span>
          </li>
        ))}
      </ol>
    </section>
  );
}
