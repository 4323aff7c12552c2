import { describe, expect, it } from "vitest";
import { pictureLinks } from "./route-data-links";

describe("pictureLinks", () => {
  it("preloads the portal's own file addresses as high-priority images", () => {
    expect(pictureLinks(["/api/files/f9009779f8924b8f"])).toEqual([
      "</api/files/f9009779f8924b8f>; rel=preload; as=image; fetchpriority=high",
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
