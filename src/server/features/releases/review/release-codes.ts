import type { Kysely } from "kysely";
import { gs1CheckDigit, isValidUpc, normalizeIsrc, upcKey } from "../../../../shared/release-codes";
import { releaseMessages } from "../../../../shared/release-messages";
import { releaseReviewMessages as m } from "../../../../shared/release-review-messages";
import type { Database } from "../../../db/schema";
import { HttpError } from "../../../http/errors";
import { findTracks } from "../release-repository";
import { setUpcClaim, upcClaimedElsewhere } from "../release-upc-repository";
import {
  heldIsrcs,
  heldUpcs,
  raiseCounter,
  setReleaseUpc,
  setTrackIsrc,
} from "./release-code-repository";

type Trx = Kysely<Database>;

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

/**
 * `count` numbers of a counter no one holds yet: the counter is raised by
 * what is still missing, and a number whose code is held (an artist's own
 * ISRC or UPC) is skipped, never handed out. One raise and one look-up per
 * round, whatever the count.
 */
async function freshCodes(
  trx: Trx,
  counter: string,
  count: number,
  max: number,
  codeOf: (value: number) => string,
  held: (codes: string[]) => Promise<Set<string>>,
  exhausted: string,
): Promise<string[]> {
  const codes: string[] = [];
  while (codes.length < count) {
    const missing = count - codes.length;
    const last = await raiseCounter(trx, counter, missing);
    if (last > max) throw new HttpError(409, exhausted, undefined, "EXHAUSTED");
    const block = Array.from({ length: missing }, (_, i) => codeOf(last - missing + 1 + i));
    const taken = await held(block);
    codes.push(...block.filter((code) => !taken.has(code)));
  }
  return codes;
}

/** ISRCs for the tracks without one, a UPC when the release has none: in the approving transaction. */
export async function assignMissingCodes(
  trx: Trx,
  row: { id: string; upc: string; upcClaim: string | null },
  prefixes: CodePrefixes,
  now: number,
): Promise<void> {
  const tracks = await findTracks(trx, [row.id]);
  const needIsrc = tracks.filter((track) => !normalizeIsrc(track.isrc));
  if (needIsrc.length > 0) {
    const year = new Date(now).getUTCFullYear();
    const prefix = prefixes.isrcPrefix;
    const isrcs = await freshCodes(
      trx,
      `isrc:${prefix}:${year % 100}`,
      needIsrc.length,
      ISRC_COUNTER_MAX,
      (value) => isrcOf(prefix, year, value),
      (codes) => heldIsrcs(trx, codes),
      m.isrcExhausted,
    );
    // Stored compact (INA1B2600001), the form the portal-wide claim compares.
    for (const [i, track] of needIsrc.entries()) {
      await setTrackIsrc(trx, row.id, track.id, isrcs[i]!);
    }
  }
  const typed = upcKey(row.upc);
  if (typed) {
    await claimTypedUpc(trx, row, typed);
  } else if (!isValidUpc(row.upc)) {
    const prefix = prefixes.upcPrefix;
    const [upc] = await freshCodes(
      trx,
      `upc:${prefix}`,
      1,
      upcCounterMax(prefix),
      (value) => upcOf(prefix, value),
      (codes) => heldUpcs(trx, codes),
      m.upcExhausted,
    );
    await setReleaseUpc(trx, row.id, upc!);
    row.upc = upc!;
  }
}

/**
 * The artist's own UPC, claimed since its submission; a release from before
 * the claims (decision 104) that repeats another's UPC is refused here, so
 * no approval gives one UPC to two releases.
 */
async function claimTypedUpc(
  trx: Trx,
  row: { id: string; upcClaim: string | null },
  key: string,
): Promise<void> {
  if (row.upcClaim === key) return;
  if (await upcClaimedElsewhere(trx, row.id, key)) {
    throw new HttpError(
      409,
      releaseMessages.upcTaken,
      { upc: releaseMessages.upcTaken },
      "UPC_TAKEN",
    );
  }
  await setUpcClaim(trx, row.id, key);
  row.upcClaim = key;
}
