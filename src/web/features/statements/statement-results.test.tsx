import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import type { StatementDetail } from "../../../shared/responses/statements";
import { OUT_OF_DATE, StatementResults } from "./statement-page";

const totals = {
  lineCount: 3,
  matchedCount: 3,
  unmatchedCount: 0,
  totalPaise: 170_000,
  artistsPaise: 144_500,
  labelPaise: 25_500,
  unmatchedPaise: 0,
};

const detail: StatementDetail = {
  id: "s1",
  fileName: "spotify.csv",
  state: "preview",
  stores: ["Spotify"],
  saleMonths: ["2026-10"],
  lineCount: 3,
  totalPaise: 170_000,
  createdBy: { id: "a", name: "Finance" },
  createdAt: 0,
  importedAt: null,
  reversedAt: null,
  headers: ["ISRC", "Net Revenue"],
  mapping: {
    isrc: "ISRC",
    upc: null,
    store: null,
    country: null,
    saleMonth: null,
    quantity: null,
    netRevenue: "Net Revenue",
    currency: null,
  },
  store: "Spotify",
  saleMonth: "2026-10",
  currency: "USD",
  rates: { USD: "84.5" },
  currencies: [],
  totals,
  lineErrors: [],
  lineErrorCount: 0,
  progress: 0,
  failure: null,
};

const render = (outOfDate: boolean) =>
  renderToStaticMarkup(
    <QueryClientProvider client={new QueryClient()}>
      <StatementResults detail={detail} totals={totals} outOfDate={outOfDate} />
    </QueryClientProvider>,
  );

const importButton = (html: string) => /<button[^>]*>Import<\/button>/.exec(html)?.[0] ?? "";

describe("a preview's results", () => {
  it("offer Import while the form asks for what was previewed", () => {
    const html = render(false);
    expect(importButton(html)).not.toContain('disabled=""');
    expect(html).not.toContain(OUT_OF_DATE);
  });

  it("once the form changed, say the totals are out of date and hold Import until previewed again", () => {
    const html = render(true);
    expect(OUT_OF_DATE).toBe(
      "The columns or rates changed since this preview. Preview again to import.",
    );
    // Announced politely, above the totals it speaks of, and Import says why it is off.
    expect(html).toMatch(
      new RegExp(`<div id="preview-out-of-date"><div role="status"[^>]*>${OUT_OF_DATE}</div>`),
    );
    expect(html.indexOf(OUT_OF_DATE)).toBeLessThan(html.indexOf("Rs.1,700.00"));
    expect(importButton(html)).toContain('disabled=""');
    expect(importButton(html)).toContain('aria-describedby="preview-out-of-date"');
  });
});
