import type { Kysely, Selectable } from "kysely";
import type { DeskSongUpdate, SongValues } from "../../../shared/song-schemas";
import {
  REJECTION_NOTE_REQUIRED,
  REJECTION_REASON_REQUIRED,
  SONG_CHANGED_CONFLICT,
  type RejectionReason,
  type SongStatusEvent,
} from "../../../shared/song-status";
import type { Database, SongRequestTable } from "../../db/schema";
import { HttpError } from "../../http/errors";
import { insertStatusEvent } from "./song-history-repository";
import { insertSong, updateSong } from "./song-repository";

type Db = Kysely<Database>;
type SongRow = Selectable<SongRequestTable>;

export interface ActingAgent {
  id: string;
  name: string;
}

interface StatusChange {
  rejectionReason: RejectionReason | null;
  statusNote: string;
}

/** A status change that ends in "rejected" must say why; "other" must say it in words. */
function assertReason(toStatus: string, change: StatusChange): void {
  if (toStatus !== "rejected") return;
  const invalid = (field: string, message: string) =>
    new HttpError(400, message, { [field]: message }, "VALIDATION_FAILED");
  if (!change.rejectionReason) throw invalid("rejectionReason", REJECTION_REASON_REQUIRED);
  if (change.rejectionReason === "other" && !change.statusNote) {
    throw invalid("statusNote", REJECTION_NOTE_REQUIRED);
  }
}

/** The history entry of a save that set `row`'s status (from `fromStatus`). */
function recordStatus(
  trx: Db,
  agent: ActingAgent,
  row: SongRow,
  fromStatus: string | null,
  change: StatusChange,
  at: number,
): Promise<SongStatusEvent> {
  return insertStatusEvent(trx, {
    songId: row.id,
    fromStatus,
    toStatus: row.status,
    reasonCode: row.status === "rejected" ? change.rejectionReason : null,
    note: change.statusNote,
    agentId: agent.id,
    agentName: agent.name,
    at,
  });
}

export interface SavedSong {
  row: SongRow;
  /** The history entry this save wrote, when the status changed. */
  change: SongStatusEvent | null;
}

/** Creates a song and its first history entry in one transaction. */
export async function createSongWithHistory(
  db: Db,
  agent: ActingAgent,
  values: SongValues & StatusChange,
  now = Date.now(),
): Promise<SavedSong> {
  const { rejectionReason, statusNote, ...fields } = values;
  assertReason(fields.status, { rejectionReason, statusNote });
  return db.transaction().execute(async (trx) => {
    const row = await insertSong(trx, fields, now);
    const change = await recordStatus(trx, agent, row, null, { rejectionReason, statusNote }, now);
    return { row, change };
  });
}

/**
 * Saves a desk edit made from `version`. A status change is written with its
 * history entry in the same transaction; a save from an older version is a
 * 409, so two agents never overwrite each other silently.
 */
export async function updateSongWithHistory(
  db: Db,
  agent: ActingAgent,
  before: SongRow,
  input: DeskSongUpdate,
  now = Date.now(),
): Promise<SavedSong> {
  const { version, rejectionReason, statusNote, ...fields } = input;
  const id = before.id;
  const conflict = () => new HttpError(409, SONG_CHANGED_CONFLICT, undefined, "CONFLICT");
  if (before.version !== version) throw conflict();
  const statusChanged = before.status !== fields.status;
  if (statusChanged) assertReason(fields.status, { rejectionReason, statusNote });
  return db.transaction().execute(async (trx) => {
    const row = await updateSong(trx, id, version, fields, { statusChanged }, now);
    // Another save won the race between our read and this write.
    if (!row) throw conflict();
    const change = statusChanged
      ? await recordStatus(trx, agent, row, before.status, { rejectionReason, statusNote }, now)
      : null;
    return { row, change };
  });
}
