import { describe, expect, it } from "vitest";
import { releaseDraftSchema } from "./release-schemas";
import { rejectReleaseSchema, storeDeliverySchema } from "./release-review-schemas";
import { isOneLine, isPrintableLines, multiLineMessage, oneLineMessage } from "./text-rules";

const firstError = (result: { error?: { issues: { message: string }[] } }) =>
  result.error?.issues[0]?.message;

describe("text a release holds (issue 45)", () => {
  it.each([
    "a\nb",
    "a\r\nBcc: x@example.com",
    "a\tb",
    "a\u0007b",
    "a\u007fb",
    "a\u0085b",
    "a\u2028b",
  ])("%j is not one line", (value) => {
    expect(isOneLine(value)).toBe(false);
  });

  it("keeps line breaks, and only line breaks, in lyrics and notes", () => {
    expect(isPrintableLines("Verse one\nVerse two\r\n")).toBe(true);
    expect(isPrintableLines("Verse\tone")).toBe(false);
    expect(isPrintableLines("Verse\u001bone")).toBe(false);
    expect(isOneLine("Dil Se — Acoustic (Live) 2026 ℗ © ñ 👍")).toBe(true);
  });

  it.each([
    ["title", "Release title"],
    ["primaryArtist", "Primary artist"],
    ["pLine", "The ℗ line"],
    ["cLine", "The © line"],
    ["upc", "UPC"],
  ])("refuses a line break in %s, naming the field", (field, label) => {
    const result = releaseDraftSchema.safeParse({ version: 1, [field]: "Monsoon\r\nBcc: x" });
    expect(firstError(result)).toBe(oneLineMessage(label));
  });

  it.each([
    ["title", "Track title"],
    ["version", "Version"],
    ["composer", "Composer"],
    ["lyricist", "Lyricist"],
    ["producer", "Producer"],
    ["isrc", "ISRC"],
  ])("refuses a control character in a track's %s, naming the field", (field, label) => {
    const track = { id: crypto.randomUUID(), [field]: "Asha\u0000Rao" };
    // NUL has its own sentence; any other control names the field.
    expect(firstError(releaseDraftSchema.safeParse({ version: 1, tracks: [track] }))).toMatch(
      /NUL/,
    );
    track[field] = "Asha\u0008Rao";
    expect(firstError(releaseDraftSchema.safeParse({ version: 1, tracks: [track] }))).toBe(
      oneLineMessage(label),
    );
  });

  it("refuses a featured artist on two lines, and lyrics with a control, but keeps the lyrics' lines", () => {
    expect(
      firstError(releaseDraftSchema.safeParse({ version: 1, featuredArtists: ["A\nB"] })),
    ).toBe(oneLineMessage("A featured artist"));
    const track = { id: crypto.randomUUID(), lyrics: "Line one\nLine two\u0007" };
    expect(firstError(releaseDraftSchema.safeParse({ version: 1, tracks: [track] }))).toBe(
      multiLineMessage("Lyrics"),
    );
    const kept = releaseDraftSchema.parse({
      version: 1,
      tracks: [{ id: crypto.randomUUID(), lyrics: "Line one\nLine two\n" }],
    });
    expect(kept.tracks[0]!.lyrics).toBe("Line one\nLine two");
  });

  it("refuses a store's note on two lines, and a control in an agent's note", () => {
    expect(
      firstError(
        storeDeliverySchema.safeParse({ store: "Gaana", state: "Error", note: "Late\nagain" }),
      ),
    ).toBe(oneLineMessage("The store's note"));
    expect(
      firstError(rejectReleaseSchema.safeParse({ version: 1, reason: "other", note: "No\u0007" })),
    ).toBe(multiLineMessage("The note"));
  });
});
