import type { FastifyInstance } from "fastify";
import { formatIsrc, normalizeIsrc } from "../../../../shared/release-codes";
import { trackDisplayTitle } from "../../../../shared/release-format";
import { releaseReviewMessages as m } from "../../../../shared/release-review-messages";
import {
  REJECTION_NEXT_STEPS,
  REJECTION_REASON_LABELS,
  type RejectionReason,
} from "../../../../shared/song-rejection";
import type { DomainEventMap, ReleaseStepEvent } from "../../../events/domain-events";
import { findReleaseForMail, findTracks, type ReleaseRow } from "../release-repository";

/** Each kind with the event that causes it: the email reads what the step carried. */
type Notice =
  | { kind: "changes"; event: DomainEventMap["release.changesRequested"] }
  | { kind: "approved" | "rejected"; event: ReleaseStepEvent }
  | { kind: "live"; event: DomainEventMap["release.live"] };

/**
 * The artist's email at each review step they must know about (issue 40):
 * one per step — the domain event is emitted once, by the instance that
 * took the step — never one per store or per song.
 */
export function registerReleaseReviewNotices(app: FastifyInstance): void {
  const { events } = app.ctx;
  events.on("release.changesRequested", (event) => notify(app, { kind: "changes", event }));
  events.on("release.approved", (event) => notify(app, { kind: "approved", event }));
  events.on("release.rejected", (event) => notify(app, { kind: "rejected", event }));
  events.on("release.live", (event) => notify(app, { kind: "live", event }));
}

async function notify(app: FastifyInstance, notice: Notice): Promise<void> {
  const { database, mail, config } = app.ctx;
  const db = database.db;
  const found = await findReleaseForMail(db, notice.event.releaseId);
  if (!found) return;
  const { release, to } = found;
  const title = release.title;
  const content = await contentOf(app, notice, release);
  const { releaseReviewMail } = await import("../../../mail/templates/release-review-mail");
  await mail.send(
    await releaseReviewMail({
      to,
      ...content,
      preview: `${title}: ${content.subject}`,
      releaseUrl: `${config.publicUrl}/releases/${encodeURIComponent(release.id)}`,
      publicUrl: config.publicUrl,
    }),
  );
}

async function contentOf(
  app: FastifyInstance,
  notice: Notice,
  release: ReleaseRow,
): Promise<{
  subject: string;
  paragraphs: string[];
  list: string[];
  link?: { label: string; href: string };
}> {
  const db = app.ctx.database.db;
  const title = release.title;
  const { event } = notice;
  switch (notice.kind) {
    case "changes": {
      const { items } = notice.event;
      return {
        subject: m.changesRequestedSubject(title),
        paragraphs: [
          `${event.actorName ?? "Our team"} reviewed “${title}” and asks for these changes before it can go to the stores. Open the release, fix them and press Resubmit.`,
        ],
        list: items.map((item, index) => `${index + 1}. ${item.reason}: ${item.note}`),
      };
    }
    case "approved": {
      const tracks = await findTracks(db, [release.id]);
      return {
        subject: m.approvedSubject(title),
        paragraphs: [
          `“${title}” is approved and on its way to the stores. Its codes:`,
          `UPC: ${release.upc}`,
        ],
        list: tracks.map((track) => {
          const isrc = normalizeIsrc(track.isrc);
          return `${track.position + 1}. ${trackDisplayTitle({ title: track.title, version: track.version })} — ISRC ${isrc ? formatIsrc(isrc) : track.isrc}`;
        }),
      };
    }
    case "live": {
      const live = notice.event;
      return {
        subject: m.liveSubject(title),
        paragraphs: [`“${title}” is live on ${live.store}. Share it with your listeners.`],
        list: [],
        link: { label: `Listen on ${live.store}:`, href: live.link },
      };
    }
    case "rejected": {
      const reason = (release.rejectionReason ?? "other") as RejectionReason;
      const label = REJECTION_REASON_LABELS[reason];
      return {
        subject: m.rejectedSubject(title),
        paragraphs: [
          `${event.actorName ?? "Our team"} could not accept “${title}” for the stores.`,
          `Reason: ${label}`,
          ...(release.rejectionNote ? [`Note from the team: ${release.rejectionNote}`] : []),
          `What to do next: ${REJECTION_NEXT_STEPS[reason]}`,
        ],
        list: [],
      };
    }
  }
}
