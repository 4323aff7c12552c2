import { describe, expect, it } from "vitest";
import { invitedEmail, keepReturnPath, returnPath } from "./return-path";

describe("returnPath", () => {
  it("leads back to the signed-in page that sent the reader to sign in, with its query", () => {
    expect(returnPath({ from: "/wallet/splits" })).toBe("/wallet/splits");
    expect(returnPath({ from: "/wallet/splits?invitation=abc" })).toBe(
      "/wallet/splits?invitation=abc",
    );
  });

  it("leads home without a page, or with anything that is not a path of this site", () => {
    expect(returnPath(null)).toBe("/");
    expect(returnPath(undefined)).toBe("/");
    expect(returnPath({ accountDeleted: true })).toBe("/");
    expect(returnPath({ from: 42 })).toBe("/");
    expect(returnPath({ from: "https://evil.example/" })).toBe("/");
    expect(returnPath({ from: "//evil.example/" })).toBe("/");
    expect(returnPath({ from: "/\\evil.example/" })).toBe("/");
    expect(returnPath({ from: "wallet" })).toBe("/");
  });
});

describe("keepReturnPath", () => {
  it("hands a page on to the next auth screen, and nothing when there is none", () => {
    expect(keepReturnPath({ from: "/wallet/splits" })).toEqual({ from: "/wallet/splits" });
    expect(keepReturnPath({ from: "//evil.example" })).toBeUndefined();
    expect(keepReturnPath(null)).toBeUndefined();
  });

  it("hands on the invited email with it, for the sign-up form", () => {
    const state = { from: "/wallet/splits", email: "priya@example.com" };
    expect(keepReturnPath(state)).toEqual(state);
    expect(invitedEmail(state)).toBe("priya@example.com");
    expect(invitedEmail({ email: 7 })).toBe("");
    expect(invitedEmail(null)).toBe("");
  });
});
