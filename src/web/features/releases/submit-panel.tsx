import type { MouseEvent } from "react";
import type { ReleaseIssue } from "../../../shared/release-schemas";
import { Alert } from "../../components/alert";
import { Button } from "../../components/button";
import { CheckboxField } from "../../components/checkbox-field";
import { fieldDomId } from "./release-draft";

/** Moves focus to the field an issue names (the link still works as an anchor). */
export function focusField(event: MouseEvent<HTMLAnchorElement>, field: string) {
  const target = document.getElementById(fieldDomId(field));
  if (!target) return;
  event.preventDefault();
  target.scrollIntoView({ block: "center" });
  target.focus();
}

/** Issues as links to their fields. */
function IssueLinks(props: {
  label: string;
  issues: readonly ReleaseIssue[];
  text: (issue: ReleaseIssue) => string;
  className: string;
}) {
  return (
    <ul aria-label={props.label} className="flex list-disc flex-col gap-1 pl-5">
      {props.issues.map((issue) => (
        <li key={issue.key}>
          <a
            href={`#${fieldDomId(issue.field)}`}
            onClick={(event) => focusField(event, issue.field)}
            className={`text-sm underline ${props.className}`}
          >
            {props.text(issue)}
          </a>
        </li>
      ))}
    </ul>
  );
}

function submitLabel(resubmit: boolean, submitting: boolean): string {
  if (resubmit) return submitting ? "Resubmitting…" : "Resubmit";
  return submitting ? "Submitting…" : "Submit for review";
}

/**
 * What stands between the draft and review: each error as a link to its
 * field, the warnings to acknowledge, and **Submit for review**, enabled only
 * when nothing blocks and the draft is saved.
 */
export function SubmitPanel(props: {
  errors: readonly ReleaseIssue[];
  warnings: readonly ReleaseIssue[];
  acknowledged: boolean;
  onAcknowledge: (acknowledged: boolean) => void;
  /** Which track an issue's field belongs to, as the artist sees it ("Track 2"). */
  placeOf: (field: string) => string | null;
  saved: boolean;
  submitting: boolean;
  /** A release sent back for changes goes back to the queue: "Resubmit". */
  resubmit?: boolean;
  error: { message: string; issues: readonly Pick<ReleaseIssue, "field" | "message">[] } | null;
  onSubmit: () => void;
}) {
  const { errors, warnings, acknowledged, placeOf } = props;
  const canSubmit =
    props.saved &&
    !props.submitting &&
    errors.length === 0 &&
    (warnings.length === 0 || acknowledged);
  const label = (issue: Pick<ReleaseIssue, "field" | "message">) => {
    const place = placeOf(issue.field);
    return place ? `${place}: ${issue.message}` : issue.message;
  };
  return (
    <section
      aria-labelledby="release-submit-heading"
      className="flex flex-col gap-3 rounded-xl bg-white p-4 ring-1 ring-slate-200 dark:bg-slate-900 dark:ring-slate-800"
    >
      <h2 id="release-submit-heading" className="text-lg font-semibold">
        {props.resubmit ? "Resubmit for review" : "Submit for review"}
      </h2>
      {errors.length > 0 && (
        <div className="flex flex-col gap-2">
          <p className="text-sm">Before you can submit, fix these:</p>
          <IssueLinks
            label="What is missing or wrong"
            issues={errors}
            text={label}
            className="text-red-700 dark:text-red-300"
          />
        </div>
      )}
      {warnings.length > 0 && (
        <div className="flex flex-col gap-2">
          <p className="text-sm">Stores may refuse or change a release with these:</p>
          <IssueLinks
            label="Warnings"
            issues={warnings}
            text={label}
            className="text-amber-900 dark:text-amber-200"
          />
          <CheckboxField
            label="I have read these warnings"
            checked={acknowledged}
            onChange={(event) => props.onAcknowledge(event.target.checked)}
          />
        </div>
      )}
      {props.error && (
        <Alert tone="error">
          <p>{props.error.message}</p>
          {props.error.issues.length > 0 && (
            <ul className="mt-1 list-disc pl-5">
              {props.error.issues.map((issue) => (
                <li key={`${issue.field} ${issue.message}`}>{label(issue)}</li>
              ))}
            </ul>
          )}
        </Alert>
      )}
      <Button className="self-start" disabled={!canSubmit} onClick={props.onSubmit}>
        {submitLabel(props.resubmit === true, props.submitting)}
      </Button>
    </section>
  );
}
