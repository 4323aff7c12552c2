import type { FastifyInstance } from "fastify";
import type { ResetUser } from "../../auth/auth";
import { revokeResetLinks } from "../../auth/reset-links";
import { RESET_LINK_PRIORITY } from "../../mail/mail-jobs";

/**
 * What better-auth calls during a reset: record the mail with our link
 * (/reset-password?token=...), and after success announce the change, so
 * sockets close, cached sessions go and the security notice is mailed.
 * `app` is read when called, after the app is built.
 */
export function passwordResetHooks(app: () => FastifyInstance) {
  return {
    async sendResetPassword(user: ResetUser, token: string) {
      const { config, mail, database } = app().ctx;
      // Only the newest link works: an older one dies when a newer one is issued.
      await revokeResetLinks(database.db, user.id, token);
      // React Email loads on the first mail, not at start-up (docs/benchmarks.md).
      const { passwordResetMail } = await import("../../mail/templates/password-reset-mail");
      await mail.send(
        await passwordResetMail({
          to: { name: user.name, address: user.email },
          resetUrl: `${config.publicUrl}/reset-password?token=${encodeURIComponent(token)}`,
          forgotUrl: `${config.publicUrl}/forgot-password`,
          publicUrl: config.publicUrl,
        }),
        RESET_LINK_PRIORITY,
      );
    },
    async onPasswordReset(user: ResetUser) {
      // better-auth revoked the sessions and consumed this link before
      // calling this; any other link of the account dies too.
      await revokeResetLinks(app().ctx.database.db, user.id);
      await app().ctx.events.emit("user.passwordChanged", {
        userId: user.id,
        email: user.email,
        at: Date.now(),
        via: "reset",
      });
    },
  };
}
