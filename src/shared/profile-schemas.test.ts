import { describe, expect, it } from "vitest";
import {
  MAX_PROFILE_IMAGE_BYTES,
  checkPictureFile,
  profilePatchSchema,
  profilePictureSchema,
} from "./profile-schemas";

describe("profile patch schema", () => {
  it("trims the name and bio and normalises links", () => {
    expect(
      profilePatchSchema.parse({
        artistName: "  Nova ",
        bio: " Hi ",
        spotifyUrl: " open.spotify.com/a ",
        youtubeUrl: "",
      }),
    ).toEqual({
      artistName: "Nova",
      bio: "Hi",
      spotifyUrl: "https://open.spotify.com/a",
      youtubeUrl: "",
    });
  });

  it.each([
    [{ artistName: "  " }],
    [{ bio: "" }],
    [{ bio: "x".repeat(2001) }],
    [{ appleMusicUrl: "javascript:alert(1)" }],
    [{ admin: true }],
    [{ profilePicture: "https://x.test/a.png" }],
    [{}],
  ])("refuses %j", (body) => {
    expect(profilePatchSchema.safeParse(body).success).toBe(false);
  });
});

describe("profile picture schema", () => {
  it("needs a file id and nothing else", () => {
    expect(profilePictureSchema.parse({ fileId: " abc " })).toEqual({ fileId: "abc" });
    expect(profilePictureSchema.safeParse({ fileId: "" }).success).toBe(false);
    expect(profilePictureSchema.safeParse({ fileId: "a", url: "x" }).success).toBe(false);
  });
});

describe("checkPictureFile", () => {
  it.each([
    [{ type: "image/png", size: 10 }, "ok"],
    [{ type: "image/gif", size: MAX_PROFILE_IMAGE_BYTES }, "ok"],
    [{ type: "image/jpeg", size: MAX_PROFILE_IMAGE_BYTES + 1 }, "too-large"],
    [{ type: "application/pdf", size: 10 }, "not-image"],
    [{ type: "", size: 10 }, "not-image"],
  ] as const)("%j is %s", (file, expected) => {
    expect(checkPictureFile(file)).toBe(expected);
  });
});
