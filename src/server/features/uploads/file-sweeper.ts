import type { FastifyBaseLogger, FastifyInstance } from "fastify";
import type { Kysely } from "kysely";
import type { Database } from "../../db/schema";
import type { FileStorage } from "../../storage/file-storage";
import type { UploadPurpose } from "./upload-purposes";
import { repeatWhileRunning } from "../../jobs/repeat-while-running";
import { removeFileAndThumbnails } from "./image-thumbnails";
import {
  deleteFilesInStatus,
  readyOfPurposeBefore,
  unfinishedBefore,
} from "./stored-file-repository";

const BATCH = 500;

export interface SweepResult {
  /** Uploads never finished, older than the cut-off. */
  unfinished: number;
  /** Finished files no message, song or profile refers to, older than the cut-off. */
  unattached: number;
}

export interface SweepDeps {
  db: Kysely<Database>;
  storage: FileStorage;
  purposes: ReadonlyMap<string, UploadPurpose>;
  log?: FastifyBaseLogger;
}

/**
 * Removes, rows first and then bytes, what uploads left behind: uploads
 * still unfinished after `olderThanMs`, and finished files that nothing
 * refers to after that long (a picture chosen but never saved, a chat file
 * whose message was never sent). Each purpose says which of its files are
 * in use; a purpose that cannot tell keeps its files. Safe to run on
 * several instances at once: a row is deleted once, missing bytes are fine.
 */
export async function sweepFiles(
  deps: SweepDeps,
  olderThanMs: number,
  now = Date.now(),
): Promise<SweepResult> {
  const { db } = deps;
  const cutoff = now - olderThanMs;
  let unfinished = 0;
  for (;;) {
    const rows = await unfinishedBefore(db, cutoff, BATCH);
    unfinished += await removeFiles(
      deps,
      rows.map((r) => r.id),
      "uploading",
    );
    if (rows.length < BATCH) break;
  }

  let unattached = 0;
  for (const purpose of deps.purposes.values()) {
    if (!purpose.attached) continue;
    let after = "";
    for (;;) {
      const rows = await readyOfPurposeBefore(db, purpose.name, cutoff, after, BATCH);
      const ids = rows.map((r) => r.id);
      if (ids.length === 0) break;
      const inUse = new Set(await purpose.attached(db, ids));
      unattached += await removeFiles(
        deps,
        ids.filter((id) => !inUse.has(id)),
        "ready",
      );
      after = ids[ids.length - 1]!;
      if (ids.length < BATCH) break;
    }
  }
  return { unfinished, unattached };
}

/** Deletes the rows (still in the status they were found in), then their bytes. */
async function removeFiles(
  deps: SweepDeps,
  ids: string[],
  status: "uploading" | "ready",
): Promise<number> {
  if (ids.length === 0) return 0;
  const deleted = await deleteFilesInStatus(deps.db, ids, status);
  const results = await Promise.allSettled(
    deleted.map((row) => removeFileAndThumbnails(deps.storage, row.id)),
  );
  results.forEach((result, i) => {
    if (result.status === "rejected") {
      deps.log?.error(
        { err: result.reason, fileId: deleted[i]!.id },
        "sweep: could not remove bytes",
      );
    }
  });
  return deleted.length;
}

export interface FileSweepSchedule {
  everyMs: number;
  olderThanMs: number;
}

/**
 * Runs the sweep while the app runs: first a minute after start, then every
 * `everyMs`. Not a job-queue job: a sweep has no row of its own to record,
 * and running it on every instance is harmless. Stops with the app.
 */
export function scheduleFileSweep(
  app: FastifyInstance,
  purposes: ReadonlyMap<string, UploadPurpose>,
  schedule: FileSweepSchedule,
): void {
  const deps: SweepDeps = {
    db: app.ctx.database.db,
    storage: app.ctx.storage,
    purposes,
    log: app.log,
  };
  repeatWhileRunning(app, {
    name: "file sweep",
    everyMs: schedule.everyMs,
    run: async () => {
      const result = await sweepFiles(deps, schedule.olderThanMs);
      if (result.unfinished + result.unattached > 0) app.log.info(result, "file sweep");
    },
  });
}
