import { randomUUID } from "node:crypto";
import type { Kysely, Selectable, Transaction } from "kysely";
import type { Database, StoredFileTable } from "../../db/schema";
import type { FileStorage } from "../../storage/file-storage";
import {
  deleteStoredFileRows,
  insertStoredFile,
  storedFileById,
  type StoredFileFilter,
} from "./stored-file-repository";
import { SNIFF_BYTES, sniffFileType } from "../../../shared/file-sniffing";

export type { StoredFileFilter };

export type StoredFile = Selectable<StoredFileTable>;

export async function findStoredFile(
  db: Kysely<Database>,
  id: string,
): Promise<StoredFile | undefined> {
  return storedFileById(db, id);
}

/**
 * Deletes the matching files' rows (inside `trx` when given) and returns their
 * ids. Their bytes are removed only after the caller's transaction commits:
 * emit `files.deleted` with these ids, so a rollback never leaves rows whose
 * bytes are gone.
 */
export async function deleteFileRows(
  trx: Transaction<Database> | Kysely<Database>,
  filter: StoredFileFilter,
): Promise<string[]> {
  return deleteStoredFileRows(trx, filter);
}

export interface ServerFileInput {
  purpose: string;
  ownerId: string;
  scope: string | null;
  name: string;
  bytes: Buffer;
}

/**
 * Stores bytes made on the server (seed data) as a ready file, typed from
 * its bytes like any upload. Returns the stored row.
 */
export async function createStoredFile(
  db: Kysely<Database>,
  storage: FileStorage,
  input: ServerFileInput,
): Promise<StoredFile> {
  const sniffed = await sniffFileType(input.bytes.subarray(0, SNIFF_BYTES));
  if (!sniffed) throw new Error(`${input.name} is neither an image nor audio`);
  const row: StoredFile = {
    id: randomUUID().replaceAll("-", ""),
    purpose: input.purpose,
    ownerId: input.ownerId,
    scope: input.scope,
    status: "ready",
    mimeType: sniffed.mimeType,
    kind: sniffed.kind,
    name: input.name,
    size: input.bytes.length,
    createdAt: Date.now(),
  };
  await storage.put(row.id, input.bytes);
  await insertStoredFile(db, row);
  return row;
}
