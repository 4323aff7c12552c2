import type { FastifyInstance } from "fastify";
import { trackDisplayTitle } from "../../../shared/release-format";
import type { DomainEventMap } from "../../events/domain-events";
import { findCheckedFiles, findReleaseForMail, findTracks } from "./release-repository";
import { filesById, toTrackDetail } from "./release-detail";

/** After a submit: the artist's email naming the release and its tracks (through the outbox). */
export async function notifyReleaseSubmitted(
  app: FastifyInstance,
  event: DomainEventMap["release.submitted"],
): Promise<void> {
  const { database, mail, config } = app.ctx;
  const db = database.db;
  const found = await findReleaseForMail(db, event.releaseId);
  if (!found) return;
  const { release, to } = found;
  const [tracks, files] = await Promise.all([
    findTracks(db, [release.id]),
    findCheckedFiles(db, [release.id]),
  ]);
  const audio = filesById(files).audio;
  // React Email loads on the first mail, not at start-up (docs/benchmarks.md).
  const { releaseSubmittedMail } = await import("../../mail/templates/release-submitted-mail");
  await mail.send(
    await releaseSubmittedMail({
      to,
      title: release.title,
      releaseDate: release.releaseDate,
      tracks: tracks.map((row) => {
        const track = toTrackDetail(row, audio);
        return { title: trackDisplayTitle(track), durationMs: track.audio?.durationMs ?? 0 };
      }),
      releaseUrl: `${config.publicUrl}/releases/${encodeURIComponent(release.id)}`,
      publicUrl: config.publicUrl,
    }),
  );
}
