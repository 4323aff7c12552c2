import { z } from "zod";

/** One signed-in browser of the account, as Settings lists it. */
export const accountSessionSchema = z.object({
  id: z.string(),
  /** "Chrome on Windows", "Firefox on Linux", or "Unknown device". */
  device: z.string(),
  ipAddress: z.string().nullable(),
  /** Epoch ms; refreshed at most every few minutes while the session is used. */
  lastSeenAt: z.number(),
  createdAt: z.number(),
  /** The session of the browser asking. */
  current: z.boolean(),
});
export type AccountSession = z.infer<typeof accountSessionSchema>;

export const accountSessionsSchema = z.object({ sessions: z.array(accountSessionSchema) });
export type AccountSessions = z.infer<typeof accountSessionsSchema>;

/** Params of DELETE /api/account/sessions/:id. */
export const sessionParamsSchema = z.strictObject({
  id: z
    .string()
    .min(1, "Session not found.")
    .max(128, "Session not found.")
    .regex(/^[A-Za-z0-9_-]+$/, "Session not found."),
});

export const SESSION_NOT_FOUND_MESSAGE = "Session not found.";
export const CANNOT_END_CURRENT_SESSION_MESSAGE =
  "To sign out this device, use Log out in Settings.";
export const SESSION_ENDED_MESSAGE = "Signed out that device.";
export const OTHER_SESSIONS_ENDED_MESSAGE = "Signed out everywhere else.";

/** Body of POST /api/account/undo-email-change. */
export const undoEmailChangeSchema = z.strictObject({
  token: z
    .string({ error: "This link has expired or was already used." })
    .regex(/^[A-Za-z0-9_-]{32,128}$/, "This link has expired or was already used."),
});
export const UNDO_LINK_INVALID_MESSAGE = "This link has expired or was already used.";
export const EMAIL_CHANGE_UNDONE_MESSAGE =
  "Your old email address is back. We sent it a link to choose a new password, and every device was signed out.";
export const UNDO_EMAIL_TAKEN_MESSAGE =
  "Your old email address now belongs to another account, so it cannot be restored. Please contact support.";

/** Browser and system in a few words, from a User-Agent header. */
export function deviceName(userAgent: string | null | undefined): string {
  const ua = userAgent ?? "";
  const browser = /Edg\//.test(ua)
    ? "Edge"
    : /OPR\//.test(ua)
      ? "Opera"
      : /Firefox\//.test(ua)
        ? "Firefox"
        : /(Chrome|Chromium|CriOS)\//.test(ua)
          ? "Chrome"
          : /Safari\//.test(ua)
            ? "Safari"
            : null;
  const system = /Android/.test(ua)
    ? "Android"
    : /(iPhone|iPad|iPod)/.test(ua)
      ? "iOS"
      : /Windows/.test(ua)
        ? "Windows"
        : /(Macintosh|Mac OS X)/.test(ua)
          ? "macOS"
          : /(Linux|X11|CrOS)/.test(ua)
            ? "Linux"
            : null;
  if (browser && system) return `${browser} on ${system}`;
  return browser ?? system ?? "Unknown device";
}
