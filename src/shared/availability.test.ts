import { describe, expect, it } from "vitest";
import { setAvailabilitySchema } from "./availability";

describe("setAvailabilitySchema", () => {
  it("refuses a return date that is not a day, never throwing (V8 reads some with a time added)", () => {
    for (const until of ["$BL=FU)8U", "2026-02-30", "not a day"]) {
      const parsed = setAvailabilitySchema.safeParse({ away: true, until });
      expect(parsed.success, until).toBe(false);
    }
  });
});
