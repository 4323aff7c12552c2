import { describe, expect, it } from "vitest";
import { formatChatTime, formatFileSize, lastMessagePreview } from "./chat-format";

const HOUR = 3_600_000;
const now = new Date(2026, 10, 21, 15, 30).getTime(); // a Saturday

describe("formatChatTime", () => {
  it("shows the time of day under 24 hours", () => {
    expect(formatChatTime(now - 2 * HOUR, now, "en-GB")).toBe("13:30");
    expect(formatChatTime(now - 23.9 * HOUR, now, "en-GB")).toMatch(/^\d\d:\d\d$/);
  });

  it("shows the weekday from 24 hours up to 7 days", () => {
    expect(formatChatTime(now - 24 * HOUR, now, "en-GB")).toBe("Fri");
    expect(formatChatTime(now - 167 * HOUR, now, "en-GB")).toBe("Sat");
  });

  it("shows month and day from 7 days on", () => {
    expect(formatChatTime(now - 168 * HOUR, now, "en-GB")).toBe("14 Nov");
    expect(formatChatTime(now - 60 * 24 * HOUR, now, "en-US")).toBe("Sep 22");
  });
});

describe("formatFileSize", () => {
  it("uses bytes under 1 KB, KB with one decimal under 1 MB, else MB", () => {
    expect(formatFileSize(0)).toBe("0 B");
    expect(formatFileSize(1023)).toBe("1023 B");
    expect(formatFileSize(1024)).toBe("1.0 KB");
    expect(formatFileSize(1536)).toBe("1.5 KB");
    expect(formatFileSize(1024 * 1024 - 1)).toBe("1024.0 KB");
    expect(formatFileSize(1024 * 1024)).toBe("1.0 MB");
    expect(formatFileSize(5.25 * 1024 * 1024)).toBe("5.3 MB");
  });
});

describe("lastMessagePreview", () => {
  it("shows text, or a label for an image or audio message", () => {
    expect(lastMessagePreview({ text: "hi", fileType: null })).toBe("hi");
    expect(lastMessagePreview({ text: "", fileType: "image" })).toBe("Image");
    expect(lastMessagePreview({ text: "", fileType: "audio" })).toBe("Audio message");
  });
});
