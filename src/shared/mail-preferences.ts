import { z } from "zod";

/** GET /api/mail/preferences, and what PUT answers: every setting. */
export const mailPreferencesSchema = z.strictObject({
  unreadNotices: z.boolean({ error: "unreadNotices must be true or false." }),
  /** An email when one of the artist's songs changes status. */
  songStatusNotices: z.boolean({ error: "songStatusNotices must be true or false." }),
  /** An email when a store statement credits the artist (Settings: Earnings emails). */
  earningsEmails: z.boolean({ error: "earningsEmails must be true or false." }),
});
export type MailPreferences = z.infer<typeof mailPreferencesSchema>;

/** PUT /api/mail/preferences: the settings to change (each switch saves on its own). */
export const mailPreferencesUpdateSchema = mailPreferencesSchema
  .partial()
  .refine((input) => Object.keys(input).length > 0, {
    error: "Name at least one setting to change.",
  });
export type MailPreferencesUpdate = z.infer<typeof mailPreferencesUpdateSchema>;

export const UNSUBSCRIBE_LINK_INVALID_MESSAGE =
  "This unsubscribe link is not valid. Turn emails off in Settings instead.";
export const UNSUBSCRIBED_MESSAGE =
  "You will no longer get emails about unread messages. You can turn them back on in Settings.";

/** An unsubscribe token: the user id and its signature. */
export const unsubscribeTokenSchema = z
  .string({ error: UNSUBSCRIBE_LINK_INVALID_MESSAGE })
  .regex(/^[A-Za-z0-9_-]{1,100}\.[A-Za-z0-9_-]{43}$/, UNSUBSCRIBE_LINK_INVALID_MESSAGE);
export const unsubscribeQuerySchema = z.object({ token: unsubscribeTokenSchema });

/**
 * Body of POST /api/mail/unsubscribe: mail clients post the form
 * "List-Unsubscribe=One-Click" (RFC 8058), the web page an empty object.
 * Nothing in it is read; the signed token in the query is the proof.
 */
export const unsubscribeBodySchema = z.looseObject({
  "List-Unsubscribe": z.string().optional(),
});
