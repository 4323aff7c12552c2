import { describe, expect, it } from "vitest";
import { reviewItemFields, reviewItemNotes } from "./review-items";

describe("reviewItemFields", () => {
  it("puts each reason beside its fields, and Rights or Other at the top only", () => {
    const tracks = ["t1", "t2"];
    const fields = (reason: Parameters<typeof reviewItemFields>[0]["reason"]) =>
      reviewItemFields({ reason, note: "n" }, tracks);
    expect(fields("Artwork")).toEqual(["artwork"]);
    expect(fields("Audio")).toEqual(["tracks.t1.audio", "tracks.t2.audio"]);
    expect(fields("Title or artist names")).toEqual(["title", "primaryArtist"]);
    expect(fields("Credits")).toEqual(["tracks.t1.composer", "tracks.t2.composer"]);
    expect(fields("Release date")).toEqual(["releaseDate"]);
    expect(fields("Rights or samples")).toEqual([]);
    expect(fields("Other")).toEqual([]);
  });
});

describe("reviewItemNotes", () => {
  it("gives every field its note, with keys of their own", () => {
    const notes = reviewItemNotes(
      [
        { reason: "Artwork", note: "The text is too small." },
        { reason: "Audio", note: "Clipping at 2:10." },
      ],
      ["t1"],
    );
    expect(notes).toEqual([
      {
        key: "review:0:artwork",
        field: "artwork",
        severity: "warning",
        message: "To fix (Artwork): The text is too small.",
      },
      {
        key: "review:1:tracks.t1.audio",
        field: "tracks.t1.audio",
        severity: "warning",
        message: "To fix (Audio): Clipping at 2:10.",
      },
    ]);
  });
});
