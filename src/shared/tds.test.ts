import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { applyRate, percentOf, tdsFor, type TdsInput, type TdsRules } from "./tds";

/** The defaults: 10% with a PAN, 20% without, Rs.50,000 a year free. */
const rules: TdsRules = {
  rateBasisPoints: 1000,
  noPanRateBasisPoints: 2000,
  thresholdPaise: 50_000_00n,
};
const rs = (rupees: number) => BigInt(Math.round(rupees * 100));
const tds = (input: Partial<TdsInput> & { amountPaise: bigint }) =>
  tdsFor(rules, { yearWithdrawnPaise: 0n, yearTdsPaise: 0n, hasPan: true, ...input });

describe("tdsFor: the year's threshold", () => {
  it("deducts nothing while the year, this withdrawal included, stays at or under Rs.50,000", () => {
    expect(tds({ amountPaise: rs(500) })).toEqual({
      tdsPaise: 0n,
      netPaise: rs(500),
      rateBasisPoints: 0,
    });
    expect(tds({ amountPaise: rs(20_000), yearWithdrawnPaise: rs(30_000) }).tdsPaise).toBe(0n);
    expect(tds({ amountPaise: rs(50_000) }).tdsPaise).toBe(0n);
  });

  it("the withdrawal that crosses it deducts the rate on the whole year, less TDS already deducted", () => {
    // 30,000 earlier + 30,000 now = 60,000: 10% of 60,000 = 6,000.
    expect(tds({ amountPaise: rs(30_000), yearWithdrawnPaise: rs(30_000) })).toEqual({
      tdsPaise: rs(6_000),
      netPaise: rs(24_000),
      rateBasisPoints: 1000,
    });
    // One paisa over: 10% of 50,000.01 = 5,000.001, rounded to 5,000.00 (capped by nothing).
    expect(tds({ amountPaise: rs(10_000.01), yearWithdrawnPaise: rs(40_000) }).tdsPaise).toBe(
      rs(5_000),
    );
    // TDS already deducted that year (say, before a PAN rate change) is subtracted.
    expect(
      tds({ amountPaise: rs(30_000), yearWithdrawnPaise: rs(30_000), yearTdsPaise: rs(1_000) })
        .tdsPaise,
    ).toBe(rs(5_000));
  });

  it("later withdrawals deduct the rate on their own amount", () => {
    expect(tds({ amountPaise: rs(1_000), yearWithdrawnPaise: rs(60_000) })).toEqual({
      tdsPaise: rs(100),
      netPaise: rs(900),
      rateBasisPoints: 1000,
    });
  });

  it("deducts at the higher rate without a PAN", () => {
    expect(
      tds({ amountPaise: rs(30_000), yearWithdrawnPaise: rs(30_000), hasPan: false }).tdsPaise,
    ).toBe(rs(12_000));
    expect(
      tds({ amountPaise: rs(1_000), yearWithdrawnPaise: rs(60_000), hasPan: false }),
    ).toMatchObject({ tdsPaise: rs(200), rateBasisPoints: 2000 });
  });

  it("never deducts more than the withdrawal: a small one crossing the line gives at most itself", () => {
    // 49,900 + 500 = 50,400; 10% is 5,040, more than the 500 withdrawn.
    expect(tds({ amountPaise: rs(500), yearWithdrawnPaise: rs(49_900) })).toEqual({
      tdsPaise: rs(500),
      netPaise: 0n,
      rateBasisPoints: 1000,
    });
  });

  it("refuses amounts that cannot be a withdrawal", () => {
    expect(() => tds({ amountPaise: 0n })).toThrow(RangeError);
    expect(() => tds({ amountPaise: -1n })).toThrow(RangeError);
    expect(() => tds({ amountPaise: 1n, yearWithdrawnPaise: -1n })).toThrow(RangeError);
  });
});

describe("applyRate: rounding to the nearest paisa, halves up", () => {
  it.each([
    [5n, 1000, 1n], // 0.5 paisa → 1
    [4n, 1000, 0n], // 0.4 → 0
    [14n, 1000, 1n], // 1.4 → 1
    [15n, 1000, 2n], // 1.5 → 2
    [25n, 2000, 5n], // exact
    [1n, 5000, 1n], // 0.5 → 1
    [333n, 75, 2n], // 0.75% of 3.33 = 2.4975 → 2
    [0n, 1000, 0n],
  ])("%s paise at %s bp is %s", (value, bp, expected) => {
    expect(applyRate(value, bp)).toBe(expected);
  });
});

