import { describe, expect, it } from "vitest";
import {
  formatReleaseDate,
  songDateLine,
  isValidReleaseDate,
  songInputSchema,
  songStatusKind,
} from "./song-schemas";

describe("songStatusKind", () => {
  it("compares case-insensitively and calls anything else other", () => {
    expect(songStatusKind("Released")).toBe("released");
    expect(songStatusKind(" PENDING ")).toBe("pending");
    expect(songStatusKind("rejected")).toBe("rejected");
    expect(songStatusKind("in review")).toBe("other");
  });
});

describe("release dates", () => {
  it("accepts real calendar days only", () => {
    expect(isValidReleaseDate("2024-02-29")).toBe(true);
    expect(isValidReleaseDate("2023-02-29")).toBe(false);
    expect(isValidReleaseDate("2024-2-1")).toBe(false);
    expect(isValidReleaseDate("")).toBe(false);
  });

  it("formats the day itself, whatever the time zone", () => {
    expect(formatReleaseDate("2024-03-05")).toBe("Mar 5, 2024");
  });
});

describe("songInputSchema", () => {
  it("normalises links and fills optional fields", () => {
    const parsed = songInputSchema.parse({
      artistId: "a1",
      type: " Single ",
      status: "pending",
      artist: "Nova",
      date: "2024-01-01",
      youtubeUrl: "youtube.com/watch?v=1",
    });
    expect(parsed.type).toBe("Single");
    expect(parsed.youtubeUrl).toBe("https://youtube.com/watch?v=1");
    expect(parsed.genre).toBe("");
    expect(parsed.coverFileId).toBeNull();
  });
});

describe("a song card's date line", () => {
  const submitted = Date.UTC(2026, 10, 12, 15, 30);
  it("gives every card a date: released, planned, or submitted", () => {
    expect(songDateLine({ status: "released", date: "2024-03-05", createdAt: submitted })).toBe(
      "Released: Mar 5, 2024",
    );
    expect(songDateLine({ status: "pending", date: "2027-01-20", createdAt: submitted })).toBe(
      "Planned release: Jan 20, 2027",
    );
    expect(songDateLine({ status: "pending", date: "", createdAt: submitted })).toBe(
      "Submitted: 12 Nov 2026",
    );
    expect(songDateLine({ status: "rejected", date: "", createdAt: submitted })).toBe(
      "Submitted: 12 Nov 2026",
    );
  });
});
