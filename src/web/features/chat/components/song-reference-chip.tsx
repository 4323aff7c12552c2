import { X } from "lucide-react";
import type { MessageSongRef } from "../../../../shared/chat";
import { SongCover } from "../../../components/song-cover";

/**
 * The song the next message asks about, above the message box, until it is
 * sent or removed. While the song loads, or when it cannot be referenced, it
 * says so; Remove is always there.
 */
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
    <div className="flex items-center gap-2 px-2 pt-2">
      <div
        className={`flex max-w-full min-w-0 items-center gap-2 rounded-full py-1 pr-1 pl-1.5 text-sm ring-1 ${
          failed
            ? "bg-red-50 text-red-900 ring-red-300 dark:bg-red-950 dark:text-red-100 dark:ring-red-800"
            : "bg-indigo-50 text-indigo-950 ring-indigo-200 dark:bg-indigo-950 dark:text-indigo-100 dark:ring-indigo-800"
        }`}
      >
        {song && <SongCover src={song.coverUrl} alt="" className="size-7 rounded-full" />}
        <span className="min-w-0 truncate">
          {failed ? (
            "This song cannot be attached."
          ) : song ? (
            <>
              Asking about <strong className="font-semibold">{song.title}</strong>
            </>
          ) : (
            "Loading the song…"
          )}
        </span>
        <button
          type="button"
          onClick={onRemove}
          aria-label="Remove song reference"
          className="flex size-7 shrink-0 items-center justify-center rounded-full hover:bg-black/10 dark:hover:bg-white/15"
        >
          <X aria-hidden="true" className="size-4" />
        </button>
      </div>
    </div>
  );
}
