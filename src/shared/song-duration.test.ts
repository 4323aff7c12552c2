import { describe, expect, it } from "vitest";
import { INVALID_DURATION_MESSAGE, durationSchema, normalizeDuration } from "./song-duration";
import { songInputSchema } from "./song-schemas";

describe("song durations", () => {
  it("take m:ss and whole seconds, stored as m:ss", () => {
    expect(normalizeDuration("3:45")).toBe("3:45");
    expect(normalizeDuration(" 12:05 ")).toBe("12:05");
    expect(normalizeDuration("225")).toBe("3:45");
    expect(normalizeDuration("59")).toBe("0:59");
  });

  it("refuse anything else", () => {
    for (const bad of ["abc", "3:75", "3:5", "-1", "0", "1:2:3", "3.5", "99999999"]) {
      expect(normalizeDuration(bad), bad).toBeNull();
    }
  });

  it("may be left empty", () => {
    expect(durationSchema.parse("")).toBe("");
    expect(durationSchema.parse(undefined)).toBe("");
  });

  it("are checked by the desk's song schema, naming the field", () => {
    const song = {
      artistId: "a",
      type: "Night Drive",
      status: "pending",
      artist: "A",
      date: "2025-01-01",
    };
    const bad = songInputSchema.safeParse({ ...song, duration: "abc" });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0]).toMatchObject({
      path: ["duration"],
      message: INVALID_DURATION_MESSAGE,
    });
    expect(songInputSchema.parse({ ...song, duration: "225" }).duration).toBe("3:45");
  });
});
