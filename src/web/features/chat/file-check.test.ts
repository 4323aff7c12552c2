import { describe, expect, it } from "vitest";
import { CHAT_FILE_MAX_BYTES } from "../../../shared/chat";
import { checkChatFile } from "./file-check";

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
