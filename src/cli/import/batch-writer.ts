import fs from "node:fs";
import { sql, type Insertable, type Kysely, type Transaction } from "kysely";
import type { Database } from "../../server/db/schema";
import type { FileStorage } from "../../server/storage/file-storage";
import { fail, noteCleaned, type ImportReport, type RecordKind } from "./import-report";
import type { SourceFile } from "./source-files";

/** Tables in the order their rows go in (a row's references first). */
const TABLE_ORDER = [
  "user",
  "account",
  "room",
  "room_member",
  "stored_file",
  "message",
  "song_request",
  "import_record",
] as const;
type ImportTable = (typeof TABLE_ORDER)[number];
export type TableRows = { [T in ImportTable]?: Insertable<Database[T]>[] };

/** Rows another record may have written first (a shared room, the same file twice). */
const MAY_EXIST: { [T in ImportTable]?: readonly (keyof Database[T] & string)[] } = {
  room: ["id"],
  room_member: ["roomId", "userId"],
  stored_file: ["id"],
};

/** Everything one source record becomes; written whole or not at all. */
export interface WriteOp {
  kind: RecordKind;
  sourceId: string;
  rows: TableRows;
  files: SourceFile[];
  cleaned: string[];
}

/** Bound parameters per statement: under SQLite's 32,766 and PostgreSQL's 65,535. */
const MAX_PARAMS = 30_000;

async function insertRows(trx: Transaction<Database>, ops: WriteOp[], postgres: boolean) {
  // A lost commit after a crash is harmless here (the re-run redoes the
  // batch), so PostgreSQL need not wait for the WAL flush of each batch.
  if (postgres) await sql`set local synchronous_commit = off`.execute(trx);
  for (const table of TABLE_ORDER) {
    const rows = ops.flatMap((op) => (op.rows[table] ?? []) as Record<string, unknown>[]);
    if (rows.length === 0) continue;
    const perStatement = Math.max(1, Math.floor(MAX_PARAMS / Object.keys(rows[0]!).length));
    for (let i = 0; i < rows.length; i += perStatement) {
      // The table is one of ours and the rows were typed per table above.
      let query = trx.insertInto(table).values(rows.slice(i, i + perStatement));
      const key = MAY_EXIST[table];
      // `on conflict ("a", "b")`: the names are checked per table in MAY_EXIST.
      const target = key && sql.join(key.map((column) => sql.ref(column)));
      if (target) query = query.onConflict((oc) => oc.expression(target).doNothing());
      await query.execute();
    }
  }
}

export interface BatchWriterOptions {
  db: Kysely<Database>;
  storage: FileStorage;
  report: ImportReport;
  dryRun: boolean;
  postgres: boolean;
  /** Records per transaction. */
  batchSize?: number;
  onWritten?: (op: WriteOp) => void;
}

/**
 * Writes records in transactions of a few hundred: the bytes of their files
 * first (outside, since storage has no transactions; the keys are stable, so
 * a re-run overwrites them), then every row of the batch, import records
 * included, in one commit. A killed run loses at most the batch in flight,
 * and nothing of it is visible. A batch that fails is retried record by
 * record, so one bad record fails alone and is reported.
 */
export function createBatchWriter(options: BatchWriterOptions) {
  const { db, storage, report, dryRun } = options;
  const batchSize = options.batchSize ?? 500;
  let pending: WriteOp[] = [];

  function written(op: WriteOp) {
    report.counts[op.kind].imported += 1;
    report.counts.files.imported += op.files.length;
    noteCleaned(report, op.kind, op.sourceId, op.cleaned);
    options.onWritten?.(op);
  }

  function failed(op: WriteOp, error: unknown) {
    const message = error instanceof Error ? error.message : String(error);
    fail(report, op.kind, op.sourceId, `could not be written: ${message.slice(0, 300)}`);
    options.onWritten?.(op);
  }

  async function putFiles(op: WriteOp) {
    for (const file of op.files) {
      await storage.put(file.row.id, await fs.promises.readFile(file.absolutePath));
    }
  }

  async function flush() {
    const ops = pending;
    pending = [];
    if (ops.length === 0) return;
    if (dryRun) {
      ops.forEach(written);
      return;
    }
    const unwritable = new Set<WriteOp>();
    const FILE_CONCURRENCY = 8;
    for (let i = 0; i < ops.length; i += FILE_CONCURRENCY) {
      await Promise.all(
        ops.slice(i, i + FILE_CONCURRENCY).map((op) =>
          putFiles(op).catch((error: unknown) => {
            unwritable.add(op);
            failed(op, error);
          }),
        ),
      );
    }
    const ready = unwritable.size === 0 ? ops : ops.filter((op) => !unwritable.has(op));
    try {
      await db.transaction().execute((trx) => insertRows(trx, ready, options.postgres));
      ready.forEach(written);
    } catch {
      for (const op of ready) {
        try {
          await db.transaction().execute((trx) => insertRows(trx, [op], options.postgres));
          written(op);
        } catch (error) {
          failed(op, error);
        }
      }
    }
  }

  return {
    async add(op: WriteOp) {
      pending.push(op);
      if (pending.length >= batchSize) await flush();
    },
    flush,
  };
}
