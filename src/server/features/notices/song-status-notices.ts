import type { DomainEventMap } from "../../events/domain-events";
import type { NoticeDeps } from "./notice-deps";
import { displayName } from "../../../shared/user";
import type { RejectionReason } from "../../../shared/song-status";
import { markStatusChangeEmailed, noticeArtist, statusChangeOf } from "./notice-repository";
import { wantsSongStatusNotices } from "./preference-repository";

/**
 * A song changed status: its artist gets an email of its own naming the song,
 * the new status and the reason, linking the song page (not the chat),
 * unless they turned these emails off. The history row the change wrote is
 * marked emailed, so the record says which changes were mailed.
 */
export async function notifySongStatus(
  ctx: NoticeDeps,
  event: DomainEventMap["song.statusChanged"],
): Promise<void> {
  const db = ctx.database.db;
  const artist = await noticeArtist(db, event.artistId);
  if (!artist || !(await wantsSongStatusNotices(db, artist.id))) return;
  const change = await statusChangeOf(db, event.historyId);
  if (!change || change.emailedAt !== null) return;
  const { publicUrl } = ctx.config;
  // React Email loads on the first mail, not at start-up (docs/benchmarks.md).
  const { songStatusMail } = await import("../../mail/templates/song-status-mail");
  await ctx.mail.send(
    await songStatusMail({
      to: { name: displayName(artist), address: artist.email },
      title: event.title,
      toStatus: event.to,
      reasonCode: (change.reasonCode as RejectionReason | null) ?? null,
      note: change.note,
      agentName: event.agentName,
      songUrl: `${publicUrl}/song/${encodeURIComponent(event.songId)}`,
      settingsUrl: `${publicUrl}/settings`,
      publicUrl,
    }),
  );
  await markStatusChangeEmailed(db, event.historyId);
}
