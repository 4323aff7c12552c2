import { useState } from "react";
import type { ReleaseDetail, ReleaseIssue } from "../../../shared/release-schemas";
import { blockingIssues } from "../../../shared/release-rules";
import { ApiError } from "../../lib/api-client";
import { useSubmitRelease } from "./api/submit-release";
import type { DraftFields } from "./release-draft";
import { SubmitPanel } from "./submit-panel";

/** The submit panel's state: the warnings acknowledged, the submit and its refusal. */
export function ReleaseSubmit(props: {
  release: ReleaseDetail;
  draft: DraftFields;
  issues: readonly ReleaseIssue[];
  saved: boolean;
  acknowledgedBefore: readonly string[];
  version: () => number;
  onSubmitted: (release: ReleaseDetail) => void;
  /** Sent back for changes: the button reads Resubmit. */
  resubmit: boolean;
}) {
  const { draft, issues } = props;
  const submit = useSubmitRelease(props.release.id);
  const [acknowledged, setAcknowledged] = useState<readonly string[]>(props.acknowledgedBefore);
  const errors = blockingIssues(issues);
  const warnings = issues.filter((issue) => issue.severity === "warning");
  const allRead = warnings.every((warning) => acknowledged.includes(warning.key));
  const placeOf = (field: string) => {
    const trackId = /^tracks\.([^.]+)\./.exec(field)?.[1];
    if (!trackId) return null;
    const index = draft.tracks.findIndex((track) => track.id === trackId);
    return index < 0 ? null : `Track ${index + 1}`;
  };
  const failure = submit.error
    ? { message: submit.error.message, issues: refusedIssues(submit.error) }
    : null;
  return (
    <SubmitPanel
      errors={errors}
      warnings={warnings}
      acknowledged={allRead}
      onAcknowledge={(read) => setAcknowledged(read ? warnings.map((w) => w.key) : [])}
      placeOf={placeOf}
      saved={props.saved}
      submitting={submit.isPending}
      resubmit={props.resubmit}
      error={failure}
      onSubmit={() =>
        submit.mutate(
          { version: props.version(), acknowledgedWarnings: warnings.map((w) => w.key) },
          { onSuccess: props.onSubmitted },
        )
      }
    />
  );
}

/**
 * What a refused submit names: its issues (422), or the house's fieldErrors
 * (one message per field) when that is all it says.
 */
function refusedIssues(error: Error): Pick<ReleaseIssue, "field" | "message">[] {
  if (!(error instanceof ApiError)) return [];
  const issues = (error.body as { issues?: ReleaseIssue[] } | null)?.issues;
  if (Array.isArray(issues)) return issues;
  return Object.entries(error.fieldErrors ?? {}).map(([field, message]) => ({ field, message }));
}
