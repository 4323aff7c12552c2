import type { DomainEventMap } from "../../events/domain-events";
import type { NoticeDeps } from "../notices/notice-deps";
import { artistContact, withdrawalById } from "./withdrawal-repository";

/** Each step of a withdrawal, mailed to its artist once (issue 47, section 4). */
export async function notifyWithdrawalStep(
  ctx: NoticeDeps,
  event: DomainEventMap["withdrawal.changed"],
): Promise<void> {
  const db = ctx.database.db;
  const [row, artist] = await Promise.all([
    withdrawalById(db, event.withdrawalId),
    artistContact(db, event.artistId),
  ]);
  if (!row || !artist) return;
  const { publicUrl } = ctx.config;
  // React Email loads on the first mail, not at start-up (docs/benchmarks.md).
  const { withdrawalMail } = await import("../../mail/templates/withdrawal-mail");
  await ctx.mail.send(
    await withdrawalMail({
      to: { name: artist.name, address: artist.email },
      step: event.state,
      amountPaise: row.amountPaise,
      tdsPaise: row.tdsPaise,
      netPaise: row.netPaise,
      reference: row.reference,
      failureReason: row.failureReason,
      walletUrl: `${publicUrl}/wallet`,
      publicUrl,
    }),
  );
}
