import { plainString } from "./plain-text";

export const INVALID_DURATION_MESSAGE =
  "Enter the duration as minutes and seconds (3:45) or as seconds (225).";

/** Longer than any song: 10 hours. */
const MAX_SECONDS = 10 * 60 * 60;

/**
 * A song's duration as the desk types it: `m:ss` (3:45, 12:05) or whole
 * seconds (225). Seconds are stored as m:ss, so every song reads alike.
 * Returns null for anything else (`abc`, `3:75`, `-1`).
 */
export function normalizeDuration(raw: string): string | null {
  const value = raw.trim();
  let seconds: number;
  const clock = /^(\d{1,3}):([0-5]\d)$/.exec(value);
  if (clock) seconds = Number(clock[1]) * 60 + Number(clock[2]);
  else if (/^\d{1,5}$/.test(value)) seconds = Number(value);
  else return null;
  if (seconds < 1 || seconds > MAX_SECONDS) return null;
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, "0")}`;
}

/** The duration field of a song: empty, or a valid duration stored as m:ss. */
export const durationSchema = plainString({ error: INVALID_DURATION_MESSAGE })
  .trim()
  .max(20, INVALID_DURATION_MESSAGE)
  .transform((value, ctx) => {
    if (value === "") return "";
    const normalized = normalizeDuration(value);
    if (normalized === null) {
      ctx.addIssue({ code: "custom", message: INVALID_DURATION_MESSAGE });
      return "";
    }
    return normalized;
  })
  .default("");
