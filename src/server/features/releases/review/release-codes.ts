import type { Transaction } from "kysely";
import { gs1CheckDigit, isValidUpc, normalizeIsrc } from "../../../../shared/release-codes";
import { releaseReviewMessages as m } from "../../../../shared/release-review-messages";
import type { Database } from "../../../db/schema";
import { HttpError } from "../../../http/errors";

type Trx = Transaction<Database>;

/**
 * The codes an approval assigns (decision 099). Each comes from a counter
 * row raised with UPDATE … RETURNING inside the approving transaction: on
 * PostgreSQL the row lock makes a second approval wait for the first to
 * commit and then read its value, on SQLite the write lock does the same,
 * so no two approvals — on one instance or many — get the same number. A
 * number whose code someone already holds (an artist's own ISRC or UPC) is
 * skipped, never handed out.
 */

export const ISRC_COUNTER_MAX = 99_999;

export interface CodePrefixes {
  /** Compact ISRC country code and registrant, e.g. INA1B. */
  isrcPrefix: string;
  /** The label's GS1 company prefix, 6–10 digits. */
  upcPrefix: string;
}

/** The next value of a counter (created at 0 on first use), raised by one. */
export async function nextCounterValue(trx: Trx, name: string): Promise<number> {
  await trx
    .insertInto("code_counter")
    .values({ name, value: 0 })
    .onConflict((oc) => oc.column("name").doNothing())
    .execute();
  const row = await trx
    .updateTable("code_counter")
    .set((eb) => ({ value: eb("value", "+", 1) }))
    .where("name", "=", name)
    .returning("value")
    .executeTakeFirstOrThrow();
  return row.value;
}

export function isrcOf(prefix: string, year: number, counter: number): string {
  return `${prefix}${String(year % 100).padStart(2, "0")}${String(counter).padStart(5, "0")}`;
}

/** UPC-A: the prefix, the counter padded to fill 11 digits, the GS1 check digit. */
export function upcOf(prefix: string, counter: number): string {
  const body = `${prefix}${String(counter).padStart(11 - prefix.length, "0")}`;
  return `${body}${gs1CheckDigit(body)}`;
}

export function upcCounterMax(prefix: string): number {
  return 10 ** (11 - prefix.length) - 1;
}

/** A new ISRC no track of any release claims yet. */
export async function assignIsrc(trx: Trx, prefix: string, now: number): Promise<string> {
  const year = new Date(now).getUTCFullYear();
  const counter = `isrc:${prefix}:${year % 100}`;
  for (;;) {
    const value = await nextCounterValue(trx, counter);
    if (value > ISRC_COUNTER_MAX) throw new HttpError(409, m.isrcExhausted, undefined, "EXHAUSTED");
    const isrc = isrcOf(prefix, year, value);
    const held = await trx
      .selectFrom("release_track")
      .select("id")
      .where((eb) => eb.or([eb("isrcClaim", "=", isrc), eb("isrc", "=", isrc)]))
      .executeTakeFirst();
    if (!held) return isrc;
  }
}

/** A new UPC no release carries yet. */
export async function assignUpc(trx: Trx, prefix: string): Promise<string> {
  const max = upcCounterMax(prefix);
  for (;;) {
    const value = await nextCounterValue(trx, `upc:${prefix}`);
    if (value > max) throw new HttpError(409, m.upcExhausted, undefined, "EXHAUSTED");
    const upc = upcOf(prefix, value);
    const held = await trx
      .selectFrom("release")
      .select("id")
      .where("upc", "=", upc)
      .executeTakeFirst();
    if (!held) return upc;
  }
}

/** ISRCs for the tracks without one, a UPC when the release has none: in the approving transaction. */
export async function assignMissingCodes(
  trx: Trx,
  row: { id: string; upc: string },
  prefixes: CodePrefixes,
  now: number,
): Promise<void> {
  const tracks = await trx
    .selectFrom("release_track")
    .select(["id", "isrc"])
    .where("releaseId", "=", row.id)
    .orderBy("position")
    .execute();
  for (const track of tracks) {
    if (normalizeIsrc(track.isrc)) continue;
    // Stored compact (INA1B2600001), the form the portal-wide claim compares.
    const isrc = await assignIsrc(trx, prefixes.isrcPrefix, now);
    await trx
      .updateTable("release_track")
      .set({ isrc, isrcClaim: isrc })
      .where("releaseId", "=", row.id)
      .where("id", "=", track.id)
      .execute();
  }
  if (!isValidUpc(row.upc)) {
    const upc = await assignUpc(trx, prefixes.upcPrefix);
    await trx.updateTable("release").set({ upc }).where("id", "=", row.id).execute();
    row.upc = upc;
  }
}
