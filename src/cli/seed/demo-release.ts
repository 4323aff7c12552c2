import { insertRelease } from "../../server/features/releases/release-repository";
import type { CliContext } from "../cli-context";

/** The demo artist's approved release the demo statements are matched to (issue 46). */
export const DEMO_RELEASE_ID = "0d0e0d0e-0046-4000-8000-000000000001";
export const DEMO_RELEASE_UPC = "8901234599990";

/** Its tracks: released demo songs, with the ISRCs an approval would have given them. */
export const demoReleaseTracks = [
  {
    id: "0d0e0d0e-0046-4000-8000-000000000011",
    title: "Demo Song 23",
    isrc: "IN-A1B-26-90001",
    songId: "demo-song-23",
  },
  {
    id: "0d0e0d0e-0046-4000-8000-000000000012",
    title: "Demo Song 20",
    isrc: "IN-A1B-26-90002",
    songId: "demo-song-20",
  },
  {
    id: "0d0e0d0e-0046-4000-8000-000000000013",
    title: "Demo Song 18",
    isrc: "IN-A1B-26-90003",
    songId: "demo-song-18",
  },
] as const;

/**
 * The demo artist's approved release with three ISRC'd tracks made from their
 * released demo songs, so imported statements match them and the songs'
 * pages show their streams and earnings. Inserted once; a re-seed adds nothing.
 */
export async function seedDemoRelease(ctx: CliContext, artistId: string): Promise<void> {
  const db = ctx.database.db;
  const found = await db
    .selectFrom("release")
    .select("id")
    .where("id", "=", DEMO_RELEASE_ID)
    .executeTakeFirst();
  if (found) return;
  const now = Date.now();
  await db.transaction().execute(async (trx) => {
    await insertRelease(trx, { id: DEMO_RELEASE_ID, artistId, primaryArtist: "Demo Artist" }, now);
    await trx
      .updateTable("release")
      .set({
        state: "approved",
        title: "Demo Singles",
        genre: "Pop",
        language: "Hindi",
        releaseDate: "2026-06-01",
        pLine: "2026 Demo Artist",
        cLine: "2026 Demo Artist",
        upc: DEMO_RELEASE_UPC,
        upcClaim: DEMO_RELEASE_UPC,
        submittedAt: now,
        stateChangedAt: now,
      })
      .where("id", "=", DEMO_RELEASE_ID)
      .execute();
    for (const [position, track] of demoReleaseTracks.entries()) {
      await trx
        .insertInto("release_track")
        .values({
          releaseId: DEMO_RELEASE_ID,
          id: track.id,
          position,
          title: track.title,
          version: "",
          featuredArtists: "[]",
          composer: "Demo Artist",
          lyricist: "Demo Artist",
          instrumental: 0,
          producer: "",
          explicit: "not_explicit",
          isrc: track.isrc,
          isrcClaim: track.isrc.replaceAll("-", ""),
          lyrics: "",
          audioFileId: null,
          songId: track.songId,
        })
        .execute();
    }
  });
}
