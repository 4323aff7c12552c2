import { describe, expect, it } from "vitest";
import { dayLabel } from "./day-label";

// What the day dividers wrote with toLocaleDateString before their formatters were shared.
describe("dayLabel, with shared formatters", () => {
  const now = new Date(2026, 10, 27, 15, 30).getTime();
  const day = 24 * 60 * 60 * 1000;
  it.each(["en-GB", "en-US", "de-DE"])("writes what toLocaleDateString wrote (%s)", (locale) => {
    const at = (daysAgo: number) => new Date(now - daysAgo * day);
    expect(dayLabel(at(3).getTime(), now, locale)).toBe(
      at(3).toLocaleDateString(locale, { weekday: "long" }),
    );
    expect(dayLabel(at(40).getTime(), now, locale)).toBe(
      at(40).toLocaleDateString(locale, { day: "numeric", month: "long" }),
    );
    expect(dayLabel(at(400).getTime(), now, locale)).toBe(
      at(400).toLocaleDateString(locale, { day: "numeric", month: "long", year: "numeric" }),
    );
  });
});
