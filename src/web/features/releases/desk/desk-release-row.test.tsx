import { renderToStaticMarkup } from "react-dom/server";
import { StaticRouter } from "react-router";
import { describe, expect, it } from "vitest";
import type { DeskReleaseView } from "../../../../shared/release-review";
import type { DeskReleaseRow as Row } from "../../../../shared/responses/release-review";
import { DeskReleaseRow } from "./desk-release-row";
import { DAY_MS } from "../../../../shared/durations";

const now = Date.UTC(2026, 10, 29, 10);

const row = (over: Partial<Row> = {}): Row => ({
  id: "r1",
  title: "Monsoon Letters",
  primaryArtist: "Asha Rao",
  artistId: "a1",
  artistName: "Asha",
  releaseType: "Single",
  trackCount: 2,
  releaseDate: "2026-12-20",
  artworkUrl: "/api/files/art",
  state: "submitted",
  waitingSince: now - 2 * DAY_MS - 3_600_000,
  dueSoon: false,
  reviewerName: null,
  ...over,
});

const render = (r: Row, view: DeskReleaseView = "submitted") =>
  renderToStaticMarkup(
    <StaticRouter location="/desk/releases">
      <DeskReleaseRow row={r} view={view} now={now} eager />
    </StaticRouter>,
  );

describe("a row of the review queue", () => {
  it("shows the artwork, title (its review page), artist, type, tracks, date and the inbox's waiting words", () => {
    const html = render(row());
    expect(html).toContain('href="/desk/releases/r1"');
    expect(html).toContain(">Monsoon Letters</a>");
    expect(html).toContain("Asha Rao · Single · 2 tracks · Release date: Dec 20, 2026");
    expect(html).toContain("Waiting 2 d");
    // The 56 px box asks for the 64 px thumbnail, not the stored artwork.
    expect(html).toContain('src="/api/files/art?w=64"');
    expect(html).not.toContain("Due soon");
  });

  it("marks a release due within the week, and names its reviewer", () => {
    const html = render(row({ dueSoon: true, reviewerName: "Alex" }), "in_review");
    expect(html).toContain("Due soon");
    expect(html).toContain("Reviewer: Alex");
  });

  it("does not count waiting nor due days once the release is settled", () => {
    const html = render(row({ dueSoon: true, state: "live" }), "live");
    expect(html).not.toContain("Waiting");
    expect(html).not.toContain("Due soon");
  });
});
