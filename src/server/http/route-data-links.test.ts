import { describe, expect, it } from "vitest";
import { pictureLinks } from "./route-data-links";

describe("pictureLinks", () => {
  it("preloads the portal's own pictures as the chat bubble's thumbnails, at high priority", () => {
    const f = "/api/files/f9009779f8924b8f";
    expect(pictureLinks([f])).toEqual([
      `<${f}?w=256>; rel=preload; as=image; imagesrcset="${f}?w=256 1x, ${f}?w=512 2x, ${f}?w=768 3x"; fetchpriority=high`,
    ]);
  });

  it("leaves out anything else: another origin, another path, or what could end the <…>", () => {
    expect(
      pictureLinks([
        "https://elsewhere.example/api/files/abc",
        "/api/songs/abc",
        "/api/files/abc>; rel=stylesheet, <evil",
        "/api/files/../secrets",
        "/api/files/",
      ]),
    ).toEqual([]);
  });
});
