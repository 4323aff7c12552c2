import { useEffect, useState } from "react";
import { Link } from "react-router";
import { useQueryClient } from "@tanstack/react-query";
import {
  SONG_STATUS_CHANGED_EVENT,
  statusChangeLine,
  type SongStatusNotice,
} from "../../../../shared/song-events";
import { ToastRegion, type Toast } from "../../../components/toast-region";
import { onSocketEvent } from "../../../lib/socket-events";
import { songKeys } from "../api/song-keys";

/** The newest notices shown at once; older ones are still marked by the nav dot. */
const MAX_TOASTS = 3;

/**
 * A status change reaches the artist while online: a toast linking to the
 * song, and the list, counts and nav dot refetched. (The open detail is not
 * refetched: its query counts a view.) A toast stays until dismissed or
 * followed, so no one has to read against a timer.
 */
export function SongStatusToasts() {
  const queryClient = useQueryClient();
  const [toasts, setToasts] = useState<Toast[]>([]);
  const dismiss = (id: string) => setToasts((list) => list.filter((t) => t.id !== id));

  useEffect(() => {
    return onSocketEvent(SONG_STATUS_CHANGED_EVENT, (payload) => {
      const notice = payload as SongStatusNotice;
      const id = `${notice.songId}:${notice.at}`;
      void queryClient.invalidateQueries({ queryKey: songKeys.mine() });
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
  }, [queryClient]);

  return <ToastRegion toasts={toasts} onDismiss={dismiss} />;
}
