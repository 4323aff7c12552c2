/**
 * How the song screens write a song's dates and cover address. Without zod,
 * so the list, the detail and the desk load no schema code to show a song.
 */
import { songStatusKind } from "./song-status-names";
import { dateFormat } from "./intl-formats";

/** A calendar date as YYYY-MM-DD that really exists (no 2024-02-30). */
export function isValidReleaseDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const parsed = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().slice(0, 10) === value;
}

const releaseDay = () => dateFormat("en-US", { dateStyle: "medium", timeZone: "UTC" });
const cardDay = () => dateFormat("en-GB", { dateStyle: "medium", timeZone: "UTC" });

/** "Released: Mar 5, 2024" — the date is a calendar day, so it is shown in UTC. */
export function formatReleaseDate(date: string): string {
  if (!isValidReleaseDate(date)) return date;
  return releaseDay().format(new Date(`${date}T00:00:00Z`));
}

/** A moment as a card's date line shows it: "12 Nov 2026". */
export function formatDay(epochMs: number): string {
  return cardDay().format(new Date(epochMs));
}

/**
 * The date line every song card shows (the spec's "Released: ..."): the
 * release date of a released song; for the others the planned release date,
 * or else the day it was submitted.
 */
export function songDateLine(song: { status: string; date: string; createdAt: number }): string {
  if (songStatusKind(song.status) === "released") {
    return `Released: ${song.date ? formatReleaseDate(song.date) : "Not specified"}`;
  }
  if (song.date && isValidReleaseDate(song.date)) {
    return `Planned release: ${formatReleaseDate(song.date)}`;
  }
  return `Submitted: ${formatDay(song.createdAt)}`;
}

export const coverFileUrl = (fileId: string) => `/api/files/${encodeURIComponent(fileId)}`;
