import { describe, expect, it } from "vitest";
import { LineCombiner } from "./statement-combiner";
import type { StatementLine } from "./statement-lines";

const USD = 84_500_000n; // 84.5 rupees, in 10⁻⁶
const INR = 1_000_000n;

const line = (fields: Partial<StatementLine>): StatementLine => ({
  lineNo: 2,
  isrc: "INA1B2600001",
  upc: null,
  store: "Spotify",
  country: "IN",
  saleMonth: "2026-10",
  quantity: 1n,
  currency: "USD",
  amount: 10_000_000_000n, // 1.0
  title: null,
  artist: null,
  ...fields,
});

/** A combiner whose lines must all be summed: none may pass through. */
const summing = () =>
  new LineCombiner(() => {
    throw new Error("no line should pass through");
  });

/** A combiner whose passed lines are recorded, as their country and amount at the time. */
function passing() {
  const passed: { country: string; lineCount: number; rupeeUnits: bigint }[] = [];
  const combiner = new LineCombiner((l, rupeeUnits) =>
    passed.push({ country: l.country, lineCount: 1, rupeeUnits }),
  );
  return { combiner, passed };
}

describe("summing lines by group while reading", () => {
  it("adds up each group's lines exactly, in rupees, whatever their currency", () => {
    const combiner = summing();
    combiner.add(line({ quantity: 2n, amount: 1_234_567_891n }), USD);
    combiner.add(line({ quantity: 3n, amount: -1n, currency: "INR" }), INR);
    combiner.add(line({ quantity: 5n, amount: 7n }), USD);
    expect(combiner.size).toBe(1);
    const [sum] = combiner.drain();
    expect(sum).toMatchObject({ quantity: 10n, lineCount: 3 });
    expect(sum!.rupeeUnits).toBe(1_234_567_891n * USD - INR + 7n * USD);
  });

  it("keeps apart lines that differ in code, kind, store, country or month", () => {
    const combiner = summing();
    const base = line({});
    combiner.add(base, USD);
    combiner.add(line({ isrc: "INA1B2600002" }), USD);
    // The same characters as an ISRC and as a UPC are two codes.
    combiner.add(line({ isrc: null, upc: "INA1B2600001" }), USD);
    // Fields swapped between store and country are another place.
    combiner.add(line({ store: "IN", country: "Spotify" }), USD);
    combiner.add(line({ country: "US" }), USD);
    combiner.add(line({ saleMonth: "2026-11" }), USD);
    combiner.add(line({ amount: 5n }), USD);
    const sums = combiner.drain();
    expect(sums).toHaveLength(6);
    expect(sums[2]).toMatchObject({ isrc: null, upc: "INA1B2600001" });
    expect(sums[0]).toMatchObject({ lineCount: 2, rupeeUnits: (10_000_000_000n + 5n) * USD });
  });

  it("keeps a line's ISRC as its code, its UPC out of the group, and the first title and artist", () => {
    const combiner = summing();
    combiner.add(line({ upc: "8901234560017", title: null, artist: "Zed" }), USD);
    combiner.add(line({ upc: "8901234560024", title: "First", artist: "Abe" }), USD);
    combiner.add(line({ title: "Second" }), USD);
    expect(combiner.drain()).toEqual([
      expect.objectContaining({ isrc: "INA1B2600001", upc: null, title: "First", artist: "Zed" }),
    ]);
  });

  it("is full at 16,384 groups, and empty after a drain", () => {
    const { combiner, passed } = passing();
    for (let i = 0; i < 16_383; i++) combiner.add(line({ country: `C${i}` }), USD);
    expect(combiner.full).toBe(false);
    combiner.add(line({ country: "last" }), USD);
    expect(combiner.full).toBe(true);
    expect(combiner.drain()).toHaveLength(16_384);
    expect(combiner.size).toBe(0);
    // Those were groups of one line each: the next line passes through.
    combiner.add(line({ country: "C0" }), USD);
    expect(combiner.drain()).toEqual([]);
    expect(passed).toEqual([expect.objectContaining({ country: "C0", lineCount: 1 })]);
  });

  it("passes lines through while they are mostly groups of their own, then sums again", () => {
    const { combiner, passed } = passing();
    for (let i = 0; i < 16_384; i++) combiner.add(line({ country: `C${i}` }), USD);
    combiner.drain();
    // One line a group: the next lines are handed over one by one, as parts of their own, converted.
    for (let i = 0; i < 512; i++) combiner.add(line({ amount: BigInt(i) }), USD);
    expect(combiner.size).toBe(0);
    expect(combiner.full).toBe(false);
    expect(passed).toHaveLength(512);
    expect(passed[7]).toEqual({ country: "IN", lineCount: 1, rupeeUnits: 7n * USD });
    // 16 drains' worth of lines later, a group's lines are summed again.
    for (let i = 512; i < 16 * 16_384 + 2; i++) combiner.add(line({}), USD);
    expect(passed).toHaveLength(16 * 16_384);
    expect(combiner.drain()).toEqual([expect.objectContaining({ lineCount: 2 })]);
  });

  it("keeps summing while the lines share their groups", () => {
    const combiner = summing();
    for (let i = 0; i < 2 * 16_384; i++) combiner.add(line({ country: `C${i % 16_384}` }), USD);
    expect(combiner.drain()).toHaveLength(16_384);
    combiner.add(line({}), USD);
    combiner.add(line({}), USD);
    expect(combiner.drain()).toEqual([expect.objectContaining({ lineCount: 2 })]);
  });

  it("keeps what it needs of a line, which the reading then overwrites", () => {
    // The reading reads every line into one object (decision 125).
    const reused = line({ title: "First" });
    const combiner = summing();
    combiner.add(reused, USD);
    Object.assign(reused, line({ isrc: "INA1B2600002", store: "Gaana", title: "Other" }));
    combiner.add(reused, USD);
    expect(combiner.drain()).toEqual([
      expect.objectContaining({ isrc: "INA1B2600001", store: "Spotify", title: "First" }),
      expect.objectContaining({ isrc: "INA1B2600002", store: "Gaana", title: "Other" }),
    ]);
  });
});
