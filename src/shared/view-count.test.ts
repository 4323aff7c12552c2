import { describe, expect, it } from "vitest";
import { viewCount } from "./view-count";

describe("viewCount", () => {
  it("is singular for exactly one view", () => {
    expect(viewCount(1)).toBe("1 view");
  });

  it("is plural otherwise, with thousands separated", () => {
    expect(viewCount(0)).toBe("0 views");
    expect(viewCount(2)).toBe("2 views");
    expect(viewCount(1024)).toBe("1,024 views");
  });
});
