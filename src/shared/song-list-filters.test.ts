import { describe, expect, it } from "vitest";
import { songListQuerySchema } from "./song-schemas";
import { readSongListFilters } from "./song-list-filters";

/** What the list page showed when it read its address with the API's schema. */
function withSchema(input: { status?: string; q?: string }) {
  const parsed = songListQuerySchema.safeParse(input);
  return parsed.success ? { status: parsed.data.status, q: parsed.data.q || undefined } : {};
}

describe("readSongListFilters", () => {
  const inputs: { status?: string; q?: string }[] = [
    {},
    { status: "pending" },
    { status: "in review" },
    { status: "released", q: "night" },
    { status: "Released" },
    { status: "unknown", q: "night" },
    { status: "" },
    { q: "" },
    { q: "   " },
    { q: "  night drive  " },
    { q: "x".repeat(100) },
    { q: ` ${"x".repeat(100)} ` },
    { q: "x".repeat(101) },
    { status: "pending", q: "x".repeat(101) },
    { q: "bad\u0000text" },
    { status: "rejected", q: "\u0000" },
  ];

  it.each(inputs)("reads %j as the API's schema does", (input) => {
    expect(readSongListFilters(input)).toEqual(withSchema(input));
  });

  it("keeps a known status and the trimmed search", () => {
    expect(readSongListFilters({ status: "in review", q: " night " })).toEqual({
      status: "in review",
      q: "night",
    });
  });

  it("drops every filter when one is refused", () => {
    expect(readSongListFilters({ status: "lost", q: "night" })).toEqual({});
    expect(readSongListFilters({ status: "pending", q: "x".repeat(101) })).toEqual({});
  });
});
