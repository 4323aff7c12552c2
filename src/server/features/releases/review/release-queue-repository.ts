import { sql, type Kysely } from "kysely";
import { normalizeIsrc } from "../../../../shared/release-codes";
import type { ReleaseState } from "../../../../shared/release-constants";
import {
  DESK_RELEASE_VIEWS,
  DUE_SOON_DAYS,
  type DeskReleaseView,
} from "../../../../shared/release-review";
import { addDaysToDay, utcDay } from "../../../../shared/release-rules";
import type { DeskReleaseList, DeskReleaseRow } from "../../../../shared/responses/release-review";
import { displayName } from "../../../../shared/user";
import { containsText } from "../../../db/contains-text";
import type { Database } from "../../../db/schema";
import { findCheckedFiles, findTracks } from "../release-repository";
import { toReleaseSummary } from "../release-detail";

/** At most this many rows per view: the queue is a worklist, not an archive. */
const QUEUE_LIMIT = 200;

/** Waiting work first: the oldest submission is reviewed first. */
const OLDEST_FIRST: readonly DeskReleaseView[] = ["submitted", "in_review"];

/**
 * The desk's release queue (issue 40): one view's rows, searched by title,
 * primary artist, the artist's name, an ISRC or the UPC, and every view's count.
 */
export async function listQueue(
  db: Kysely<Database>,
  query: { view: DeskReleaseView; q: string },
  now: number,
): Promise<DeskReleaseList> {
  const order = OLDEST_FIRST.includes(query.view) ? "asc" : "desc";
  const rows = await queueQuery(db, query)
    .orderBy("r.stateChangedAt", order)
    .orderBy("r.id", order)
    .limit(QUEUE_LIMIT)
    .execute();
  const ids = rows.map((row) => row.id);
  const [tracks, files, counted] = await Promise.all([
    findTracks(db, ids),
    findCheckedFiles(db, ids),
    db
      .selectFrom("release")
      .select(["state", (eb) => eb.fn.countAll<string | number>().as("n")])
      .where("state", "in", DESK_RELEASE_VIEWS)
      .groupBy("state")
      .execute(),
  ]);
  return { counts: countsOf(counted), rows: rows.map((row) => toRow(row, tracks, files, now)) };
}

/** When the release entered its state (set by every move; 0020 filled older rows). */
const waitingSince = () =>
  sql<number>`coalesce(${sql.ref("r.stateChangedAt")}, ${sql.ref("r.updatedAt")})`;

function queueQuery(db: Kysely<Database>, query: { view: DeskReleaseView; q: string }) {
  let select = db
    .selectFrom("release as r")
    .innerJoin("user as a", "a.id", "r.artistId")
    .leftJoin("user as rv", "rv.id", "r.reviewerId")
    .selectAll("r")
    .select([
      "a.artistName as artistArtistName",
      "a.username as artistUsername",
      "rv.artistName as reviewerArtistName",
      "rv.username as reviewerUsername",
      waitingSince().as("waitingSince"),
    ])
    .where("r.state", "=", query.view);
  if (query.q !== "") {
    const q = query.q;
    const isrc = normalizeIsrc(q) ?? q.replace(/[\s-]/g, "").toUpperCase();
    select = select.where((eb) =>
      eb.or([
        containsText(eb.ref("r.title"), q),
        containsText(eb.ref("r.primaryArtist"), q),
        containsText(eb.ref("a.artistName"), q),
        containsText(eb.ref("a.username"), q),
        eb("r.upc", "=", q.replace(/\s/g, "")),
        eb.exists(
          eb
            .selectFrom("release_track as t")
            .select("t.id")
            .whereRef("t.releaseId", "=", "r.id")
            .where((inner) =>
              inner.or([
                inner("t.isrc", "=", isrc),
                inner("t.isrc", "=", q),
                inner("t.isrcClaim", "=", isrc),
              ]),
            ),
        ),
      ]),
    );
  }
  return select;
}

function countsOf(counted: { state: string; n: string | number }[]) {
  const counts = Object.fromEntries(DESK_RELEASE_VIEWS.map((view) => [view, 0])) as Record<
    DeskReleaseView,
    number
  >;
  for (const row of counted) counts[row.state as DeskReleaseView] = Number(row.n);
  return counts;
}

type QueueRow = Awaited<ReturnType<ReturnType<typeof queueQuery>["execute"]>>[number];

function toRow(
  row: QueueRow,
  tracks: Awaited<ReturnType<typeof findTracks>>,
  files: Awaited<ReturnType<typeof findCheckedFiles>>,
  now: number,
): DeskReleaseRow {
  const dueBefore = addDaysToDay(utcDay(now), DUE_SOON_DAYS);
  const summary = toReleaseSummary(
    row,
    tracks.filter((track) => track.releaseId === row.id),
    files.filter((file) => file.releaseId === row.id),
  );
  const open = row.state !== "live" && row.state !== "rejected";
  return {
    id: row.id,
    title: row.title,
    primaryArtist: row.primaryArtist,
    artistId: row.artistId,
    artistName: displayName({ artistName: row.artistArtistName, username: row.artistUsername }),
    releaseType: summary.releaseType,
    trackCount: summary.trackCount,
    releaseDate: row.releaseDate,
    artworkUrl: summary.artworkUrl,
    state: row.state as ReleaseState,
    waitingSince: row.waitingSince,
    dueSoon: open && row.releaseDate !== "" && row.releaseDate < dueBefore,
    reviewerName:
      row.reviewerUsername !== null
        ? displayName({
            artistName: row.reviewerArtistName ?? "",
            username: row.reviewerUsername,
          })
        : null,
  };
}
