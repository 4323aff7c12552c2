import type { Kysely } from "kysely";
import { trackDisplayTitle } from "../../../shared/release-format";
import type { Database } from "../../db/schema";
import { productKey, type Product } from "./earnings-rows";
import { releasesByIds, tracksByIds, type EarningsSum } from "./wallet-repository";

/**
 * Titles and ISRCs of the tracks and releases these sums name, added to
 * `known` (which the CSV carries from batch to batch, so each is read once).
 */
export async function productsOf(
  db: Kysely<Database>,
  sums: readonly Pick<EarningsSum, "trackId" | "releaseId">[],
  known = new Map<string, Product>(),
): Promise<Map<string, Product>> {
  const trackIds = new Set<string>();
  const releaseIds = new Set<string>();
  for (const s of sums) {
    const key = productKey(s);
    if (known.has(key)) continue;
    if (s.trackId) trackIds.add(s.trackId);
    else if (s.releaseId) releaseIds.add(s.releaseId);
  }
  const [tracks, releases] = await Promise.all([
    tracksByIds(db, [...trackIds]),
    releasesByIds(db, [...releaseIds]),
  ]);
  for (const t of tracks) {
    known.set(t.id, { key: t.id, title: trackDisplayTitle(t), isrc: t.isrc });
  }
  for (const r of releases) {
    known.set(`release:${r.id}`, { key: `release:${r.id}`, title: r.title, isrc: "" });
  }
  return known;
}
