import { useCallback, useEffect, useMemo, useState } from "react";
import type { ReleaseWithReview } from "../../../shared/responses/release-review";
import type {
  ReleaseDetail,
  ReleaseIssue,
  ReleaseUploadedFile,
} from "../../../shared/release-schemas";
import {
  DEFAULT_RELEASE_LEAD_DAYS,
  isEditableReleaseState,
} from "../../../shared/release-constants";
import { formatDurationMs, releaseType } from "../../../shared/release-format";
import { blockingIssues } from "../../../shared/release-rules";
import { PageHeader } from "../../components/page-header";
import { usePublicConfig } from "../../lib/public-config";
import { useRelease } from "./api/get-release";
import { ApiError } from "../../lib/api-client";
import { useSubmitRelease } from "./api/submit-release";
import { withReleaseFiles, type DraftFields, type KnownFiles } from "./release-draft";
import { ReleaseFields } from "./release-fields";
import { ReleaseStateBadge } from "./release-state-badge";
import { SaveStatusLine } from "./save-status";
import { SubmitPanel } from "./submit-panel";
import { TracksSection } from "./tracks-section";
import { useAutosave } from "./use-autosave";
import { useReleaseIssues } from "./use-release-issues";
import { WithdrawPanel } from "./withdraw-panel";
import { ReviewPanels } from "./review/review-panels";
import { useFieldIssues } from "./review/use-field-issues";

const noFiles: KnownFiles = { artwork: {}, audio: {} };
const noItems: ReleaseWithReview["review"]["openItems"] = [];

type Change = ReturnType<typeof useAutosave>["change"];

/**
 * The checked files the form knows: those the server's last answer names and
 * those uploaded since (their details arrive with the upload, before the
 * save that attaches them answers).
 */
function useFormFiles(saved: ReleaseDetail, change: Change) {
  const [uploaded, setUploaded] = useState<KnownFiles>(noFiles);
  const files = useMemo(() => withReleaseFiles(uploaded, saved), [uploaded, saved]);
  const audioOf = useCallback(
    (fileId: string | null) => (fileId ? (files.audio[fileId] ?? null) : null),
    [files],
  );
  const onArtwork = (file: ReleaseUploadedFile) => {
    const details = file.artwork;
    if (details) setUploaded((f) => ({ ...f, artwork: { ...f.artwork, [file.id]: details } }));
    change((d) => ({ ...d, artworkFileId: file.id }));
  };
  const onAudio = (trackId: string, file: ReleaseUploadedFile) => {
    const details = file.audio;
    if (details) setUploaded((f) => ({ ...f, audio: { ...f.audio, [file.id]: details } }));
    change((d) => ({
      ...d,
      tracks: d.tracks.map((t) => (t.id === trackId ? { ...t, audioFileId: file.id } : t)),
    }));
  };
  return { files, audioOf, onArtwork, onAudio };
}

/** The release type as the tracks make it, the track count and the total duration. */
function ReleaseSummaryLine({ durations }: { durations: readonly { durationMs: number }[] }) {
  const type = releaseType(durations);
  const total = durations.reduce((sum, t) => sum + t.durationMs, 0);
  return (
    <section
      aria-label="Summary"
      className="flex flex-wrap gap-x-4 gap-y-1 rounded-xl bg-white p-4 text-sm ring-1 ring-slate-200 dark:bg-slate-900 dark:ring-slate-800"
    >
      <p>
        Release type: <strong>{type ?? "none yet (add a track)"}</strong>
      </p>
      <p>{durations.length === 1 ? "1 track" : `${durations.length} tracks`}</p>
      <p>Total duration: {formatDurationMs(total)}</p>
    </section>
  );
}

/**
 * The release's form, saved as the artist goes; read-only once it leaves
 * draft, editable again when the label asks for changes. Its review (what
 * to fix, codes, stores, timeline) stands above it.
 */
export function ReleaseEditor({
  release,
  readOnly,
}: {
  release: ReleaseWithReview;
  readOnly: boolean;
}) {
  const autosave = useAutosave(release);
  const { draft, saved, status, change, adopt } = autosave;
  // Live events and resyncs fetch the release again; a newer one replaces a clean form.
  const latest = useRelease(release.id).data;
  useEffect(() => {
    if (latest) adopt(latest);
  }, [latest, adopt]);
  const { files, audioOf, onArtwork, onAudio } = useFormFiles(saved, change);
  const leadDays = usePublicConfig().data?.releaseLeadDays ?? DEFAULT_RELEASE_LEAD_DAYS;
  const editable = !readOnly && isEditableReleaseState(saved.state);
  const issues = useReleaseIssues(draft, saved, audioOf, leadDays);
  const review = (latest ?? release).review;
  const changesRequested = saved.state === "changes_requested";
  const openItems = changesRequested ? review.openItems : noItems;
  const issuesFor = useFieldIssues(editable, issues, openItems, draft.tracks);
  return (
    <div className="mx-auto flex w-full max-w-2xl flex-col gap-4 p-4 sm:p-6">
      <PageHeader
        title={draft.title.trim() || "Untitled release"}
        backTo="/releases"
        backLabel="Back to your releases"
        actions={<ReleaseStateBadge state={saved.state} />}
      />
      <ReviewPanels release={saved} review={review} asker={!readOnly} />
      {editable && <SaveStatusLine status={status} onRetry={autosave.retry} />}
      <ReleaseSummaryLine
        durations={draft.tracks.map((t) => ({
          durationMs: audioOf(t.audioFileId)?.durationMs ?? 0,
        }))}
      />
      {saved.state === "submitted" && !readOnly && (
        <WithdrawPanel
          releaseId={release.id}
          version={autosave.version}
          onWithdrawn={autosave.replace}
        />
      )}
      <fieldset disabled={!editable} className="flex min-w-0 flex-col gap-6">
        <legend className="sr-only">Release</legend>
        <ReleaseFields
          releaseId={release.id}
          draft={draft}
          artwork={draft.artworkFileId ? (files.artwork[draft.artworkFileId] ?? null) : null}
          leadDays={leadDays}
          issuesFor={issuesFor}
          onChange={(fields) => change((d) => ({ ...d, ...fields }))}
          onArtworkUploaded={onArtwork}
        />
        <TracksSection
          releaseId={release.id}
          tracks={draft.tracks}
          audioOf={(track) => audioOf(track.audioFileId)}
          issuesFor={issuesFor}
          onTracks={(tracksUpdate) => change((d) => ({ ...d, tracks: tracksUpdate(d.tracks) }))}
          onAudioUploaded={onAudio}
        />
      </fieldset>
      {editable && (
        <ReleaseSubmit
          release={release}
          draft={draft}
          issues={issues}
          saved={status.kind === "saved" || status.kind === "idle"}
          acknowledgedBefore={saved.acknowledgedWarnings}
          version={autosave.version}
          onSubmitted={autosave.replace}
          resubmit={changesRequested}
        />
      )}
    </div>
  );
}

/** The submit panel's state: the warnings acknowledged, the submit and its refusal. */
function ReleaseSubmit(props: {
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
