import type { AppContext } from "../../context";
import { displayName } from "../../../shared/user";

/** React Email loads on the first mail, not at start-up (docs/benchmarks.md). */
const securityTemplates = () => import("../../mail/templates/security-notice-mail");

/** The name to greet; the event carries ids and addresses only. */
async function nameOf(ctx: AppContext, userId: string, fallback: string): Promise<string> {
  const row = await ctx.database.db
    .selectFrom("user")
    .select(["artistName", "username"])
    .where("id", "=", userId)
    .executeTakeFirst();
  return row ? displayName(row) : fallback;
}

/** After a password change (Settings) or a reset (emailed link): a mail to the account. */
export async function notifyPasswordChanged(
  ctx: AppContext,
  person: { userId: string; email: string },
  how: "changed" | "reset",
): Promise<void> {
  const { passwordChangedMail } = await securityTemplates();
  await ctx.mail.send(
    await passwordChangedMail({
      to: { name: await nameOf(ctx, person.userId, ""), address: person.email },
      at: Date.now(),
      how,
      publicUrl: ctx.config.publicUrl,
    }),
  );
}

/** After an email change: a mail to the old address, which no longer gets anything else. */
export async function notifyEmailChanged(
  ctx: AppContext,
  change: { userId: string; oldEmail: string; newEmail: string },
): Promise<void> {
  const { emailChangedMail } = await securityTemplates();
  await ctx.mail.send(
    await emailChangedMail({
      to: { name: await nameOf(ctx, change.userId, ""), address: change.oldEmail },
      newEmail: change.newEmail,
      at: Date.now(),
      publicUrl: ctx.config.publicUrl,
    }),
  );
}
