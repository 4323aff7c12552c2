import { z } from "zod";

/** GET/PUT /api/mail/preferences. */
export const mailPreferencesSchema = z.strictObject({
  unreadNotices: z.boolean({ error: "unreadNotices must be true or false." }),
});
export type MailPreferences = z.infer<typeof mailPreferencesSchema>;

export const UNSUBSCRIBE_LINK_INVALID_MESSAGE =
  "This unsubscribe link is not valid. Turn emails off in Settings instead.";
export const UNSUBSCRIBED_MESSAGE =
  "You will no longer get emails about unread messages. You can turn them back on in Settings.";

/** An unsubscribe token: the user id and its signature. */
export const unsubscribeTokenSchema = z
  .string({ error: UNSUBSCRIBE_LINK_INVALID_MESSAGE })
  .regex(/^[A-Za-z0-9_-]{1,100}\.[A-Za-z0-9_-]{43}$/, UNSUBSCRIBE_LINK_INVALID_MESSAGE);
export const unsubscribeQuerySchema = z.object({ token: unsubscribeTokenSchema });
