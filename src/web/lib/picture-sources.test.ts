import { describe, expect, it } from "vitest";
import { pictureSources } from "./picture-sources";

describe("pictureSources", () => {
  it("serves a stored picture at the smallest width that fills its box at each density", () => {
    expect(pictureSources("/api/files/abc", 80)).toEqual({
      src: "/api/files/abc?w=128",
      srcSet: "/api/files/abc?w=128 1x, /api/files/abc?w=256 2x",
    });
    expect(pictureSources("/api/files/abc", 28)).toEqual({
      src: "/api/files/abc?w=64",
      srcSet: "/api/files/abc?w=64 1x, /api/files/abc?w=128 3x",
    });
  });

  it("asks for the largest width when a box is wider than every thumbnail", () => {
    expect(pictureSources("/api/files/abc", 400).srcSet).toBe(
      "/api/files/abc?w=512 1x, /api/files/abc?w=768 2x",
    );
  });

  it("leaves any other address as it is", () => {
    for (const url of ["blob:http://x/1", "https://cdn.example/a.png", "/api/files/a?download=1"]) {
      expect(pictureSources(url, 80)).toEqual({ src: url });
    }
  });
});
