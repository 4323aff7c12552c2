import { describe, expect, it } from "vitest";
import { storagePathOf } from "./source-files";
import { entriesOf, toEpochMs, withoutNul } from "./source-values";

describe("values from the hosted export", () => {
  it("reads every timestamp form", () => {
    const ms = Date.UTC(2024, 4, 6, 7, 8, 9, 123);
    expect(toEpochMs({ _seconds: Math.floor(ms / 1000), _nanoseconds: 123_456_789 })).toBe(ms);
    expect(toEpochMs({ seconds: Math.floor(ms / 1000), nanoseconds: 123_000_000 })).toBe(ms);
    expect(toEpochMs(new Date(ms).toISOString())).toBe(ms);
    expect(toEpochMs(String(ms))).toBe(ms);
    expect(toEpochMs(ms)).toBe(ms);
    expect(toEpochMs("yesterday")).toBeNull();
    expect(toEpochMs(null)).toBeNull();
  });

  it("finds the file-store path behind each kind of reference", () => {
    expect(
      storagePathOf(
        "https://firebasestorage.googleapis.com/v0/b/x.appspot.com/o/uploads%2F17-a%20b.png?alt=media&token=t",
      ),
    ).toBe("uploads/17-a b.png");
    expect(storagePathOf("gs://x.appspot.com/profileImages/u1/p.jpg")).toBe(
      "profileImages/u1/p.jpg",
    );
    expect(storagePathOf("https://storage.googleapis.com/x.appspot.com/covers/c.png")).toBe(
      "covers/c.png",
    );
    expect(storagePathOf("/songCovers/c.png")).toBe("songCovers/c.png");
    expect(storagePathOf("https://elsewhere.example/pic.png")).toBeNull();
    expect(storagePathOf("javascript:alert(1)")).toBeNull();
    expect(storagePathOf("  ")).toBeNull();
  });

  it("removes NUL and says so", () => {
    expect(withoutNul("a\u0000b")).toEqual({ value: "ab", cleaned: true });
    expect(withoutNul("ab")).toEqual({ value: "ab", cleaned: false });
  });

  it("takes collections as maps or as lists", () => {
    expect(entriesOf({ a: { x: 1 } }, "id")).toEqual([["a", { x: 1 }]]);
    expect(entriesOf([{ roomId: "r1" }, { id: "r2" }, {}], "roomId").map(([id]) => id)).toEqual([
      "r1",
      "r2",
      "#2",
    ]);
    expect(entriesOf(undefined, "id")).toEqual([]);
  });
});
