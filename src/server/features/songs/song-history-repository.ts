import type { Kysely } from "kysely";
import {
  REJECTION_REASONS,
  type DailyViews,
  type RejectionReason,
  type SongStatusEvent,
} from "../../../shared/song-status";
import { compiledQueryCache } from "../../db/compiled-query-cache";
import type { Database } from "../../db/schema";
import { DAY_MS } from "../../../shared/durations";

type Db = Kysely<Database>;
/** The detail's two reads (a record not in the detail cache) and a view's day count: compiled once per database. */
const hotQuery = compiledQueryCache<Database>();

export const SPARKLINE_DAYS = 30;

/** The UTC calendar day of an instant, as YYYY-MM-DD. */
export function utcDay(at: number): string {
  return new Date(at).toISOString().slice(0, 10);
}

/** The first instant of the UTC day after `at`'s (when the 30 days move on). */
export function nextUtcDayStart(at: number): number {
  return (Math.floor(at / DAY_MS) + 1) * DAY_MS;
}

/**
 * +1 on the day's row, created on the first view of the day (one upsert on
 * both engines); answers the day's count after it.
 */
export async function addDailyView(db: Db, songId: string, day: string): Promise<number> {
  const [row] = await hotQuery(
    db,
    "song-view-day",
    (slot) =>
      db
        .insertInto("song_view_day")
        .values({ songId: slot("songId"), day: slot("day"), views: 1 })
        .onConflict((oc) =>
          oc
            .columns(["songId", "day"])
            .doUpdateSet((eb) => ({ views: eb("song_view_day.views", "+", 1) })),
        )
        .returning("views"),
    { songId, day },
  );
  if (!row) throw new Error(`song ${songId}: the day's view count was not written`);
  return row.views;
}

/** The last 30 UTC days ending today, oldest first, days without views as 0. */
export async function listDailyViews(
  db: Db,
  songId: string,
  now = Date.now(),
): Promise<DailyViews[]> {
  const days = Array.from({ length: SPARKLINE_DAYS }, (_, i) =>
    utcDay(now - (SPARKLINE_DAYS - 1 - i) * DAY_MS),
  );
  const rows = await hotQuery(
    db,
    "song-daily-views",
    (slot) =>
      db
        .selectFrom("song_view_day")
        .select(["day", "views"])
        .where("songId", "=", slot("songId"))
        .where("day", ">=", slot("since")),
    { songId, since: days[0] },
  );
  const byDay = new Map(rows.map((row) => [row.day, row.views]));
  return days.map((day) => ({ day, views: byDay.get(day) ?? 0 }));
}

export interface NewStatusEvent {
  songId: string;
  fromStatus: string | null;
  toStatus: string;
  reasonCode: RejectionReason | null;
  note: string;
  /** Null when the artist moved the song (a release resubmitted). */
  agentId: string | null;
  agentName: string;
  at: number;
}

const eventRow = (event: NewStatusEvent) => ({
  id: crypto.randomUUID(),
  songId: event.songId,
  fromStatus: event.fromStatus,
  toStatus: event.toStatus,
  reasonCode: event.reasonCode,
  note: event.note,
  agentId: event.agentId,
  agentName: event.agentName,
  createdAt: event.at,
});

export async function insertStatusEvent(db: Db, event: NewStatusEvent): Promise<SongStatusEvent> {
  const row = eventRow(event);
  await db.insertInto("song_status_event").values(row).execute();
  return {
    id: row.id,
    fromStatus: event.fromStatus,
    toStatus: event.toStatus,
    reasonCode: event.reasonCode,
    note: event.note,
    agentName: event.agentName,
    at: event.at,
  };
}

/** Several songs' lines in one statement (a release's step moves all its songs). */
export async function insertStatusEvents(db: Db, events: readonly NewStatusEvent[]): Promise<void> {
  if (events.length === 0) return;
  await db.insertInto("song_status_event").values(events.map(eventRow)).execute();
}

const asReason = (code: string | null): RejectionReason | null =>
  (REJECTION_REASONS as readonly string[]).includes(code ?? "") ? (code as RejectionReason) : null;

/** A song's status timeline, oldest first. */
export async function listStatusEvents(db: Db, songId: string): Promise<SongStatusEvent[]> {
  const rows = await hotQuery(
    db,
    "song-status-events",
    (slot) =>
      db
        .selectFrom("song_status_event")
        .select(["id", "fromStatus", "toStatus", "reasonCode", "note", "agentName", "createdAt"])
        .where("songId", "=", slot("songId"))
        .orderBy("createdAt", "asc")
        .orderBy("id", "asc"),
    { songId },
  );
  return rows.map((row) => ({
    id: row.id,
    fromStatus: row.fromStatus,
    toStatus: row.toStatus,
    reasonCode: asReason(row.reasonCode),
    note: row.note,
    agentName: row.agentName,
    at: row.createdAt,
  }));
}
