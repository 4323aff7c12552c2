import { useCallback, useEffect, useMemo, useState } from "react";
import type { ReleaseWithReview } from "../../../shared/responses/release-review";
import type { ReleaseDetail, ReleaseUploadedFile } from "../../../shared/release-schemas";
import {
  DEFAULT_RELEASE_LEAD_DAYS,
  isEditableReleaseState,
} from "../../../shared/release-constants";
import { formatDurationMs, releaseType } from "../../../shared/release-format";
import { PageHeader } from "../../components/page-header";
import { usePublicConfig } from "../../lib/public-config";
import { useRelease } from "./api/get-release";
import { DraftKeeper } from "./kept-draft/draft-keeper";
import { KeptDraftNoticeBox } from "./kept-draft/kept-draft-notice";
import { keptDraftStore } from "./kept-draft/kept-draft-store";
import { useKeptDraft } from "./kept-draft/use-kept-draft";
import { withReleaseFiles, type DraftFields, type KnownFiles } from "./release-draft";
import { ReleaseFields } from "./release-fields";
import { ReleaseReadOnly } from "./release-read-only";
import { ReleaseStateBadge } from "./release-state-badge";
import { ReleaseSubmit } from "./release-submit";
import { SaveStatusLine } from "./save-status";
import { TracksSection } from "./tracks-section";
import { useAutosave } from "./use-autosave";
import { useReleaseIssues } from "./use-release-issues";
import { useWarnBeforeLeaving } from "./use-warn-before-leaving";
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
 * The release's form, saved as the artist goes, with what is not saved yet
 * kept in the browser (a reload brings it back) and a question before the
 * tab closes mid-save. Editable in draft and when the label asks for
 * changes; otherwise the release reads as text. Its review (what to fix,
 * codes, stores, timeline) stands above it.
 */
export function ReleaseEditor({
  release,
  userId,
  readOnly,
}: {
  release: ReleaseWithReview;
  /** The artist signed in: their kept edits are theirs alone. */
  userId: string;
  readOnly: boolean;
}) {
  const [keeper] = useState(() =>
    readOnly || !userId ? null : new DraftKeeper(keptDraftStore(), userId, release.id),
  );
  const autosave = useAutosave(release, keeper);
  const { draft, saved, status, change, adopt } = autosave;
  // Live events and resyncs fetch the release again; a newer one replaces a clean form.
  const latest = useRelease(release.id).data;
  useEffect(() => {
    if (latest) adopt(latest);
  }, [latest, adopt]);
  const editable = !readOnly && isEditableReleaseState(saved.state);
  const put = useCallback((fields: DraftFields) => change(() => fields), [change]);
  const kept = useKeptDraft({ keeper, saved, editable, put, keepUnsaved: autosave.keepUnsaved });
  useWarnBeforeLeaving(editable && (status.kind === "saving" || status.kind === "error"));
  const review = (latest ?? release).review;
  return (
    <div className="mx-auto flex w-full max-w-2xl flex-col gap-4 p-4 sm:p-6">
      <PageHeader
        title={(editable ? draft.title : saved.title).trim() || "Untitled release"}
        backTo="/releases"
        backLabel="Back to your releases"
        actions={<ReleaseStateBadge state={saved.state} />}
      />
      <ReviewPanels release={saved} review={review} asker={!readOnly} />
      <KeptDraftNoticeBox
        notice={kept.notice}
        onApply={kept.applyKept}
        onDiscard={kept.discard}
        onDismiss={kept.dismiss}
      />
      {editable ? (
        <ReleaseForm autosave={autosave} release={release} review={review} />
      ) : (
        <ReleaseReadOnly
          release={saved}
          agent={readOnly}
          version={autosave.version}
          onWithdrawn={autosave.replace}
        />
      )}
    </div>
  );
}

/** The fields, the tracks and Submit, while the artist may change the release. */
function ReleaseForm({
  autosave,
  release,
  review,
}: {
  autosave: ReturnType<typeof useAutosave>;
  release: ReleaseWithReview;
  review: ReleaseWithReview["review"];
}) {
  const { draft, saved, status, change } = autosave;
  const { files, audioOf, onArtwork, onAudio } = useFormFiles(saved, change);
  const leadDays = usePublicConfig().data?.releaseLeadDays ?? DEFAULT_RELEASE_LEAD_DAYS;
  const issues = useReleaseIssues(draft, saved, audioOf, leadDays);
  const changesRequested = saved.state === "changes_requested";
  const openItems = changesRequested ? review.openItems : noItems;
  const issuesFor = useFieldIssues(true, issues, openItems, draft.tracks);
  const savedTrackIds = useMemo(() => new Set(saved.tracks.map((t) => t.id)), [saved.tracks]);
  return (
    <>
      <SaveStatusLine status={status} onRetry={autosave.retry} />
      <ReleaseSummaryLine
        durations={draft.tracks.map((t) => ({
          durationMs: audioOf(t.audioFileId)?.durationMs ?? 0,
        }))}
      />
      <div className="flex min-w-0 flex-col gap-6">
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
          savedTrackIds={savedTrackIds}
          audioOf={(track) => audioOf(track.audioFileId)}
          issuesFor={issuesFor}
          onTracks={(tracksUpdate) => change((d) => ({ ...d, tracks: tracksUpdate(d.tracks) }))}
          onAudioUploaded={onAudio}
        />
      </div>
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
    </>
  );
}
