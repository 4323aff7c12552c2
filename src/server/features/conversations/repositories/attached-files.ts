import type { Kysely } from "kysely";
import type { Database } from "../../../db/schema";

/** Of these file ids, those some message carries (each once). */
export async function filesAttachedToMessages(
  db: Kysely<Database>,
  ids: readonly string[],
): Promise<string[]> {
  const rows = await db
    .selectFrom("message")
    .select("fileId")
    .distinct()
    .where("fileId", "in", ids)
    .execute();
  return rows.flatMap((row) => (row.fileId ? [row.fileId] : []));
}
