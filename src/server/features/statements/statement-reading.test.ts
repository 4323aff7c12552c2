import { describe, expect, it } from "vitest";
import { proposeMapping } from "./statement-columns";
import { compactIsrc, compactUpc, emptyLine, readLine, type LineRules } from "./statement-lines";
import { basisPointsFromPercent, percentText } from "../../../shared/basis-points";
import {
  divideHalfUp,
  parseDecimal,
  parseRate,
  roundToPaise,
  splitGroup,
  toRupeeUnits,
} from "./statement-money";
import { parseSaleMonth } from "./statement-months";
import { sniffDelimiter } from "./statement-reader";

describe("exact statement money", () => {
  it("reads decimals exactly in 10⁻¹⁰, or refuses them", () => {
    expect(parseDecimal("1")).toBe(10_000_000_000n);
    expect(parseDecimal("0.0000000001")).toBe(1n);
    expect(parseDecimal("-0.5")).toBe(-5_000_000_000n);
    expect(parseDecimal("(12.50)")).toBe(-125_000_000_000n);
    expect(parseDecimal("1,234.5")).toBe(12_345_000_000_000n);
    expect(parseDecimal("1.5E-3")).toBe(15_000_000n);
    expect(parseDecimal("0.00000000005")).toBe(1n);
    expect(parseDecimal(".25")).toBe(2_500_000_000n);
    for (const bad of ["abc", "", "1.2.3", "--1", "1e", "."]) expect(parseDecimal(bad)).toBeNull();
  });

  it("reads a comma only between digit groups, never as a decimal comma or a typo", () => {
    expect(parseDecimal("1,234")).toBe(12_340_000_000_000n);
    expect(parseDecimal("$1,234,567.25")).toBe(12_345_672_500_000_000n);
    expect(parseDecimal("-1,000.5")).toBe(-10_005_000_000_000n);
    expect(parseDecimal("(1,234.50)")).toBe(-12_345_000_000_000n);
    expect(parseDecimal("₹ 12,345")).toBe(123_450_000_000_000n);
    // Read as 1250, 34, 1.23456 and 123 before: a decimal comma, or a typo.
    for (const bad of ["12,50", "0,0034", "1.234,56", "1,2,3", ",5", "1,", "1234,567", "1,234,5"])
      expect(parseDecimal(bad)).toBeNull();
    for (const bad of ["1,234E3", "12,3456", "1 234,56", "-0,5"])
      expect(parseDecimal(bad)).toBeNull();
  });

  it("reads spaces and underscores as separators only between digit groups, the Indian way too", () => {
    expect(parseDecimal("1 234.56")).toBe(12_345_600_000_000n);
    expect(parseDecimal("1\u00a0234\u00a0567")).toBe(12_345_670_000_000_000n);
    expect(parseDecimal("1_000")).toBe(10_000_000_000_000n);
    expect(parseDecimal("12,34,567.89")).toBe(12_345_678_900_000_000n);
    expect(parseDecimal("₹ 1,23,45,678")).toBe(123_456_780_000_000_000n);
    expect(parseDecimal("1 23 456")).toBe(1_234_560_000_000_000n);
    expect(parseDecimal("- 12.50")).toBe(-125_000_000_000n);
    expect(parseDecimal("( 1 234.50 )")).toBe(-12_345_000_000_000n);
    expect(parseDecimal("1\u202f234")).toBe(12_340_000_000_000n);
    // Read as 1250, 1234, 12345, 1234567 and 123 before: a decimal space or comma, a typo, two cells.
    for (const bad of ["12 50", "12 34", "1 2345", "123 456 7", "1,23", "1 234,567", "1,234 567"])
      expect(parseDecimal(bad)).toBeNull();
    for (const bad of ["0,123", "00,123", "0 123", "-0,500", "(0,123)", "1\t234", "1\n234"])
      expect(parseDecimal(bad)).toBeNull();
  });

  it("reads a hostile cell in linear time (no regular expression backtracks on it)", () => {
    const started = performance.now();
    for (const n of [1_000, 10_000]) {
      for (const cell of [`(${" ".repeat(n)}x`, `(${" ".repeat(n)}x)`, `${"1,".repeat(n)}1`]) {
        expect(parseDecimal(cell)).toBeNull();
      }
    }
    // Linear: well under a millisecond. The cubic pattern it replaces took 2.9 s at 2,000 spaces.
    expect(performance.now() - started).toBeLessThan(1_000);
  });

  it("refuses an amount beyond 10¹² of its currency, however it is written", () => {
    const bound = 10n ** 22n;
    expect(parseDecimal("1000000000000")).toBe(bound);
    expect(parseDecimal("-1,000,000,000,000.00")).toBe(-bound);
    expect(parseDecimal("1E12")).toBe(bound);
    expect(parseDecimal("999999999999.9999999999")).toBe(bound - 1n);
    expect(parseDecimal("0000000000000001")).toBe(10n ** 10n);
    expect(parseDecimal("1e-999")).toBe(0n);
    for (const bad of [
      "1e999",
      "-1E999",
      "99999999999999999999",
      "1000000000000.0000000001",
      "1000000000001",
      "(1,000,000,000,000.01)",
      "1.0000000000001e12",
      "1e13",
      "$10000000000000",
    ])
      expect(parseDecimal(bad)).toBeNull();
  });

  it("reads rates above 0 with at most 6 decimals", () => {
    expect(parseRate("84.5")).toBe(84_500_000n);
    expect(parseRate("0.000001")).toBe(1n);
    for (const bad of ["0", "0.0", "1.1234567", "-1", "x"]) expect(parseRate(bad)).toBeNull();
  });

  it("rounds half up, away from zero, so a refund mirrors its sale", () => {
    expect(divideHalfUp(5n, 10n)).toBe(1n);
    expect(divideHalfUp(4n, 10n)).toBe(0n);
    expect(divideHalfUp(-5n, 10n)).toBe(-1n);
    expect(divideHalfUp(-4n, 10n)).toBe(0n);
    // 0.005 rupees is half a paisa: 1 paisa; 1 USD at 84.5 is 8450 paise.
    expect(roundToPaise(toRupeeUnits(parseDecimal("0.005")!, parseRate("1")!))).toBe(1n);
    expect(roundToPaise(toRupeeUnits(parseDecimal("1")!, parseRate("84.5")!))).toBe(8450n);
    expect(roundToPaise(toRupeeUnits(parseDecimal("0.0049999999")!, parseRate("1")!))).toBe(0n);
  });

  it("splits a group so that nothing is created or lost", () => {
    expect(splitGroup(33n, 7000)).toEqual({ artist: 23n, label: 10n });
    expect(splitGroup(1n, 8500)).toEqual({ artist: 1n, label: 0n });
    expect(splitGroup(-1n, 8500)).toEqual({ artist: -1n, label: 0n });
    for (let amount = -200n; amount <= 200n; amount++) {
      const { artist, label } = splitGroup(amount, 8550);
      expect(artist + label).toBe(amount);
    }
  });

  it("writes rates as the page shows them", () => {
    expect(percentText(8500)).toBe("85");
    expect(percentText(8250)).toBe("82.5");
    expect(percentText(8255)).toBe("82.55");
    expect(basisPointsFromPercent("82.5")).toBe(8250);
    expect(basisPointsFromPercent("100")).toBe(10_000);
  });
});

