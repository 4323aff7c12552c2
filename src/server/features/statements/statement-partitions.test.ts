import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { stagedGroup as group } from "../../test/staged-group";
import { CODE_SPREAD, PARTITIONS, partitionOf } from "./statement-stager-repository";

/*
 * Where SQLite stages a group (decision 143): every part of a group in one
 * partition, and a code's groups in one block of CODE_SPREAD neighbouring
 * partitions, so that a range of partitions names few codes.
 */

const STORES = ["Spotify", "Apple Music", "JioSaavn", "Gaana", "Wynk Music"];
const COUNTRIES = ["IN", "US", "GB", "AE", "NP", "BD", "CA"];

const isrcs = fc.stringMatching(/^[A-Z]{2}[A-Z0-9]{3}\d{7}$/);
const keys = fc.record({
  isrc: fc.option(isrcs, { nil: null }),
  upc: fc.stringMatching(/^\d{13}$/),
  store: fc.constantFrom(...STORES),
  country: fc.constantFrom(...COUNTRIES),
  saleMonth: fc.constantFrom("2026-01", "2026-06", "2026-12"),
});

describe("statement partitions", () => {
  it("puts every part of a group in the same partition, whatever else the part carries", () => {
    fc.assert(
      fc.property(
        keys,
        fc.bigInt(),
        fc.integer({ min: 1 }),
        fc.string(),
        (key, units, lines, title) => {
          const first = partitionOf(group(key));
          const other = partitionOf(group({ ...key, rupeeUnits: units, lineCount: lines, title }));
          expect(other).toBe(first);
          expect(first).toBeGreaterThanOrEqual(0);
          expect(first).toBeLessThan(PARTITIONS);
        },
      ),
    );
  });

  it("keeps a code's groups in one block of neighbouring partitions, spread across it", () => {
    fc.assert(
      fc.property(isrcs, (isrc) => {
        const partitions = new Set<number>();
        for (const store of STORES)
          for (const country of COUNTRIES)
            for (let month = 1; month <= 12; month++)
              partitions.add(
                partitionOf(
                  group({
                    isrc,
                    store,
                    country,
                    saleMonth: `2026-${String(month).padStart(2, "0")}`,
                  }),
                ),
              );
        const blocks = new Set([...partitions].map((p) => Math.floor(p / CODE_SPREAD)));
        expect(blocks.size).toBe(1);
        // 420 groups of one code use most of its block, so its slices stay short.
        expect(partitions.size).toBeGreaterThan(CODE_SPREAD / 2);
      }),
    );
  });

  it("spreads codes over every block", () => {
    const blocks = new Set<number>();
    for (let n = 0; n < 5_000; n++) {
      const isrc = `INA1B26${String(n).padStart(5, "0")}`;
      blocks.add(Math.floor(partitionOf(group({ isrc })) / CODE_SPREAD));
    }
    expect(blocks.size).toBe(PARTITIONS / CODE_SPREAD);
  });
});
