import { useMemo } from "react";
import type { ReleaseAudio, ReleaseDetail, ReleaseIssue } from "../../../shared/release-schemas";
import { releaseIssues, utcDay } from "../../../shared/release-rules";
import type { DraftFields } from "./release-draft";

/**
 * The issues the form shows: the shared rules on the draft as it is now (at
 * once, as the artist types), and what only the server knows from its last
 * answer (an ISRC taken by another release): the server's issues that the
 * same rules did not find in the draft it answered about.
 */
export function useReleaseIssues(
  draft: DraftFields,
  saved: ReleaseDetail,
  audioOf: (audioFileId: string | null) => ReleaseAudio | null,
  leadDays: number,
): ReleaseIssue[] {
  return useMemo(() => {
    const options = { today: utcDay(), leadDays };
    const local = releaseIssues(
      { ...draft, tracks: draft.tracks.map((t) => ({ ...t, audio: audioOf(t.audioFileId) })) },
      options,
    );
    const ruled = new Set(releaseIssues(saved, options).map((issue) => issue.key));
    const shown = new Set(local.map((issue) => issue.key));
    const trackIds = new Set(draft.tracks.map((track) => track.id));
    const serverOnly = saved.issues.filter((issue) => {
      if (ruled.has(issue.key) || shown.has(issue.key)) return false;
      const trackId = /^tracks\.([^.]+)\./.exec(issue.field)?.[1];
      return trackId === undefined || trackIds.has(trackId);
    });
    return [...local, ...serverOnly];
  }, [draft, saved, audioOf, leadDays]);
}
