import type { Kysely } from "kysely";
import type { Database } from "../../../db/schema";

type Db = Kysely<Database>;

/**
 * Raises a counter (created at 0 on first use) by `by` and answers its new
 * value: the caller owns the numbers (value - by, value]. Inside a
 * transaction the row lock makes a second approval wait for the first.
 */
export async function raiseCounter(trx: Db, name: string, by: number): Promise<number> {
  await trx
    .insertInto("code_counter")
    .values({ name, value: 0 })
    .onConflict((oc) => oc.column("name").doNothing())
    .execute();
  const row = await trx
    .updateTable("code_counter")
    .set((eb) => ({ value: eb("value", "+", by) }))
    .where("name", "=", name)
    .returning("value")
    .executeTakeFirstOrThrow();
  return row.value;
}

/** Which of these compact ISRCs a track already holds or claims. */
export async function heldIsrcs(db: Db, isrcs: readonly string[]): Promise<Set<string>> {
  if (isrcs.length === 0) return new Set();
  const rows = await db
    .selectFrom("release_track")
    .select(["isrc", "isrcClaim"])
    .where((eb) => eb.or([eb("isrcClaim", "in", isrcs), eb("isrc", "in", isrcs)]))
    .execute();
  return new Set(rows.flatMap((row) => (row.isrcClaim ? [row.isrc, row.isrcClaim] : [row.isrc])));
}

/**
 * Which of these UPC-As a release already carries, typed (as 12 digits, or
 * as 13 with the leading zero) or claimed: a draft's typed UPC is never
 * handed to another release either.
 */
export async function heldUpcs(db: Db, upcs: readonly string[]): Promise<Set<string>> {
  if (upcs.length === 0) return new Set();
  const long = upcs.map((upc) => upc.padStart(13, "0"));
  const rows = await db
    .selectFrom("release")
    .select(["upc", "upcClaim"])
    .where((eb) => eb.or([eb("upc", "in", [...upcs, ...long]), eb("upcClaim", "in", long)]))
    .execute();
  const held = new Set(rows.flatMap((row) => [row.upc.trim(), row.upcClaim ?? ""]));
  return new Set(upcs.filter((upc) => held.has(upc) || held.has(upc.padStart(13, "0"))));
}

export async function setTrackIsrc(
  trx: Db,
  releaseId: string,
  trackId: string,
  isrc: string,
): Promise<void> {
  await trx
    .updateTable("release_track")
    .set({ isrc, isrcClaim: isrc })
    .where("releaseId", "=", releaseId)
    .where("id", "=", trackId)
    .execute();
}

/** An assigned UPC-A, claimed by the release in its 13-digit form (decision 104). */
export async function setReleaseUpc(trx: Db, releaseId: string, upc: string): Promise<void> {
  await trx
    .updateTable("release")
    .set({ upc, upcClaim: upc.padStart(13, "0") })
    .where("id", "=", releaseId)
    .execute();
}
