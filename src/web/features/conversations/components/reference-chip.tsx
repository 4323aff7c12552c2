import type { ReactNode } from "react";
import { X } from "lucide-react";
import { SongCover } from "../../../components/song-cover";

/**
 * What the next message asks about (a song, a release), above the message
 * box until it is sent or removed: its cover once loaded, what it says, and
 * Remove, always there. Red when it cannot be referenced.
 */
export function ReferenceChip({
  coverUrl,
  failed,
  removeLabel,
  onRemove,
  children,
}: {
  /** undefined while loading (no cover shown); null when it has none. */
  coverUrl: string | null | undefined;
  failed: boolean;
  removeLabel: string;
  onRemove: () => void;
  children: ReactNode;
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
        {coverUrl !== undefined && (
          <SongCover src={coverUrl} alt="" className="size-7 rounded-full" px={28} />
        )}
        <span className="min-w-0 truncate">{children}</span>
        <button
          type="button"
          onClick={onRemove}
          aria-label={removeLabel}
          className="flex size-7 shrink-0 items-center justify-center rounded-full hover:bg-black/10 dark:hover:bg-white/15"
        >
          <X aria-hidden="true" className="size-4" />
        </button>
      </div>
    </div>
  );
}
