import { describe, expect, it } from "vitest";
import { RELEASE_STORES, STORE_LINK_EXAMPLES, isStoreLink } from "./release-review";
import { storeDeliverySchema } from "./release-review-schemas";

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

describe("a store's link (issue 45)", () => {
  it.each([
    ["credentials", "https://user:pass@open.spotify.com/album/1"],
    ["a user alone", "https://open.spotify.com@evil.example/album/1"],
    ["a port", "https://open.spotify.com:8443/album/1"],
    ["the default port written out", "https://open.spotify.com:443/album/1"],
    ["a line break", "https://open.spotify.com/album/1\r\nBcc: x"],
    ["a tab inside", "https://open.spotify.com/al\tbum/1"],
    ["a control character", "https://open.spotify.com/album/\u0001"],
    ["markup", 'https://open.spotify.com/album/"><script>alert(1)</script>'],
    ["a backslash", "https://open.spotify.com\\@evil.example/"],
    ["YouTube's redirect page", "https://www.youtube.com/redirect?q=https://evil.example/"],
    ["an address in the query", "https://open.spotify.com/album/1?u=https%3A%2F%2Fevil.example"],
    ["a protocol-relative address in the query", "https://gaana.com/album/x?next=//evil.example"],
    ["a subdomain the store does not use", "https://l.gaana.com/album/x"],
    ["a trailing dot", "https://open.spotify.com./album/1"],
  ])("refuses %s", (_what, link) => {
    expect(
      isStoreLink(
        link.includes("youtube") ? "YouTube Music" : link.includes("gaana") ? "Gaana" : "Spotify",
        link,
      ),
    ).toBe(false);
  });

  it("takes the store's own pages, with their ordinary queries", () => {
    expect(
      isStoreLink("YouTube Music", "https://music.youtube.com/playlist?list=OLAK5uy_abc"),
    ).toBe(true);
    expect(isStoreLink("Apple Music", "https://music.apple.com/in/album/x/123?i=456")).toBe(true);
    expect(
      isStoreLink("Spotify", "  https://open.spotify.com/album/4aawyAB9vmqN3uQ7FjRGTy  "),
    ).toBe(true);
  });

  it("is refused with the store's example", () => {
    const refused = storeDeliverySchema.safeParse({
      store: "Spotify",
      state: "Live",
      link: "https://www.youtube.com/redirect?q=x",
    });
    expect(refused.error?.issues[0]?.message).toBe(
      "Enter the Spotify link, like https://open.spotify.com/album/…",
    );
    for (const store of RELEASE_STORES) {
      expect(isStoreLink(store, STORE_LINK_EXAMPLES[store].replace("…", "x"))).toBe(true);
    }
  });
});
