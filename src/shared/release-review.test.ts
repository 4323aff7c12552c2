import { describe, expect, it } from "vitest";
import { isStoreLink } from "./release-review";

describe("isStoreLink", () => {
  it("takes https addresses on the store's host or a subdomain of it", () => {
    expect(isStoreLink("Spotify", "https://open.spotify.com/album/1")).toBe(true);
    expect(isStoreLink("Amazon Music", "https://music.amazon.com/albums/B0")).toBe(true);
    expect(isStoreLink("Amazon Music", "https://music.amazon.co.uk/albums/B0")).toBe(true);
    expect(isStoreLink("JioSaavn", "https://www.jiosaavn.com/album/x")).toBe(true);
  });

  it("refuses look-alike hosts, other schemes and non-addresses", () => {
    expect(isStoreLink("Amazon Music", "https://music.amazon.evil.com/albums/B0")).toBe(false);
    expect(isStoreLink("Amazon Music", "https://evil.music.amazon.attacker.net/")).toBe(false);
    expect(isStoreLink("Amazon Music", "https://notmusic.amazon.com/")).toBe(false);
    expect(isStoreLink("Spotify", "https://open.spotify.com.evil.net/album/1")).toBe(false);
    expect(isStoreLink("Spotify", "https://evilopen.spotify.com/album/1")).toBe(false);
    expect(isStoreLink("Spotify", "http://open.spotify.com/album/1")).toBe(false);
    expect(isStoreLink("Gaana", "gaana.com/song")).toBe(false);
  });
});
