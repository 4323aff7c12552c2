/**
 * How releases read: the type from durations, the check lines of a file,
 * durations and title case. Pure functions, shared by the server and the web.
 */
import { EP_TOTAL_MAX_MS, SINGLE_TRACK_MAX_MS, type ReleaseType } from "./release-constants";

/**
 * Single: 1–3 tracks each under 10 min; EP: 4–6 tracks, 30 min or less in
 * all; Album otherwise (a 1–3 track release with a long track is an album,
 * as is a 4–6 track release over 30 min). A track without checked audio
 * counts 0 ms; null without tracks.
 */
export function releaseType(tracks: readonly { durationMs: number }[]): ReleaseType | null {
  if (tracks.length === 0) return null;
  const total = tracks.reduce((sum, track) => sum + track.durationMs, 0);
  if (tracks.length <= 3 && tracks.every((track) => track.durationMs < SINGLE_TRACK_MAX_MS)) {
    return "Single";
  }
  if (tracks.length >= 4 && tracks.length <= 6 && total <= EP_TOTAL_MAX_MS) return "EP";
  return "Album";
}

/** 44100 → "44.1", 48000 → "48", 88200 → "88.2", 22050 → "22.05". */
export function formatSampleRateKhz(hz: number): string {
  return String(Math.round(hz / 10) / 100);
}

/** 3:07 for a track; 1:02:03 from an hour up (a release's total). */
export function formatDurationMs(ms: number): string {
  const seconds = Math.round(ms / 1000);
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = String(seconds % 60).padStart(2, "0");
  return h > 0 ? `${h}:${String(m).padStart(2, "0")}:${s}` : `${m}:${s}`;
}

/** "3000 × 3000 px · JPG" */
export function artworkCheckLine(artwork: {
  width: number;
  height: number;
  format: string;
}): string {
  return `${artwork.width} × ${artwork.height} px · ${artwork.format}`;
}

/** "44.1 kHz · 16-bit · stereo · WAV" */
export function audioCheckLine(audio: {
  sampleRate: number;
  bitDepth: number;
  channels: number;
  format: string;
}): string {
  const channels =
    audio.channels === 2 ? "stereo" : audio.channels === 1 ? "mono" : `${audio.channels} channels`;
  return `${formatSampleRateKhz(audio.sampleRate)} kHz · ${audio.bitDepth}-bit · ${channels} · ${audio.format}`;
}

/** Short words stay lower case inside a title ("Light of the Moon"). */
const SMALL_WORDS = new Set([
  "a",
  "an",
  "and",
  "as",
  "at",
  "but",
  "by",
  "for",
  "in",
  "nor",
  "of",
  "on",
  "or",
  "the",
  "to",
  "vs",
]);

/**
 * The title-case spelling of a title written all in capitals or all in lower
 * case with more than four letters ("SUMMER NIGHTS" → "Summer Nights"); null
 * when the title is already mixed case, or too short to judge.
 */
export function titleCaseSuggestion(title: string): string | null {
  const letters = title.match(/\p{L}/gu) ?? [];
  if (letters.length <= 4) return null;
  const cased = letters.filter((l) => l.toLowerCase() !== l.toUpperCase());
  if (cased.length === 0) return null;
  const allUpper = cased.every((l) => l === l.toUpperCase());
  const allLower = cased.every((l) => l === l.toLowerCase());
  if (!allUpper && !allLower) return null;
  const words = title.trim().split(/(\s+)/);
  const lastWord = words.length - 1;
  const suggestion = words
    .map((word, index) => {
      if (/^\s+$/.test(word)) return word;
      const lower = word.toLowerCase();
      if (index !== 0 && index !== lastWord && SMALL_WORDS.has(lower)) return lower;
      return lower.replace(/\p{L}/u, (first) => first.toUpperCase());
    })
    .join("");
  return suggestion === title.trim() ? null : suggestion;
}

/** "Summer Nights (Acoustic)": the song type a track becomes, and how every list names a track. */
export function trackDisplayTitle(track: { title: string; version: string }): string {
  const title = track.title.trim() || "Untitled track";
  const version = track.version.trim();
  return version ? `${title} (${version})` : title;
}

/** "Asha Rao feat. A, B & C": the artist line of a song made from a track. */
export function artistWithFeatured(primary: string, featured: readonly string[]): string {
  const names = [...new Set(featured.map((name) => name.trim()).filter(Boolean))];
  if (names.length === 0) return primary.trim();
  const list =
    names.length === 1 ? names[0] : `${names.slice(0, -1).join(", ")} & ${names[names.length - 1]}`;
  return `${primary.trim()} feat. ${list}`;
}
