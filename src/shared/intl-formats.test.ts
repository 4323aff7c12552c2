import { describe, expect, it } from "vitest";
import { dateFormat } from "./intl-formats";

describe("dateFormat", () => {
  it("builds one formatter per locale and options, and reuses it", () => {
    const a = dateFormat("en-GB", { weekday: "long" });
    expect(dateFormat("en-GB", { weekday: "long" })).toBe(a);
    expect(dateFormat("en-US", { weekday: "long" })).not.toBe(a);
    expect(dateFormat("en-GB", { weekday: "short" })).not.toBe(a);
    expect(dateFormat(undefined, { weekday: "long" })).not.toBe(a);
  });

  it("formats as the formatter it stands for", () => {
    const day = new Date(Date.UTC(2026, 10, 27, 12));
    const options = { dateStyle: "medium", timeZone: "UTC" } as const;
    expect(dateFormat("en-GB", options).format(day)).toBe(
      new Intl.DateTimeFormat("en-GB", options).format(day),
    );
  });
});
