import { percentText } from "../../../shared/basis-points";
import { splitInvitePath } from "../../../shared/split-schemas";
import type { NoticeDeps } from "../notices/notice-deps";

/** A collaborator a save just invited, with the link's token (never stored, never logged). */
export interface SplitInvite {
  email: string;
  token: string;
  artistName: string;
  trackTitle: string;
  basisPoints: number;
  expiresAt: number;
}

/** Mails each new collaborator their invitation (issue 47): the artist, the track, the share, the link. */
export async function mailSplitInvites(
  ctx: NoticeDeps,
  invites: readonly SplitInvite[],
): Promise<void> {
  if (invites.length === 0) return;
  const { publicUrl } = ctx.config;
  // React Email loads on the first mail, not at start-up (docs/benchmarks.md).
  const { splitInviteMail } = await import("../../mail/templates/split-invite-mail");
  for (const invite of invites) {
    await ctx.mail.send(
      await splitInviteMail({
        to: { name: invite.email, address: invite.email },
        artistName: invite.artistName,
        trackTitle: invite.trackTitle,
        share: percentText(invite.basisPoints),
        expiresAt: invite.expiresAt,
        inviteUrl: `${publicUrl}${splitInvitePath(invite.token)}`,
        publicUrl,
      }),
    );
  }
}
