import { describe, expect, it } from "vitest";
import { invalidLinkMessage, linkSchema, normalizeLink } from "./links";

describe("normalizeLink", () => {
  it.each([
    ["", ""],
    ["   ", ""],
    ["https://open.spotify.com/artist/1", "https://open.spotify.com/artist/1"],
    ["  http://example.com/a  ", "http://example.com/a"],
    ["open.spotify.com/artist/1", "https://open.spotify.com/artist/1"],
    ["youtube.com", "https://youtube.com/"],
    ["music.apple.com/us/artist/x?i=1", "https://music.apple.com/us/artist/x?i=1"],
    ["mailto:band@example.com", "mailto:band@example.com"],
    ["example.com:8080/path", "https://example.com:8080/path"],
    ["HTTPS://Example.com", "https://example.com/"],
    ["  spotify.com  ", "https://spotify.com/"],
    ["www.youtube.com/@nova", "https://www.youtube.com/@nova"],
    ["MAILTO:band@example.com", "mailto:band@example.com"],
  ])("%j becomes %j", (input, expected) => {
    expect(normalizeLink(input)).toBe(expected);
  });

  it.each([
    "javascript:alert(1)",
    "JavaScript:alert(1)",
    "data:text/html,<script>alert(1)</script>",
    "ftp://files.example.com",
    "file:///etc/passwd",
    "not a url",
    "https://",
    "localhost",
    "vbscript:msgbox",
    " javascript:alert(1) ",
    "javascript://example.com/%0Aalert(1)",
    "open.spotify.com/artist 1",
    "blob:https://example.com/x",
    "https://user:pass@open.spotify.com/artist/1",
    "https://open.spotify.com@evil.example/",
    "open.spotify.com/artist/\u0001",
  ])("refuses %j", (input) => {
    expect(normalizeLink(input)).toBeNull();
  });
});

describe("linkSchema", () => {
  it("names the provider in its error", () => {
    const result = linkSchema("Apple Music").safeParse("javascript:alert(1)");
    expect(result.error?.issues[0]?.message).toBe(invalidLinkMessage("Apple Music"));
    expect(invalidLinkMessage("Youtube")).toBe("Invalid URL format for Youtube link");
  });
  it("outputs the normalised link", () => {
    expect(linkSchema("Spotify").parse(" spotify.com/x ")).toBe("https://spotify.com/x");
  });
});
