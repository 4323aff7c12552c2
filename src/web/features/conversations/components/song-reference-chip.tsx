import type { MessageSongRef } from "../../../../shared/chat";
import { ReferenceChip } from "./reference-chip";

/** The song the next message asks about (ReferenceChip), or why it cannot be. */
export function SongReferenceChip({
  song,
  failed,
  onRemove,
}: {
  song: MessageSongRef | undefined;
  failed: boolean;
  onRemove: () => void;
}) {
  return (
    <ReferenceChip
      coverUrl={song?.coverUrl}
      failed={failed}
      removeLabel="Remove song reference"
      onRemove={onRemove}
    >
      {failed ? (
        "This song cannot be attached."
      ) : song ? (
        <>
          Asking about <strong className="font-semibold">{song.title}</strong>
        </>
      ) : (
        "Loading the song…"
      )}
    </ReferenceChip>
  );
}
