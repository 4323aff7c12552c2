import { useCallback, useMemo } from "react";
import type { ReleaseIssue } from "../../../../shared/release-schemas";
import type { ChangeRequestItem } from "../../../../shared/responses/release-review";
import type { IssuesFor } from "../issue-notes";
import { reviewItemNotes } from "./review-items";

/**
 * What each field shows beside it while the release is editable: its
 * issues, and the label's items to fix that are about it (none unless the
 * release was sent back for changes).
 */
export function useFieldIssues(
  editable: boolean,
  issues: readonly ReleaseIssue[],
  openItems: readonly ChangeRequestItem[],
  tracks: readonly { id: string }[],
): IssuesFor {
  const trackKey = tracks.map((track) => track.id).join(" ");
  const notes = useMemo(
    () => reviewItemNotes(openItems, trackKey ? trackKey.split(" ") : []),
    [openItems, trackKey],
  );
  return useCallback(
    (field: string) =>
      editable ? [...issues, ...notes].filter((issue) => issue.field === field) : [],
    [issues, notes, editable],
  );
}
