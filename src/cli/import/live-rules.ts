import { MESSAGE_MAX_LENGTH } from "../../shared/chat";
import { artistNameSchema } from "../../shared/auth-schemas";
import { bioSchema } from "../../shared/profile-schemas";
import { songInputSchema } from "../../shared/song-schemas";

/**
 * Imported records meet the rules live input meets (issue 23): what the
 * portal would refuse from a person it refuses from an export too, and the
 * report names each refused record by id and why.
 */

/**
 * Times the portal can show and sort: 2000 to 2100. (A clock-skewed export
 * may hold times a little ahead of the importing machine; nothing real is
 * from before the portal's hosted original or after 2100.)
 */
const EARLIEST = Date.UTC(2000, 0, 1);
const LATEST = Date.UTC(2100, 0, 1);

/** Why a time cannot be stored, or null. */
export function timeProblem(ms: number): string | null {
  if (!Number.isFinite(ms) || Number.isNaN(new Date(ms).getTime())) return "is not a valid time";
  if (ms < EARLIEST || ms > LATEST) {
    return `is out of range (${new Date(ms).toISOString()})`;
  }
  return null;
}

/** Why a chat message's text would be refused by a live send, or null. */
export function messageTextProblem(text: string): string | null {
  return text.length > MESSAGE_MAX_LENGTH
    ? `text longer than ${MESSAGE_MAX_LENGTH} characters (${text.length})`
    : null;
}

const songFields = songInputSchema.shape;
const SONG_TEXT_FIELDS = ["type", "artist", "album", "genre", "duration", "lyrics"] as const;

/** The first song field the song desk would refuse for its length, or null. */
export function songTextProblem(
  fields: Record<(typeof SONG_TEXT_FIELDS)[number], string>,
): string | null {
  for (const name of SONG_TEXT_FIELDS) {
    const value = fields[name];
    // Empty fields are filled in later by people; only what is there is checked.
    if (!value) continue;
    const result = songFields[name].safeParse(value);
    if (!result.success) return `${name}: ${result.error.issues[0]?.message ?? "invalid"}`;
  }
  return null;
}

const USER_TEXT_RULES = { name: artistNameSchema, bio: bioSchema } as const;

/**
 * Why a user's name (username or artist name, held to the artist name's
 * rule) or bio would be refused by the profile screen, or null.
 */
export function userTextProblem(rule: keyof typeof USER_TEXT_RULES, value: string): string | null {
  const result = USER_TEXT_RULES[rule].safeParse(value);
  return result.success ? null : (result.error.issues[0]?.message ?? "invalid");
}
