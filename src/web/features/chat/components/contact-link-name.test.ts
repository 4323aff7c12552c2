import { describe, expect, it } from "vitest";
import { contactLinkName } from "./contact-link-name";

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
