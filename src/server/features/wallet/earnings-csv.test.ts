import { describe, expect, it } from "vitest";
import { EARNINGS_CSV_HEADER_LINE, csvCell, earningsCsvRow } from "./earnings-csv";

describe("earnings CSV", () => {
  it("has the header exactly", () => {
    expect(EARNINGS_CSV_HEADER_LINE).toBe(
      "Sale month,Store,Country,Track,ISRC,Quantity,Amount (Rs.)\r\n",
    );
  });

  it("quotes every cell, doubles quotes, and defuses formulas", () => {
    expect(csvCell("Spotify")).toBe('"Spotify"');
    expect(csvCell('Say "hi"')).toBe('"Say ""hi"""');
    expect(csvCell('=HYPERLINK("x")')).toBe('"\'=HYPERLINK(""x"")"');
    expect(csvCell("+91")).toBe('"\'+91"');
    expect(csvCell("-cmd")).toBe('"\'-cmd"');
    expect(csvCell("@SUM(A1)")).toBe('"\'@SUM(A1)"');
    // Every cell starting with "-", a refund's amount included (issue 46).
    expect(csvCell("-0.05")).toBe('"\'-0.05"');
  });

  it("writes a line's amount in rupees, exactly, from paise", () => {
    expect(
      earningsCsvRow({
        saleMonth: "2026-10",
        store: "Spotify",
        country: "IN",
        track: "Night Drive",
        isrc: "IN-A1B-26-00001",
        quantity: 1200,
        amountPaise: 123456789,
      }),
    ).toBe('"2026-10","Spotify","IN","Night Drive","IN-A1B-26-00001","1200","1234567.89"\r\n');
  });
});