const paise = (max: bigint) => fc.bigInt({ min: 0n, max });
const positivePaise = (max: bigint) => fc.bigInt({ min: 1n, max });
const anyRules = fc.record({
  rateBasisPoints: fc.integer({ min: 0, max: 10_000 }),
  noPanRateBasisPoints: fc.integer({ min: 0, max: 10_000 }),
  thresholdPaise: paise(10_000_000_00n),
});

/** Runs a year of withdrawals through the rule, as the withdrawal step will. */
function runYear(r: TdsRules, amounts: bigint[], hasPan: boolean) {
  let withdrawn = 0n;
  let deducted = 0n;
  const results = amounts.map((amountPaise) => {
    const result = tdsFor(r, {
      amountPaise,
      yearWithdrawnPaise: withdrawn,
      yearTdsPaise: deducted,
      hasPan,
    });
    withdrawn += amountPaise;
    deducted += result.tdsPaise;
    return result;
  });
  return { results, withdrawn, deducted };
}

describe("tdsFor: properties", () => {
  it("TDS and what the artist receives add up to the amount, and neither is negative", () => {
    fc.assert(
      fc.property(
        anyRules,
        positivePaise(1_000_000_00n),
        paise(10_000_000_00n),
        paise(1_000_000_00n),
        fc.boolean(),
        (r, amountPaise, yearWithdrawnPaise, yearTdsPaise, hasPan) => {
          const { tdsPaise, netPaise } = tdsFor(r, {
            amountPaise,
            yearWithdrawnPaise,
            yearTdsPaise,
            hasPan,
          });
          expect(tdsPaise).toBeGreaterThanOrEqual(0n);
          expect(netPaise).toBeGreaterThanOrEqual(0n);
          expect(tdsPaise + netPaise).toBe(amountPaise);
        },
      ),
    );
  });

  it("a year that stays at or under the threshold deducts nothing", () => {
    fc.assert(
      fc.property(
        anyRules,
        fc.array(positivePaise(5_000_00n), { minLength: 1, maxLength: 20 }),
        fc.boolean(),
        (r, amounts, hasPan) => {
          const total = amounts.reduce((a, b) => a + b, 0n);
          fc.pre(total <= r.thresholdPaise);
          expect(runYear(r, amounts, hasPan).deducted).toBe(0n);
        },
      ),
    );
  });

  it("once a year crosses the threshold with withdrawals the rate covers, its TDS is the rate on the whole year, within a paisa per withdrawal", () => {
    fc.assert(
      fc.property(
        anyRules,
        fc.array(positivePaise(2_000_000_00n), { minLength: 1, maxLength: 12 }),
        fc.boolean(),
        (r, amounts, hasPan) => {
          const { results, withdrawn, deducted } = runYear(r, amounts, hasPan);
          fc.pre(withdrawn > r.thresholdPaise);
          // Only when no withdrawal was capped at its own amount (it then kept
          // something): at a 100% rate every one nets nothing and the crossing
          // one is capped whenever the year had earlier withdrawals.
          const rate = hasPan ? r.rateBasisPoints : r.noPanRateBasisPoints;
          fc.pre(results.every((x) => x.netPaise > 0n));
          const exact = applyRate(withdrawn, rate);
          const slack = BigInt(amounts.length);
          expect(deducted).toBeGreaterThanOrEqual(exact - slack);
          expect(deducted).toBeLessThanOrEqual(exact + slack);
        },
      ),
    );
  });

  it("deducts more without a PAN whenever the higher rate is higher", () => {
    fc.assert(
      fc.property(
        positivePaise(1_000_000_00n),
        paise(10_000_000_00n),
        (amountPaise, yearWithdrawnPaise) => {
          const input = { amountPaise, yearWithdrawnPaise, yearTdsPaise: 0n };
          const withPan = tdsFor(rules, { ...input, hasPan: true }).tdsPaise;
          const withoutPan = tdsFor(rules, { ...input, hasPan: false }).tdsPaise;
          expect(withoutPan).toBeGreaterThanOrEqual(withPan);
        },
      ),
    );
  });
});

describe("percentOf", () => {
  it("reads basis points as a percent", () => {
    expect(percentOf(1000)).toBe("10");
    expect(percentOf(2000)).toBe("20");
    expect(percentOf(75)).toBe("0.75");
  });
});
