import { describe, expect, it } from "vitest";
import { pictureSources } from "./picture-sources";

describe("pictureSources", () => {
  it("offers the thumbnails that fill the box at 1×, 2× and 3×, each at the density it gives", () => {
    expect(pictureSources("/api/files/abc", 80)).toEqual({
      src: "/api/files/abc?w=128",
      srcSet: "/api/files/abc?w=128 1.6x, /api/files/abc?w=256 3.2x",
    });
    // 64 px fills a 28 px box at 2×: a 2× screen takes it, not the 128.
    expect(pictureSources("/api/files/abc", 28).srcSet).toBe(
      "/api/files/abc?w=64 2.28x, /api/files/abc?w=128 4.57x",
    );
  });

  it("offers the largest thumbnail when a box is wider than every one", () => {
    expect(pictureSources("/api/files/abc", 400).srcSet).toBe(
      "/api/files/abc?w=512 1.28x, /api/files/abc?w=768 1.92x",
    );
  });

  it("leaves any other address as it is", () => {
    for (const url of ["blob:http://x/1", "https://cdn.example/a.png", "/api/files/a?download=1"]) {
      expect(pictureSources(url, 80)).toEqual({ src: url });
    }
  });
});
