import { useCallback, useEffect, useState } from "react";
import { useQueryClient } from "@tanstack/react-query";
import type { ReleaseDetail } from "../../../shared/release-schemas";
import { ApiError } from "../../lib/api-client";
import { releaseKeys } from "./api/release-keys";
import { cacheReleaseAnswer } from "./api/release-answer";
import { saveRelease } from "./api/save-release";
import { AutosaveQueue, type SaveStatus } from "./autosave-queue";
import type { DraftKeeper } from "./kept-draft/draft-keeper";
import { draftFromRelease, type DraftFields } from "./release-draft";

export type { SaveStatus } from "./autosave-queue";

/** A change is saved this long after the last one (the contract: within a second). */
export const AUTOSAVE_DELAY_MS = 500;

function failure(error: unknown): Extract<SaveStatus, { kind: "error" | "conflict" }> {
  if (error instanceof ApiError && error.status === 409) {
    return { kind: "conflict", message: error.message };
  }
  if (error instanceof ApiError) return { kind: "error", message: error.message };
  return { kind: "error", message: "Not saved: the connection was lost." };
}

/**
 * The form's draft, saved as the artist goes (AutosaveQueue). Edits are
 * never overwritten: a newer release from the server (another tab, a live
 * event) replaces the form only while nothing is left to save; a 409 keeps
 * the edits on screen and stops saving until the artist reloads. The
 * keeper (artists only) holds what is not saved yet in the browser, so a
 * reload loses nothing.
 */
export function useAutosave(release: ReleaseDetail, keeper: DraftKeeper | null) {
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState(() => draftFromRelease(release));
  /** The server's last word: issues, files' details, state. */
  const [saved, setSaved] = useState(release);
  const [status, setStatus] = useState<SaveStatus>({ kind: "idle" });
  const [queue] = useState(() => {
    const created = new AutosaveQueue<DraftFields, ReleaseDetail>(
      {
        delayMs: AUTOSAVE_DELAY_MS,
        save: (fields, version) => saveRelease(release.id, { version, ...fields }),
        failure,
        onStatus: (next) => {
          setStatus(next);
          // Each step of a save (sent, answered, refused) changes what a reload would lose.
          void keeper?.keep(created.unsavedSnapshot);
        },
        onSaved: (answer) => {
          setSaved(answer);
          cacheReleaseAnswer(queryClient, answer);
          void queryClient.invalidateQueries({ queryKey: releaseKeys.list() });
        },
      },
      draftFromRelease(release),
      release.version,
    );
    return created;
  });

  // Leaving the screen sends what is left at once.
  useEffect(() => () => void queue.flush(), [queue]);

  /** Applies one change to the draft and saves it soon. */
  const change = useCallback(
    (update: (draft: DraftFields) => DraftFields) => {
      // From the queue's draft: two changes in one event both count.
      const next = update(queue.currentDraft);
      queue.change(next);
      void keeper?.keep(queue.unsavedSnapshot);
      setDraft(next);
    },
    [queue, keeper],
  );

  /** A newer release from the server replaces the form while nothing waits to be saved. */
  const adopt = useCallback(
    (latest: ReleaseDetail) => {
      const fields = draftFromRelease(latest);
      if (!queue.adopt(latest.version, fields)) return;
      setDraft(fields);
      setSaved(latest);
    },
    [queue],
  );

  /** Writes down (or forgets) what is unsaved now: after a kept edit was set aside. */
  const keepUnsaved = useCallback(() => void keeper?.keep(queue.unsavedSnapshot), [queue, keeper]);

  /** After a submit or withdraw: the answer is the release now. */
  const replace = useCallback(
    (latest: ReleaseDetail) => {
      queue.rebase(latest.version);
      setSaved(latest);
    },
    [queue],
  );

  return {
    draft,
    saved,
    status,
    change,
    adopt,
    replace,
    version: () => queue.currentVersion,
    keepUnsaved,
    retry: () => void queue.flush(),
  };
}
