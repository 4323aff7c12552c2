import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it, vi } from "vitest";
import { EarningsCard } from "./earnings-card";

// The canvas (uPlot, the page's theme) draws in a browser only; the table is the subject here.
vi.mock("./bar-chart", () => ({ BarChart: () => null }));

const rows = [
  { key: "Spotify", label: "Spotify", quantity: 1200, amountPaise: 102_000 },
  { key: "JioSaavn", label: "JioSaavn", quantity: 500, amountPaise: 42_500 },
];

describe("an earnings chart's numbers", () => {
  it("are a table screen readers always have, shown to everyone on request", () => {
    const html = renderToStaticMarkup(
      <EarningsCard title="By store" firstColumn="Store" rows={rows} />,
    );
    expect(html).toMatch(/<button[^>]*aria-expanded="false"[^>]*>Show numbers/);
    // Hidden visually, not from assistive technology.
    expect(html).toMatch(/<div id="[^"]+" class="sr-only"><table/);
    expect(html).toContain('<caption class="sr-only">By store</caption>');
    expect(html).toContain(
      '<th scope="row" class="py-2 pr-3 font-medium break-words">Spotify</th>',
    );
    expect(html).toContain("Rs.1,020.00");
    expect(html).toContain("Rs.425.00");
    expect(html).toContain("1,200");
  });

  it("say so when the period has none", () => {
    const html = renderToStaticMarkup(
      <EarningsCard title="By store" firstColumn="Store" rows={[]} />,
    );
    expect(html).toContain("No earnings in this period.");
    expect(html).not.toContain("<table");
    expect(html).not.toContain("<button");
  });
});
