import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { registerMailPreferenceRoutes } from "./routes";
import { notifyPasswordChanged } from "./security-notices";
import { notifySongStatus } from "./song-status-notices";
import { UNREAD_NOTICE, createUnreadNoticeComposer, scheduleUnreadNotice } from "./unread-notices";
import { createUnsubscribeTokens } from "./unsubscribe-token";

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
  const { ctx } = app;
  const tokens = createUnsubscribeTokens(options.secret);
  ctx.mail.compose(UNREAD_NOTICE, createUnreadNoticeComposer(ctx, tokens));

  ctx.events.on("user.passwordChanged", ({ userId, email, via }) =>
    notifyPasswordChanged(ctx, { userId, email }, via === "reset" ? "reset" : "changed"),
  );
  ctx.events.on("song.statusChanged", (event) => notifySongStatus(ctx, event));
  ctx.events.on("chat.messageCreated", async ({ message, memberIds }) => {
    for (const recipient of memberIds.filter((id) => id !== message.userId)) {
      await scheduleUnreadNotice(ctx, message, recipient);
    }
  });

  await registerMailPreferenceRoutes(app, tokens, options.perIpPerMinute);
}

export default fp(noticesPlugin, {
  name: "notices",
  decorators: { fastify: ["ctx"] },
});
