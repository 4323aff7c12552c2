import { describe, expect, it } from "vitest";
import { CHAT_FILE_MAX_BYTES } from "../../../shared/chat";
import { checkChatFile, checkChatFileContent } from "./file-check";

describe("checkChatFile", () => {
  it("accepts images and audio up to the limit", () => {
    expect(checkChatFile({ type: "image/png", size: 10 })).toEqual({ kind: "image" });
    expect(checkChatFile({ type: "audio/webm", size: CHAT_FILE_MAX_BYTES })).toEqual({
      kind: "audio",
    });
  });

  it("refuses with the server's messages", () => {
    expect(checkChatFile({ type: "image/png", size: CHAT_FILE_MAX_BYTES + 1 })).toEqual({
      error: "This file is too large. The limit is 25 MB.",
    });
    for (const type of ["text/plain", "", "image/svg+xml", "video/mp4"]) {
      expect(checkChatFile({ type, size: 10 })).toEqual({
        error: "This file type is not allowed. Please choose an image or an audio file.",
      });
    }
  });
});

describe("checkChatFileContent", () => {
  // The smallest real PNG signature plus IHDR: enough for the sniffer.
  const png = Uint8Array.from([
    0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d, 0x49, 0x48, 0x44, 0x52, 0, 0, 0,
    1, 0, 0, 0, 1, 8, 6, 0, 0, 0,
  ]);

  it("accepts bytes that are what the type says", async () => {
    await expect(checkChatFileContent(new Blob([png]), "image")).resolves.toBeNull();
  });

  it("refuses a text file named .png, and an image sent as audio", async () => {
    const text = new Blob(["just some notes, not a picture"], { type: "image/png" });
    await expect(checkChatFileContent(text, "image")).resolves.toEqual({
      error: "This file is not an image, whatever its name says. Please choose another file.",
    });
    await expect(checkChatFileContent(new Blob([png]), "audio")).resolves.toEqual({
      error: "This file is not an audio file, whatever its name says. Please choose another file.",
    });
  });
});
