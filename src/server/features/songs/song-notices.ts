import { SONG_STATUS_CHANGED_EVENT, type SongStatusNotice } from "../../../shared/song-events";
import type { Realtime } from "../../context";
import type { DomainEvents } from "../../events/domain-events";

/**
 * A song's status change reaches the artist's open tabs live (toast, nav
 * dot). The durable record is the song_status_event row written with the
 * change; the email (notices/song-status-notices.ts) hangs off the same
 * `song.statusChanged` event and sets the row's emailedAt.
 */
export function announceStatusChange(events: DomainEvents, realtime: Realtime): void {
  events.on("song.statusChanged", (event) => {
    const notice: SongStatusNotice = {
      songId: event.songId,
      title: event.title,
      fromStatus: event.from,
      toStatus: event.to,
      agentName: event.agentName,
      at: event.at,
    };
    realtime.toUsers([event.artistId], SONG_STATUS_CHANGED_EVENT, notice);
  });
}
