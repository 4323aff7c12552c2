import type { ChangeRequestItem } from "../../../../shared/responses/release-review";
import { fieldDomId } from "../release-draft";
import { focusField } from "../submit-panel";
import { reviewItemFields } from "./review-items";

/**
 * "What to fix": the label's items at the top of a release sent back for
 * changes, each a link to its field when it has one (the same note stands
 * beside that field); Rights or samples and Other are listed here only.
 */
export function WhatToFix({
  items,
  trackIds,
}: {
  items: readonly ChangeRequestItem[];
  trackIds: readonly string[];
}) {
  return (
    <section
      aria-labelledby="release-what-to-fix"
      className="flex flex-col gap-2 rounded-xl border border-amber-300 bg-amber-50 p-4 text-amber-950 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-50"
    >
      <h2 id="release-what-to-fix" className="text-lg font-semibold">
        What to fix
      </h2>
      <p className="text-sm">
        The label sent this release back. Change what they ask, then press Resubmit.
      </p>
      <ul aria-label="What to fix" className="flex list-disc flex-col gap-1 pl-5 text-sm">
        {items.map((item, index) => {
          const field = reviewItemFields(item, trackIds)[0];
          const text = (
            <>
              <strong className="font-semibold">{item.reason}</strong> — {item.note}
            </>
          );
          return (
            <li key={`${index} ${item.reason}`} className="whitespace-pre-line">
              {field ? (
                <a
                  href={`#${fieldDomId(field)}`}
                  onClick={(event) => focusField(event, field)}
                  className="underline"
                >
                  {text}
                </a>
              ) : (
                text
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
