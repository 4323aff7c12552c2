import { describe, expect, it } from "vitest";
import { contactLinkName, deskLinkName } from "./contact-link-name";

describe("contactLinkName", () => {
  it("is the name alone with nothing unread", () => {
    expect(contactLinkName({ name: "Sam (Support)", unread: 0 })).toBe("Sam (Support)");
  });

  it("adds the unread count, singular and plural", () => {
    expect(contactLinkName({ name: "Sam (Support)", unread: 1 })).toBe(
      "Sam (Support), 1 unread message",
    );
    expect(contactLinkName({ name: "Mia", unread: 12 })).toBe("Mia, 12 unread messages");
  });
});

describe("deskLinkName", () => {
  it("names the artist alone when nothing waits", () => {
    expect(deskLinkName({ name: "Mia", unread: 0, waiting: null, mentioned: false })).toBe("Mia");
  });

  it("adds the unread count, the wait and a mention, never the preview", () => {
    expect(
      deskLinkName({ name: "Mia", unread: 2, waiting: "Waiting 4 min", mentioned: true }),
    ).toBe("Mia, 2 unread messages, Waiting 4 min, mentioned you");
  });
});
