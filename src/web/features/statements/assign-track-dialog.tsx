import { useDeferredValue, useState } from "react";
import type { UnmatchedCode } from "../../../shared/responses/statements";
import { Alert } from "../../components/alert";
import { Button } from "../../components/button";
import { ModalDialog, useCloseDialog } from "../../components/modal-dialog";
import { TextField } from "../../components/text-field";
import { useFindTracks } from "./api/find-tracks";
import { useAssignUnmatched } from "./api/unmatched";

/**
 * Assign: Find a track (by title or ISRC); choosing one credits its artist
 * at once, and the code is remembered for that track.
 */
export function AssignTrackDialog({
  statementId,
  code,
  onClose,
}: {
  statementId: string;
  code: UnmatchedCode;
  onClose: () => void;
}) {
  return (
    <ModalDialog heading={`Assign ${code.code}`} onClose={onClose} size="lg">
      <FindAndCredit statementId={statementId} code={code} />
    </ModalDialog>
  );
}

function FindAndCredit({ statementId, code }: { statementId: string; code: UnmatchedCode }) {
  const close = useCloseDialog();
  const [search, setSearch] = useState(code.title ?? "");
  const q = useDeferredValue(search);
  const tracks = useFindTracks(q);
  const assign = useAssignUnmatched(statementId);
  const items = tracks.data?.items ?? [];
  return (
    <>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">
        The chosen track&apos;s artist is credited at once, and later statements match this code.
      </p>
      <div className="mt-4 flex flex-col gap-3">
        <TextField
          label="Find a track"
          type="search"
          maxLength={100}
          placeholder="Title or ISRC"
          value={search}
          onChange={(event) => setSearch(event.target.value)}
        />
        {q.trim() !== "" && !tracks.isPending && items.length === 0 && (
          <p className="text-sm">No track matches your search.</p>
        )}
        {items.length > 0 && (
          <ul aria-label="Tracks found" className="flex max-h-72 flex-col gap-2 overflow-y-auto">
            {items.map((track) => (
              <li
                key={track.trackId}
                className="flex flex-wrap items-center gap-2 rounded-lg p-2 ring-1 ring-slate-200 dark:ring-slate-700"
              >
                <div className="min-w-0 flex-1">
                  <p className="font-medium break-words">{track.title}</p>
                  <p className="text-sm break-words text-slate-600 dark:text-slate-300">
                    {track.artistName} · {track.releaseTitle} · {track.isrc}
                  </p>
                </div>
                <Button
                  aria-label={`Credit ${track.title} by ${track.artistName}`}
                  disabled={assign.isPending}
                  onClick={() =>
                    assign.mutate({ code: code.code, trackId: track.trackId }, { onSuccess: close })
                  }
                >
                  Credit
                </Button>
              </li>
            ))}
          </ul>
        )}
        {assign.error && <Alert tone="error">{assign.error.message}</Alert>}
      </div>
      <div className="mt-6 flex justify-end">
        <Button variant="secondary" onClick={close}>
          Cancel
        </Button>
      </div>
    </>
  );
}
