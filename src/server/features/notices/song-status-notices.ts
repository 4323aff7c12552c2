import type { DomainEventMap } from "../../events/domain-events";
import type { NoticeDeps } from "./notice-deps";
import { displayName } from "../../../shared/user";
import type { RejectionReason } from "../../../shared/song-status";
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
  const artist = await db
    .selectFrom("user")
    .select(["id", "email", "artistName", "username"])
    .where("id", "=", event.artistId)
    .executeTakeFirst();
  if (!artist || !(await wantsSongStatusNotices(db, artist.id))) return;
  const change = await db
    .selectFrom("song_status_event")
    .select(["reasonCode", "note", "emailedAt"])
    .where("id", "=", event.historyId)
    .executeTakeFirst();
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
  await db
    .updateTable("song_status_event")
    .set({ emailedAt: Date.now() })
    .where("id", "=", event.historyId)
    .execute();
}
