import { useEffect, useRef, useState } from "react";
import type { ReleaseDetail } from "../../../../shared/release-schemas";
import type { DraftFields } from "../release-draft";
import type { DraftKeeper } from "./draft-keeper";
import type { KeptDraft } from "./kept-draft-store";
import { restoreDecision } from "./restore-decision";

/** What the page says about edits an earlier page left unsaved. */
export type KeptDraftNotice = "restored" | "conflict" | "locked" | null;

/**
 * Brings back what an earlier page of this release left unsaved: put back
 * and saved again when it was edited from the release as it stands; held
 * for the artist's choice when the release changed since or cannot be
 * changed now (never written over newer data unasked). A held edit is
 * judged again as the release moves on (after a Withdraw it can be used).
 */
export function useKeptDraft(params: {
  keeper: DraftKeeper | null;
  saved: ReleaseDetail;
  editable: boolean;
  /** Puts a draft in the form and saves it (the autosave's change). */
  put: (draft: DraftFields) => void;
  /** Writes down what is unsaved now, in place of the kept edit. */
  keepUnsaved: () => void;
}) {
  const { keeper, saved, editable, put, keepUnsaved } = params;
  const [held, setHeld] = useState<KeptDraft | null>(null);
  const [restored, setRestored] = useState(false);
  // The release as it stands when the kept edit has been read (once, at the first visit).
  const now = useRef({ saved, editable, put, keepUnsaved });
  useEffect(() => {
    now.current = { saved, editable, put, keepUnsaved };
  });
  useEffect(() => {
    let current = true;
    void keeper?.load().then((entry) => {
      if (!current || !entry) return;
      const release = now.current;
      const decision = restoreDecision(entry, release.saved, release.editable);
      if (decision === "nothing") release.keepUnsaved();
      else if (decision === "restore") {
        release.put(entry.draft);
        setRestored(true);
      } else setHeld(entry);
    });
    return () => {
      current = false;
    };
  }, [keeper]);

  // Held: only the artist puts it back (a later version never turns it into a silent restore).
  const decision = held ? restoreDecision(held, saved, editable) : null;
  const heldNotice = decision === "locked" ? "locked" : decision ? "conflict" : null;
  const notice: KeptDraftNotice =
    decision === "nothing" ? null : (heldNotice ?? (restored ? "restored" : null));
  return {
    notice,
    /** The artist chose their kept edit over the release as it stands. */
    applyKept: () => {
      if (!held) return;
      put(held.draft);
      setHeld(null);
      setRestored(true);
    },
    /** The kept edit is set aside for good. */
    discard: () => {
      setHeld(null);
      keepUnsaved();
    },
    dismiss: () => setRestored(false),
  };
}
