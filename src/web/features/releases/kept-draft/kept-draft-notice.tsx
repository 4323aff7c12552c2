import { Alert } from "../../../components/alert";
import { Button } from "../../../components/button";
import type { KeptDraftNotice } from "./use-kept-draft";

export const keptDraftWords = {
  restored:
    "Your changes that were not saved before the page closed were restored and are saved again.",
  conflict:
    "Changes you made before the page closed were not saved, and this release has changed since (in another tab or by the label). They were not applied, so nothing newer was overwritten.",
  locked:
    "Changes you made before the page closed were not saved, and this release can no longer be changed.",
} as const;

/**
 * What became of edits an earlier page left unsaved: put back (said once),
 * or held because the release changed since (the artist chooses) or cannot
 * be changed now.
 */
export function KeptDraftNoticeBox(props: {
  notice: KeptDraftNotice;
  onApply: () => void;
  onDiscard: () => void;
  onDismiss: () => void;
}) {
  const { notice } = props;
  if (!notice) return null;
  return (
    <Alert tone={notice === "restored" ? "info" : "warning"}>
      <div className="flex flex-col gap-3">
        <p>{keptDraftWords[notice]}</p>
        <div className="flex flex-wrap gap-2">
          {notice === "restored" && (
            <Button variant="secondary" onClick={props.onDismiss}>
              OK
            </Button>
          )}
          {notice === "conflict" && (
            <Button variant="secondary" onClick={props.onApply}>
              Use my changes instead
            </Button>
          )}
          {notice !== "restored" && (
            <Button variant="secondary" onClick={props.onDiscard}>
              Discard my changes
            </Button>
          )}
        </div>
      </div>
    </Alert>
  );
}
