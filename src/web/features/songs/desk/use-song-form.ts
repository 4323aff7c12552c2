import { useState, type SyntheticEvent } from "react";
import { useNavigate } from "react-router";
import type { SongDetail } from "../../../../shared/song-schemas";
import { ApiError } from "../../../lib/api-client";
import { showErrorsThenFocus } from "../../../lib/focus-first-invalid";
import { useSaveDeskSong } from "../api/save-desk-song";
import { draftFrom, fieldErrorsOf, type Draft } from "./song-draft";
import { rejectionErrors } from "./status-change-errors";

/**
 * The song form's draft, its field messages and its save: checked with the
 * server's schema first; a new song opens its editor once created.
 */
export function useSongForm(song: SongDetail | null) {
  const [draft, setDraft] = useState<Draft>(() => draftFrom(song));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saved, setSaved] = useState(false);
  const save = useSaveDeskSong();
  const navigate = useNavigate();
  const statusChanged = song === null || draft.status !== song.status;
  const rejecting = statusChanged && draft.status === "rejected";

  const set = <K extends keyof Draft>(name: K, value: Draft[K]) => {
    setDraft((d) => ({ ...d, [name]: value }));
    // A field's old message goes as soon as it is edited; the next submit checks again.
    setErrors((current) => Object.fromEntries(Object.entries(current).filter(([k]) => k !== name)));
    setSaved(false);
  };

  function submit(event: SyntheticEvent) {
    event.preventDefault();
    const found = { ...fieldErrorsOf(draft), ...(rejecting ? rejectionErrors(draft) : {}) };
    if (Object.keys(found).length > 0) {
      return showErrorsThenFocus(event.currentTarget, () => setErrors(found));
    }
    setErrors({});
    // Reason and note belong to a status change; unchanged, they are not sent.
    const input = statusChanged
      ? { ...draft, rejectionReason: rejecting ? draft.rejectionReason : null }
      : { ...draft, rejectionReason: null, statusNote: "" };
    save.mutate(
      song ? { id: song.id, input: { ...input, version: song.version } } : { id: null, input },
      {
        onSuccess: (result) => {
          if (song) {
            setSaved(true);
            setDraft((d) => ({ ...d, rejectionReason: null, statusNote: "" }));
          } else
            void navigate(`/desk/songs/${encodeURIComponent(result.id)}`, {
              replace: true,
              state: { created: true },
            });
        },
        onError: (error) => {
          if (error instanceof ApiError && error.fieldErrors) setErrors(error.fieldErrors);
        },
      },
    );
  }

  return { draft, errors, saved, save, set, submit, statusChanged, rejecting };
}

export type SongFormState = ReturnType<typeof useSongForm>;
