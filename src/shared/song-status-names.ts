/**
 * Status names without zod: the status badge shows them on screens that
 * validate nothing (the chat), so it must not bring the song schemas along.
 */
/**
 * Statuses the desk offers and "Your Songs" filters by, in workflow order;
 * stored values may be anything (compared case-insensitively). "in review"
 * joined the spec's three when the demo data showed it (decision 071).
 */
export const SONG_STATUSES = ["pending", "in review", "released", "rejected"] as const;
export type KnownSongStatus = (typeof SONG_STATUSES)[number];

/** The known status a stored value means, or "other" (shown grey, without an icon). */
export function songStatusKind(status: string): KnownSongStatus | "other" {
  const value = status.trim().toLowerCase();
  return (SONG_STATUSES as readonly string[]).includes(value)
    ? (value as KnownSongStatus)
    : "other";
}

/** A status as every screen writes it: sentence case ("In review", "Pending"). */
export function statusLabel(status: string): string {
  const value = status.trim().toLowerCase();
  return value.charAt(0).toUpperCase() + value.slice(1);
}
