import { describe, expect, it } from "vitest";
import { dayLabel, sameDay } from "./day-label";

// Wednesday 18 November 2026, 10:00 local time.
const now = new Date(2026, 10, 18, 10, 0).getTime();
const at = (day: number, hour = 12, year = 2026, month = 10) =>
  new Date(year, month, day, hour).getTime();

describe("dayLabel", () => {
  it("names today and yesterday by calendar day, not by 24 hours", () => {
    expect(dayLabel(at(18, 0), now, "en-US")).toBe("Today");
    expect(dayLabel(at(17, 23), now, "en-US")).toBe("Yesterday");
    expect(dayLabel(at(17, 0), now, "en-US")).toBe("Yesterday");
  });

  it("names the weekday within a week, then the date", () => {
    expect(dayLabel(at(16), now, "en-US")).toBe("Monday");
    expect(dayLabel(at(12), now, "en-US")).toBe("Thursday");
    expect(dayLabel(at(11), now, "en-US")).toBe("November 11");
    expect(dayLabel(at(3, 12, 2025, 5), now, "en-US")).toBe("June 3, 2025");
  });

  it("tells calendar days apart", () => {
    expect(sameDay(at(18, 0), at(18, 23))).toBe(true);
    expect(sameDay(at(17, 23), at(18, 0))).toBe(false);
  });
});
