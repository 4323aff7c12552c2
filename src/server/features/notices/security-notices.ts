import type { NoticeDeps } from "./notice-deps";
import { displayName } from "../../../shared/user";
import { greetingNamesOf } from "./notice-repository";

/** React Email loads on the first mail, not at start-up (docs/benchmarks.md). */
const securityTemplates = () => import("../../mail/templates/security-notice-mail");

/** The name to greet; the event carries ids and addresses only. */
async function nameOf(ctx: NoticeDeps, userId: string, fallback: string): Promise<string> {
  const row = await greetingNamesOf(ctx.database.db, userId);
  return row ? displayName(row) : fallback;
}

/** After a password change (Settings) or a reset (emailed link): a mail to the account. */
export async function notifyPasswordChanged(
  ctx: NoticeDeps,
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

/**
 * After an email change: the old address is told, with a link that undoes
 * the change; the new address is told it now signs in.
 */
export async function notifyEmailChanged(
  ctx: NoticeDeps,
  change: { userId: string; oldEmail: string; newEmail: string; undoUrl: string },
): Promise<void> {
  const { emailChangedMail, emailAddedMail } = await securityTemplates();
  const name = await nameOf(ctx, change.userId, "");
  const at = Date.now();
  const { publicUrl } = ctx.config;
  await ctx.mail.send(
    await emailChangedMail({
      to: { name, address: change.oldEmail },
      newEmail: change.newEmail,
      undoUrl: change.undoUrl,
      at,
      publicUrl,
    }),
  );
  await ctx.mail.send(
    await emailAddedMail({
      to: { name, address: change.newEmail },
      oldEmail: change.oldEmail,
      at,
      publicUrl,
    }),
  );
}

/** After payout details were saved: where withdrawals go now (masked) and until when they wait. */
export async function notifyPayoutDetailsChanged(
  ctx: NoticeDeps,
  change: {
    userId: string;
    email: string;
    destination: string;
    pan: string | null;
    heldUntil: number | null;
  },
): Promise<void> {
  const { payoutDetailsChangedMail } = await import("../../mail/templates/payout-details-mail");
  await ctx.mail.send(
    await payoutDetailsChangedMail({
      to: { name: await nameOf(ctx, change.userId, ""), address: change.email },
      at: Date.now(),
      destination: change.destination,
      pan: change.pan,
      heldUntil: change.heldUntil,
      publicUrl: ctx.config.publicUrl,
    }),
  );
}
