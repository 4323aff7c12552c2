import type { DatabaseHandle } from "../../server/db/database";
import type { FileStorage } from "../../server/storage/file-storage";
import { fillRoomParties } from "../../server/features/conversations/repositories";
import { createBatchWriter, type WriteOp } from "./batch-writer";
import { checkHashParams, type KnownPassword } from "./check-hash-params";
import type { ImportContext } from "./import-context";
import { createReport, type ImportReport } from "./import-report";
import { planChat } from "./plan-chat";
import { planSongs } from "./plan-songs";
import { planUsers } from "./plan-users";
import { silentProgress, type Progress } from "./progress";
import { readInputs, type ImportPaths } from "./read-inputs";

export interface RunImportOptions {
  database: DatabaseHandle;
  storage: FileStorage;
  paths: ImportPaths;
  dryRun: boolean;
  progress?: Progress;
  /** Records per transaction. */
  batchSize?: number;
  /** An account whose password is known: the hash parameters are checked with it first. */
  knownPassword?: KnownPassword;
}

/**
 * The whole import: read and check the inputs (a bad file stops it before
 * anything is written), then users, rooms, messages and songs, each stage
 * planned from what is already here and written in batches.
 */
export async function runImport(options: RunImportOptions): Promise<ImportReport> {
  const inputs = readInputs(options.paths);
  if (options.knownPassword) await checkHashParams(inputs, options.knownPassword);
  const report = createReport(options.dryRun);
  const progress = options.progress ?? silentProgress;
  const writer = createBatchWriter({
    db: options.database.db,
    storage: options.storage,
    report,
    dryRun: options.dryRun,
    postgres: options.database.dialect === "postgres",
    batchSize: options.batchSize,
    onWritten: () => progress.advance(),
  });
  const ctx: ImportContext = {
    db: options.database.db,
    bool: options.database.bool,
    filesRoot: inputs.filesRoot,
    hashParams: inputs.hashParams,
    report,
    writer,
    progress,
    now: Date.now(),
    userIds: new Map(),
    userNames: new Map(),
  };

  const write = async (label: string, ops: WriteOp[]) => {
    progress.start(label, ops.length);
    for (const op of ops) await writer.add(op);
    await writer.flush();
    progress.end();
  };

  const { documents } = inputs;
  await write("users", await planUsers(ctx, inputs.authUsers, documents.users));
  const chat = await planChat(ctx, documents.rooms);
  await write("rooms", chat.roomOps);
  // Imported conversations join the desk as every other: assigned to their agent, open.
  if (!options.dryRun) await fillRoomParties(options.database.db);
  await write("messages", chat.messageOps);
  await write("songs", await planSongs(ctx, documents.requests));
  report.finishedAt = new Date().toISOString();
  return report;
}
