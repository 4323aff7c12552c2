import { displayName } from "../../shared/user";
import type { RejectionReason } from "../../shared/song-status";
import { insertStatusEvent } from "../../server/features/songs/song-history-repository";
import type { CliContext } from "../cli-context";
import { DAY_MS } from "../../shared/durations";

/** Why each seeded rejection happened, in turn: a reason and the note the artist reads. */
const rejections: { reason: RejectionReason; note: string }[] = [
  { reason: "artwork", note: "The cover shows a web address; stores refuse that." },
  { reason: "audio_quality", note: "The master clips in the second chorus." },
  { reason: "metadata", note: "The featured artist is missing from the credits." },
  { reason: "rights", note: "Please send the licence for the sample at 0:42." },
];

/**
 * Every seeded song gets a status history like one the desk writes: it came
 * in as pending, and a song in any other status was moved there by the
 * agent, a rejection with a reason and a note. A song that already has a
 * history (a re-run) is left alone, so seeding stays idempotent.
 */
export async function seedDemoSongHistory(
  ctx: CliContext,
  ids: { artistId: string; agentId: string },
): Promise<number> {
  const db = ctx.database.db;
  const agent = await db
    .selectFrom("user")
    .select(["artistName", "username"])
    .where("id", "=", ids.agentId)
    .executeTakeFirstOrThrow();
  const agentName = displayName(agent);
  const songs = await db
    .selectFrom("song_request")
    .select(["id", "status", "createdAt"])
    .where("artistId", "=", ids.artistId)
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom("song_status_event")
            .select("song_status_event.id")
            .whereRef("song_status_event.songId", "=", "song_request.id"),
        ),
      ),
    )
    .orderBy("id")
    .execute();
  let rejected = 0;
  for (const song of songs) {
    // It came in when it was submitted; the agent decided a day later.
    const arrived = song.createdAt;
    const base = { songId: song.id, agentId: ids.agentId, agentName };
    await insertStatusEvent(db, {
      ...base,
      fromStatus: null,
      toStatus: "pending",
      reasonCode: null,
      note: "",
      at: arrived,
    });
    if (song.status === "pending") continue;
    const why = song.status === "rejected" ? rejections[rejected++ % rejections.length]! : null;
    await insertStatusEvent(db, {
      ...base,
      fromStatus: "pending",
      toStatus: song.status,
      reasonCode: why?.reason ?? null,
      note: why?.note ?? "",
      at: arrived + DAY_MS,
    });
  }
  return songs.length;
}
