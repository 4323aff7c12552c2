import { describe, expect, it } from "vitest";
import { formatChatTime } from "./chat-format";
import { dateFormat, numberFormat } from "./intl-formats";

describe("dateFormat", () => {
  it("builds one formatter per locale and options, and reuses it", () => {
    const a = dateFormat("en-GB", { weekday: "long" });
    expect(dateFormat("en-GB", { weekday: "long" })).toBe(a);
    expect(dateFormat("en-US", { weekday: "long" })).not.toBe(a);
    expect(dateFormat("en-GB", { weekday: "short" })).not.toBe(a);
    expect(dateFormat(undefined, { weekday: "long" })).not.toBe(a);
  });

  // What the chat wrote with toLocale*String before its formatters were shared.
  const now = new Date(2026, 10, 27, 15, 30).getTime();
  const hour = 60 * 60 * 1000;
  it.each(["en-GB", "en-US", "de-DE"])(
    "leaves the chat list's times as they were (%s)",
    (locale) => {
      const at = (hoursAgo: number) => new Date(now - hoursAgo * hour);
      expect(formatChatTime(at(2).getTime(), now, locale)).toBe(
        at(2).toLocaleTimeString(locale, { hour: "2-digit", minute: "2-digit" }),
      );
      expect(formatChatTime(at(50).getTime(), now, locale)).toBe(
        at(50).toLocaleDateString(locale, { weekday: "short" }),
      );
      expect(formatChatTime(at(400).getTime(), now, locale)).toBe(
        at(400).toLocaleDateString(locale, { month: "short", day: "numeric" }),
      );
    },
  );
});

describe("numberFormat", () => {
  it("builds one formatter per locale and options, and reuses it", () => {
    const a = numberFormat("en-US");
    expect(numberFormat("en-US")).toBe(a);
    expect(numberFormat("en-US", {})).toBe(a);
    expect(numberFormat("en-IN")).not.toBe(a);
    expect(numberFormat("en-US", { maximumFractionDigits: 0 })).not.toBe(a);
    expect(a.format(12345.5)).toBe((12345.5).toLocaleString("en-US"));
  });
});
