import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it, vi } from "vitest";
import type { EarningsBreakdown } from "../../../shared/responses/wallet";
import { EarningsResults } from "./earnings-page";

// The canvas (uPlot, the page's theme) draws in a browser only; the figures are the subject here.
vi.mock("./bar-chart", () => ({ BarChart: () => null }));

const row = { key: "Spotify", label: "Spotify", quantity: 1200, amountPaise: 102_000 };
const earnings: EarningsBreakdown = {
  period: "last12",
  from: "2025-12",
  to: "2026-11",
  totalPaise: 102_000,
  byMonth: [{ ...row, key: "2026-10", label: "Oct 2026" }],
  byStore: [row],
  byCountry: [{ ...row, key: "IN", label: "India" }],
  byTrack: [{ ...row, key: "t1", label: "Rain Song", isrc: "INABC2600001" }],
};

/** The figures' container: the element around the total. */
const results = (html: string) => /^<div[^>]*>/.exec(html)![0];

describe("the earnings page's figures", () => {
  it("are the period's own once loaded: not busy, nothing to announce", () => {
    const html = renderToStaticMarkup(<EarningsResults earnings={earnings} loading={false} />);
    expect(results(html)).toContain('aria-busy="false"');
    expect(html).toMatch(/<p role="status"[^>]*><\/p>/);
    expect(html).toContain("Rs.1,020.00");
  });

  it("while another period loads, are marked busy and say Loading…, undimmed (AA contrast)", () => {
    const html = renderToStaticMarkup(<EarningsResults earnings={earnings} loading />);
    expect(results(html)).toContain('aria-busy="true"');
    expect(results(html)).not.toContain("opacity");
    expect(html).toMatch(/<p role="status"[^>]*>Loading…<\/p>/);
  });
});
