import type { DeskReleaseDetail } from "../../../../shared/responses/release-review";
import { artworkCheckLine } from "../../../../shared/release-format";

const cardClass =
  "rounded-xl bg-white p-4 ring-1 ring-slate-200 dark:bg-slate-900 dark:ring-slate-800";

/**
 * The submission's automatic checks as the artist saw them: the files'
 * check lines, and every issue, warnings the artist acknowledged marked so
 * (and listed even when today's checks no longer raise them).
 */
export function ReleaseChecks({ release }: { release: DeskReleaseDetail }) {
  const acknowledged = new Set(release.acknowledgedWarnings);
  const shown = new Set(release.issues.map((issue) => issue.message));
  const earlier = release.acknowledgedWarningsText.filter((text) => !shown.has(text));
  const lines = [
    ...release.issues.map((issue) => ({
      key: issue.key,
      text: issue.message,
      tag:
        issue.severity === "error"
          ? "Error"
          : acknowledged.has(issue.key)
            ? "Warning, acknowledged by the artist"
            : "Warning",
    })),
    ...earlier.map((text) => ({ key: text, text, tag: "Warning, acknowledged by the artist" })),
  ];
  return (
    <section aria-labelledby="release-checks" className={cardClass}>
      <h2 id="release-checks" className="mb-3 text-lg font-semibold">
        Checks
      </h2>
      <p className="text-sm">
        Artwork: {release.artwork ? artworkCheckLine(release.artwork) : <strong>missing</strong>}
      </p>
      {lines.length === 0 ? (
        <p className="mt-2 text-sm text-green-800 dark:text-green-300">
          Every check passed, with no warnings.
        </p>
      ) : (
        <ul aria-label="Check results" className="mt-2 flex flex-col gap-2 text-sm">
          {lines.map((line) => (
            <li key={line.key} className="flex flex-col">
              <span className="font-semibold">{line.tag}</span>
              <span>{line.text}</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
