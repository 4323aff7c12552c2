/**
 * Song notices over Socket.IO, for both sides. No zod here: the toast that
 * shows them is on the first route of the web app.
 */
/** Socket.IO event to the artist when an agent changes one of their songs' status. */
export const SONG_STATUS_CHANGED_EVENT = "song:statusChanged";

/** Payload of "song:changed": which song to fetch again. */
export interface SongChangedEvent {
  songId: string;
}

export interface SongStatusNotice {
  songId: string;
  title: string;
  fromStatus: string | null;
  toStatus: string;
  agentName: string;
  at: number;
}

/** The conversation's system line: "Alex marked 'Night Drive' as released". */
export function statusChangeLine(agentName: string, title: string, toStatus: string): string {
  return `${agentName} marked '${title}' as ${toStatus}`;
}
