import type { Kysely } from "kysely";
import type { ModifiedScryptParams } from "../../server/auth/firebase-scrypt-hash";
import type { Database } from "../../server/db/schema";
import type { createBatchWriter } from "./batch-writer";
import type { ImportReport, RecordKind } from "./import-report";
import type { Progress } from "./progress";

/** What every import stage shares. */
export interface ImportContext {
  db: Kysely<Database>;
  filesRoot: string;
  hashParams: ModifiedScryptParams;
  report: ImportReport;
  writer: ReturnType<typeof createBatchWriter>;
  progress: Progress;
  now: number;
  /** A boolean as the engine binds it. */
  bool: (value: boolean) => boolean | number;
  /** Source user id → portal user id, for users imported now or before. */
  userIds: Map<string, string>;
  /** Portal user id → the name messages show. */
  userNames: Map<string, string>;
}

/** Source id → portal id of every record of a kind that an earlier run imported. */
export async function importedRecords(
  db: Kysely<Database>,
  kind: RecordKind,
): Promise<Map<string, string>> {
  const rows = await db
    .selectFrom("import_record")
    .select(["sourceId", "targetId"])
    .where("kind", "=", kind)
    .execute();
  return new Map(rows.map((r) => [r.sourceId, r.targetId]));
}

export function importRecordRow(kind: RecordKind, sourceId: string, targetId: string, now: number) {
  return { kind, sourceId, targetId, importedAt: now };
}
