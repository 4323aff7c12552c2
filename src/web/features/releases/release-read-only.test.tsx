import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import type { ReleaseDetail } from "../../../shared/release-schemas";
import { KeptDraftNoticeBox, keptDraftWords } from "./kept-draft/kept-draft-notice";
import { testRelease } from "./kept-draft/test-release";
import { ReleaseReadOnly } from "./release-read-only";

const render = (release: ReleaseDetail, agent = false) =>
  renderToStaticMarkup(
    <QueryClientProvider client={new QueryClient()}>
      <ReleaseReadOnly release={release} agent={agent} version={() => 4} onWithdrawn={() => {}} />
    </QueryClientProvider>,
  );

const withFiles = testRelease({
  state: "submitted",
  artworkFileId: "f1",
  artwork: {
    fileId: "f1",
    url: "/api/files/f1",
    width: 3000,
    height: 3000,
    format: "JPG",
    size: 2_400_000,
  },
  tracks: testRelease().tracks.map((track) => ({
    ...track,
    audioFileId: "f2",
    audio: {
      fileId: "f2",
      url: "/api/files/f2",
      name: "first-rain.wav",
      durationMs: 200_000,
      sampleRate: 44_100,
      bitDepth: 16,
      channels: 2,
      format: "WAV" as const,
      warnings: [],
    },
  })),
});

describe("ReleaseReadOnly", () => {
  it("shows a submitted release's facts as text, no field to type in, with Withdraw", () => {
    const html = render(withFiles);
    expect(html).not.toMatch(/<(input|select|textarea)\b/);
    expect(html).toContain("This release is submitted and can no longer be changed.");
    expect(html).toContain("Withdraw it to change something before the review starts.");
    expect(html).toMatch(/<button[^>]*>Withdraw<\/button>/);
    expect(html).toMatch(/<dt[^>]*>Release title<\/dt><dd[^>]*>Monsoon Tapes<\/dd>/);
    expect(html).toMatch(/<dt[^>]*>Composer<\/dt><dd[^>]*>Asha Rao<\/dd>/);
    expect(html).toContain("3000 × 3000 px · JPG · 2.3 MB");
    expect(html).toContain("first-rain.wav · 3:20 · 44.1 kHz · 16-bit · stereo · WAV");
  });

  it("says why each later state cannot be changed, without Withdraw", () => {
    const inReview = render(testRelease({ state: "in_review" }));
    expect(inReview).toContain("This release is in review and can no longer be changed.");
    expect(inReview).toContain("they will ask for changes and you can edit it again");
    expect(inReview).not.toContain(">Withdraw<");
    expect(render(testRelease({ state: "live" }))).toContain(
      "This release is live and can no longer be changed. It is in stores.",
    );
    expect(render(testRelease({ state: "rejected" }))).toContain("start a new release");
  });

  it("tells an agent only the artist changes it, and offers them no Withdraw", () => {
    const html = render(withFiles, true);
    expect(html).toContain("Only the release&#x27;s artist can change it.");
    expect(html).not.toContain(">Withdraw<");
  });
});

describe("KeptDraftNoticeBox", () => {
  const notice = (kind: "restored" | "conflict" | "locked") =>
    renderToStaticMarkup(
      <KeptDraftNoticeBox
        notice={kind}
        onApply={() => {}}
        onDiscard={() => {}}
        onDismiss={() => {}}
      />,
    );

  it("says an edit was put back, or why it was held, with the choices that fit", () => {
    expect(notice("restored")).toContain(keptDraftWords.restored);
    expect(notice("restored")).not.toContain("Discard my changes");
    expect(notice("conflict")).toContain("nothing newer was overwritten");
    expect(notice("conflict")).toContain("Use my changes instead");
    expect(notice("conflict")).toContain("Discard my changes");
    expect(notice("locked")).toContain("can no longer be changed");
    expect(notice("locked")).not.toContain("Use my changes instead");
  });
});
