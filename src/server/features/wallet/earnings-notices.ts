import { displayName } from "../../../shared/user";
import { formatMonthSpan, orderStores } from "../../../shared/wallet-text";
import type { DomainEventMap } from "../../events/domain-events";
import type { NoticeDeps } from "../notices/notice-deps";
import { MailPreferenceService } from "../notices/mail-preferences";
import { postingGroupsOf, postingsOnAccount } from "./account-repository";
import { artistContact } from "./wallet-repository";

/**
 * An imported statement credited artists: each gets one email naming what
 * the statement added to their wallet, its stores and its sale months,
 * unless they turned Earnings emails off. Reversals and assignments move
 * the wallet live but send no mail.
 */
export async function notifyEarnings(
  ctx: NoticeDeps,
  event: DomainEventMap["ledger.posted"],
): Promise<void> {
  if (event.kind !== "statement") return;
  for (const artistId of new Set(event.artistIds)) {
    await notifyArtist(ctx, event.postingId, artistId);
  }
}

async function notifyArtist(ctx: NoticeDeps, postingId: string, artistId: string): Promise<void> {
  const db = ctx.database.db;
  const artist = await artistContact(db, artistId);
  if (!artist) return;
  const preferences = await new MailPreferenceService(ctx.database).read(artistId);
  if (!preferences.earningsEmails) return;
  const [posting] = await postingsOnAccount(db, artistId, {
    after: null,
    limit: 1,
    only: [postingId],
  });
  if (!posting || posting.amountPaise <= 0) return;
  const groups = await postingGroupsOf(db, artistId, [postingId]);
  if (groups.length === 0) return;
  const months = groups.flatMap((g) => [g.firstMonth, g.lastMonth]).sort();
  const { publicUrl } = ctx.config;
  // React Email loads on the first mail, not at start-up (docs/benchmarks.md).
  const { earningsMail } = await import("../../mail/templates/earnings-mail");
  await ctx.mail.send(
    await earningsMail({
      to: { name: displayName(artist), address: artist.email },
      amountPaise: posting.amountPaise,
      stores: orderStores(groups.map((g) => g.store)).join(", "),
      months: formatMonthSpan(months[0]!, months[months.length - 1]!),
      earningsUrl: `${publicUrl}/wallet/earnings`,
      settingsUrl: `${publicUrl}/settings`,
      publicUrl,
    }),
  );
}
