import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { registerMailPreferenceRoutes } from "./routes";
import { MailPreferenceService } from "./mail-preferences";
import type { NoticeDeps } from "./notice-deps";
import { notifyPasswordChanged } from "./security-notices";
import { notifySongStatus } from "./song-status-notices";
import { createPendingNotices } from "./pending-notices";
import { UNREAD_NOTICE, createUnreadNoticeComposer, scheduleUnreadNotice } from "./unread-notices";
import { createUnsubscribeTokens } from "./unsubscribe-token";
import { noticeRecipient } from "./unread-repository";

/**
 * Email notices, hearing the domain events of the features that own the
 * changes: security notices after a password change (the email
 * change mails both addresses itself: the old one carries an undo link), a song
 * status notice to the artist, and unread notices for every stored message. Plus the setting and unsubscribe routes.
 */
async function noticesPlugin(
  app: FastifyInstance,
  options: { secret: string; perIpPerMinute: number },
): Promise<void> {
  const { database, config, mail, events } = app.ctx;
  const ctx: NoticeDeps = { database, config, mail };
  const tokens = createUnsubscribeTokens(options.secret);
  mail.compose(UNREAD_NOTICE, createUnreadNoticeComposer(ctx, tokens));

  events.on("user.passwordChanged", ({ userId, email, via }) =>
    notifyPasswordChanged(ctx, { userId, email }, via === "reset" ? "reset" : "changed"),
  );
  events.on("song.statusChanged", (event) => notifySongStatus(ctx, event));
  const pending = createPendingNotices();
  // The artist hears of agents' messages; the assignee (not necessarily the
  // agent the artist picked) of the artist's. No promise on the send's path
  // when their notice is already pending.
  events.on("chat.messageCreated", ({ message, room }) => {
    const recipient = noticeRecipient(room, message.userId);
    return recipient ? scheduleUnreadNotice(ctx, message, recipient, pending) : undefined;
  });
  // A note reaches agents it names, never the artist.
  events.on("desk.noteCreated", async ({ message, mentionedIds }) => {
    for (const recipient of mentionedIds) await scheduleUnreadNotice(ctx, message, recipient);
  });

  const preferences = new MailPreferenceService(ctx.database);
  await registerMailPreferenceRoutes(app, preferences, tokens, options.perIpPerMinute);
}

export default fp(noticesPlugin, {
  name: "notices",
  decorators: { fastify: ["ctx"] },
});
