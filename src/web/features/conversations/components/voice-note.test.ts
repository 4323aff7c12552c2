import { describe, expect, it } from "vitest";
import { attachmentLabel, formatDuration, isVoiceNote } from "./voice-note";

describe("voice notes", () => {
  it("are the recorder's files, named as such on screen", () => {
    expect(isVoiceNote("voice-message-2026-11-25-21-04-09.webm")).toBe(true);
    expect(attachmentLabel("voice-message-2026-11-25-21-04-09.ogg")).toBe("Voice message");
  });

  it("leave other files under their own names", () => {
    expect(isVoiceNote("voice-message-demo.mp3")).toBe(false);
    expect(attachmentLabel("demo take 3.mp3")).toBe("demo take 3.mp3");
    expect(attachmentLabel(null)).toBe("attachment");
  });

  it("show their duration as m:ss", () => {
    expect(formatDuration(0.4)).toBe("0:00");
    expect(formatDuration(6.6)).toBe("0:07");
    expect(formatDuration(125)).toBe("2:05");
  });
});
