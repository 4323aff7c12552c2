import { describe, expect, it } from "vitest";
import { marketingUrl } from "./constants";
import { displayName } from "./user";

describe("marketingUrl", () => {
  it("joins base and page without doubling slashes", () => {
    expect(marketingUrl("https://site.test/", "terms")).toBe("https://site.test/terms-of-service");
    expect(marketingUrl("https://site.test", "eula")).toBe("https://site.test/eula");
  });
});

describe("displayName", () => {
  it("falls back to the username when the artist name is blank", () => {
    expect(displayName({ artistName: " ", username: "nova" })).toBe("nova");
    expect(displayName({ artistName: "Nova", username: "nova" })).toBe("Nova");
  });
});
