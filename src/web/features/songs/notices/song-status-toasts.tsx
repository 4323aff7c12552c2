import { useState } from "react";
import { Link } from "react-router";
import { statusChangeLine } from "../../../../shared/song-events";
import { ToastRegion, type Toast } from "../../../components/toast-region";
import { useSocketEvent } from "../../../realtime/realtime-provider";

/** The newest notices shown at once; older ones are still marked by the nav dot. */
const MAX_TOASTS = 3;

/**
 * A status change reaches the artist while online: a toast linking to the
 * song. (The song's page, list, counts and nav dot follow "song:changed":
 * see useLiveSongs.) A toast stays until dismissed or followed, so no one
 * has to read against a timer.
 */
export function SongStatusToasts() {
  const [toasts, setToasts] = useState<Toast[]>([]);
  const dismiss = (id: string) => setToasts((list) => list.filter((t) => t.id !== id));

  useSocketEvent("song:statusChanged", (notice) => {
    const id = `${notice.songId}:${notice.at}`;
    setToasts((list) => [
      ...list.filter((t) => t.id !== id).slice(-(MAX_TOASTS - 1)),
      {
        id,
        content: (
          <p>
            {statusChangeLine(notice.agentName, notice.title, notice.toStatus)}.{" "}
            <Link
              to={`/song/${encodeURIComponent(notice.songId)}`}
              onClick={() => setToasts((list) => list.filter((t) => t.id !== id))}
              className="font-semibold underline"
            >
              View song
            </Link>
          </p>
        ),
      },
    ]);
  });

  return <ToastRegion toasts={toasts} onDismiss={dismiss} />;
}
