import type { Insertable, Kysely, Selectable, Transaction } from "kysely";
import type { Database, StoredFileTable } from "../../db/schema";

/** The stored_file table's queries: the uploads feature's files, their state and their owners. */
export type StoredFileRow = Selectable<StoredFileTable>;

export interface StoredFileFilter {
  ownerId?: string;
  purpose?: string;
  scope?: string;
  ids?: string[];
}

export function storedFileById(
  db: Kysely<Database>,
  id: string,
): Promise<StoredFileRow | undefined> {
  return db.selectFrom("stored_file").selectAll().where("id", "=", id).executeTakeFirst();
}

export async function insertStoredFile(
  db: Kysely<Database>,
  row: Insertable<StoredFileTable>,
): Promise<void> {
  await db.insertInto("stored_file").values(row).execute();
}

/** Deletes the matching rows (inside `trx` when given); answers their ids. */
export async function deleteStoredFileRows(
  trx: Transaction<Database> | Kysely<Database>,
  filter: StoredFileFilter,
): Promise<string[]> {
  if (filter.ids?.length === 0) return [];
  let query = trx.deleteFrom("stored_file");
  if (filter.ownerId !== undefined) query = query.where("ownerId", "=", filter.ownerId);
  if (filter.purpose !== undefined) query = query.where("purpose", "=", filter.purpose);
  if (filter.scope !== undefined) query = query.where("scope", "=", filter.scope);
  if (filter.ids !== undefined) query = query.where("id", "in", filter.ids);
  const deleted = await query.returning("id").execute();
  return deleted.map((row) => row.id);
}

/** Deletes these rows if still in `status`; answers the ids deleted. */
export function deleteFilesInStatus(
  db: Kysely<Database>,
  ids: readonly string[],
  status: "uploading" | "ready",
): Promise<{ id: string }[]> {
  return db
    .deleteFrom("stored_file")
    .where("id", "in", ids)
    .where("status", "=", status)
    .returning("id")
    .execute();
}

/** Deletes one file's row, whatever its status. */
export async function deleteStoredFile(db: Kysely<Database>, id: string): Promise<void> {
  await db.deleteFrom("stored_file").where("id", "=", id).execute();
}

/** Deletes one upload's row if it is still uploading. */
export async function deleteUploadingFile(db: Kysely<Database>, id: string): Promise<void> {
  await db
    .deleteFrom("stored_file")
    .where("id", "=", id)
    .where("status", "=", "uploading")
    .execute();
}

/** A finished upload: its type, found from its bytes. */
export async function markFileReady(
  db: Kysely<Database>,
  id: string,
  kind: StoredFileRow["kind"],
  mimeType: string,
): Promise<void> {
  await db
    .updateTable("stored_file")
    .set({ status: "ready", mimeType, kind })
    .where("id", "=", id)
    .execute();
}

/** Up to `limit` uploads still unfinished, created before `cutoff`. */
export function unfinishedBefore(db: Kysely<Database>, cutoff: number, limit: number) {
  return db
    .selectFrom("stored_file")
    .select("id")
    .where("status", "=", "uploading")
    .where("createdAt", "<", cutoff)
    .limit(limit)
    .execute();
}

/** Up to `limit` finished files of a purpose created before `cutoff`, by id after `after`. */
export function readyOfPurposeBefore(
  db: Kysely<Database>,
  purpose: string,
  cutoff: number,
  after: string,
  limit: number,
) {
  return db
    .selectFrom("stored_file")
    .select("id")
    .where("purpose", "=", purpose)
    .where("status", "=", "ready")
    .where("createdAt", "<", cutoff)
    .where("id", ">", after)
    .orderBy("id")
    .limit(limit)
    .execute();
}

/** What one user holds: declared bytes of all their files, and how many are still uploading. */
export function heldByOwner(db: Kysely<Database>, userId: string) {
  return db
    .selectFrom("stored_file")
    .select((eb) => [
      eb.fn.coalesce(eb.fn.sum<number | string>("size"), eb.lit(0)).as("bytes"),
      eb.fn
        .coalesce(
          eb.fn.sum<number | string>(
            eb.case().when("status", "=", "uploading").then(1).else(0).end(),
          ),
          eb.lit(0),
        )
        .as("uploading"),
    ])
    .where("ownerId", "=", userId)
    .executeTakeFirstOrThrow();
}