describe("reading a statement's lines", () => {
  it("reads the months the stores write", () => {
    expect(parseSaleMonth("2026-10")).toBe("2026-10");
    expect(parseSaleMonth("2026-10-31")).toBe("2026-10");
    expect(parseSaleMonth("10/2026")).toBe("2026-10");
    expect(parseSaleMonth("2026M10")).toBe("2026-10");
    expect(parseSaleMonth("Oct 2026")).toBe("2026-10");
    expect(parseSaleMonth("September 2026")).toBe("2026-09");
    for (const bad of ["13/2026", "2026-13", "Octo", "2026", ""])
      expect(parseSaleMonth(bad)).toBeNull();
  });

  it("reads each record into the one line it is given, or answers its error", () => {
    const rules: LineRules = {
      columns: {
        isrc: 0,
        upc: 4,
        store: 1,
        country: null,
        saleMonth: null,
        quantity: null,
        netRevenue: 2,
        currency: null,
        title: 3,
        artist: null,
      },
      lastColumn: 4,
      store: null,
      saleMonth: "2026-10",
      currency: "USD",
    };
    const line = emptyLine();
    const read = (cells: string[], lineNo: number) => readLine(cells, lineNo, rules, line);
    expect(read(["in-a1b-2600001", "Spotify", "1.5", "Song", "890123456001"], 2)).toBeNull();
    // A line with an ISRC is its track's sale: its UPC is not read.
    expect(line).toMatchObject({ lineNo: 2, isrc: "INA1B2600001", upc: null });
    expect(line.amount).toBe(15_000_000_000n);
    expect(read(["", "", "-2", "", "890123456001"], 3)).toBeNull();
    expect(line).toMatchObject({ lineNo: 3, isrc: null, upc: "0890123456001", store: "Other" });
    expect(line.title).toBeNull();
    expect(read(["INA1B2600003", "Gaana", "abc", "", ""], 4)).toBe(
      'Line 4: Net revenue "abc" is not a number.',
    );
    expect(read(["INA1B2600003", "Gaana", "12,50", "", ""], 5)).toBe(
      'Line 5: Net revenue "12,50" is not a number.',
    );
    expect(read(["INA1B2600003", "Gaana", "12 50", "", ""], 6)).toBe(
      'Line 6: Net revenue "12 50" is not a number.',
    );
    expect(read(["INA1B2600003", "Gaana", "12,34,567.5", "", ""], 7)).toBeNull();
    expect(line.amount).toBe(12_345_675_000_000_000n);
    // PostgreSQL cannot store NUL: a line error on both engines, wherever it stands.
    const withNul: string[][] = [
      ["INA1B2600003", "Gaa\u0000na", "1", "", ""],
      ["INA1B2600003", "Gaana", "1", "So\u0000ng", ""],
      ["INA1B\u00002600003", "Gaana", "1", "", ""],
    ];
    for (const [i, cells] of withNul.entries()) {
      expect(read(cells, 8 + i)).toBe(`Line ${8 + i}: a cell holds an invisible NUL character.`);
    }
  });

  it("reads a quantity's separators only between digit groups, and up to 10¹²", () => {
    const rules: LineRules = {
      columns: {
        isrc: 0,
        upc: null,
        store: null,
        country: null,
        saleMonth: null,
        quantity: 1,
        netRevenue: 2,
        currency: null,
        title: null,
        artist: null,
      },
      lastColumn: 2,
      store: "Spotify",
      saleMonth: "2026-10",
      currency: "INR",
    };
    const line = emptyLine();
    const read = (quantity: string) => readLine(["INA1B2600001", quantity, "1"], 7, rules, line);
    expect(read("1,234,567")).toBeNull();
    expect(line.quantity).toBe(1_234_567n);
    expect(read("-1,000")).toBeNull();
    expect(line.quantity).toBe(-1000n);
    expect(read("1000000000000")).toBeNull();
    expect(line.quantity).toBe(10n ** 12n);
    expect(read("12,34,567")).toBeNull();
    expect(line.quantity).toBe(1_234_567n);
    expect(read("1 234")).toBeNull();
    expect(line.quantity).toBe(1234n);
    for (const bad of [
      "12,5",
      "1,2,3",
      "1,23",
      "1.234,0",
      "12 5",
      "1 2 3",
      "1000000000001",
      "-99999999999999999999",
    ])
      expect(read(bad)).toBe(`Line 7: Quantity "${bad}" is not a number.`);
  });

  it("compacts codes as they are matched", () => {
    expect(compactIsrc("in-a1b-26 00001")).toBe("INA1B2600001");
    expect(compactUpc("890123456001-7")).toBe("8901234560017");
    expect(compactUpc("012345678905")).toBe("0012345678905");
  });

  it("sniffs the delimiter and proposes columns from the stores' names", () => {
    expect(sniffDelimiter("ISRC\tStore\tNet Revenue")).toBe("\t");
    expect(sniffDelimiter("ISRC;Store;Net Revenue")).toBe(";");
    expect(sniffDelimiter("ISRC,Store,Net Revenue")).toBe(",");
    expect(
      proposeMapping([
        "Track ISRC",
        "DSP",
        "Territory",
        "Period",
        "Units",
        "Total Earned",
        "Net Sales Currency",
        "UPC",
      ]),
    ).toEqual({
      isrc: "Track ISRC",
      upc: "UPC",
      store: "DSP",
      country: "Territory",
      saleMonth: "Period",
      quantity: "Units",
      netRevenue: "Total Earned",
      currency: "Net Sales Currency",
    });
  });
});
