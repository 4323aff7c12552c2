import { describe, expect, it } from "vitest";
import { CHAT_FILE_MAX_BYTES } from "../../../shared/chat";
import { likelyChatFileKind } from "./chat-file-kind";

describe("likelyChatFileKind", () => {
  it("names the kind a chosen file is shown as while its bytes are checked", () => {
    expect(likelyChatFileKind({ type: "image/png", size: 10 })).toBe("image");
    expect(likelyChatFileKind({ type: "Audio/WEBM", size: CHAT_FILE_MAX_BYTES })).toBe("audio");
  });

  it("shows nothing pending for a file that cannot go by its type or size", () => {
    for (const type of ["text/plain", "", "image/svg+xml", "video/mp4"]) {
      expect(likelyChatFileKind({ type, size: 10 })).toBeNull();
    }
    expect(likelyChatFileKind({ type: "image/png", size: CHAT_FILE_MAX_BYTES + 1 })).toBeNull();
  });
});
