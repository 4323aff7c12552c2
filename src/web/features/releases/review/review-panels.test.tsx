import { renderToStaticMarkup } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import type { ReleaseDetail } from "../../../../shared/release-schemas";
import type { ReleaseReview } from "../../../../shared/responses/release-review";
import { noReview } from "../api/release-answer";
import { ReviewPanels } from "./review-panels";

const release = (state: ReleaseDetail["state"]): ReleaseDetail => ({
  id: "r1",
  artistId: "a1",
  state,
  version: 3,
  createdAt: 0,
  updatedAt: 0,
  submittedAt: 0,
  title: "Monsoon Tapes",
  primaryArtist: "Asha Rao",
  featuredArtists: [],
  genre: "Pop",
  language: "Hindi",
  releaseDate: "2030-01-01",
  originalReleaseDate: "",
  pLine: "",
  cLine: "",
  upc: "890123456003",
  artworkFileId: null,
  releaseType: "Single",
  totalDurationMs: 0,
  artwork: null,
  tracks: [
    {
      id: "t1",
      title: "First Rain",
      version: "Acoustic",
      featuredArtists: [],
      composer: "",
      lyricist: "",
      instrumental: false,
      producer: "",
      explicit: "",
      isrc: "INA1B2600001",
      lyrics: "",
      audioFileId: null,
      songId: "s1",
      audio: null,
    },
  ],
  issues: [],
  acknowledgedWarnings: [],
});

const render = (state: ReleaseDetail["state"], review: Partial<ReleaseReview>, asker = true) =>
  renderToStaticMarkup(
    <MemoryRouter>
      <ReviewPanels release={release(state)} review={{ ...noReview, ...review }} asker={asker} />
    </MemoryRouter>,
  );

describe("ReviewPanels", () => {
  it("lists what to fix while changes are requested, linking to the field", () => {
    const html = render("changes_requested", {
      openItems: [
        { reason: "Artwork", note: "Too small." },
        { reason: "Other", note: "Call us." },
      ],
    });
    expect(html).toContain("What to fix");
    expect(html).toContain('href="#release-artwork"');
    expect(html).toContain("Call us.");
  });

  it("shows the codes, written as people write them, and the stores once approved", () => {
    const html = render("approved", {
      stores: [
        {
          store: "Spotify",
          state: "Live",
          link: "https://open.spotify.com/x",
          note: "",
          updatedAt: 1,
        },
        { store: "Gaana", state: "Error", link: "", note: "Feed refused", updatedAt: 1 },
      ],
    });
    expect(html).toContain("890123456003");
    expect(html).toContain("IN-A1B-26-00001");
    expect(html).toContain("ISRC of track 1, First Rain (Acoustic)");
    expect(html).toContain('href="https://open.spotify.com/x"');
    // The row says Error; the agent's note stays on the timeline's step.
    expect(html).toContain(">Error<");
    expect(html).not.toContain("Feed refused");
  });

  it("says why a release was rejected, and offers Ask only to the artist", () => {
    const rejection = { reason: "artwork" as const, reasonLabel: "Artwork", note: "Not yours." };
    const html = render("rejected", { rejection });
    expect(html).toContain("Why it was rejected");
    expect(html).toContain("Not yours.");
    expect(html).toContain('href="/releases/r1/ask"');
    expect(render("rejected", { rejection }, false)).not.toContain("Ask about this release");
    expect(render("draft", {})).not.toContain("Timeline");
  });
});
