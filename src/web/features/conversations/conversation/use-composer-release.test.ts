import { describe, expect, it } from "vitest";
import { MESSAGE_MAX_LENGTH, isSendableText } from "../../../../shared/chat";
import { textRoomBesides, withReleaseQuote } from "./use-composer-release";

describe("a message that quotes a release", () => {
  const quote =
    "About my release “Monsoon” (Single · Changes requested): https://x.test/releases/1";

  it("leaves the text only the room the quote does not take, so the whole message fits", () => {
    const room = textRoomBesides(quote);
    expect(withReleaseQuote("a".repeat(room), quote)).toHaveLength(MESSAGE_MAX_LENGTH);
    expect(isSendableText(withReleaseQuote("a".repeat(room), quote))).toBe(true);
    expect(isSendableText(withReleaseQuote("a".repeat(room + 1), quote))).toBe(false);
  });
});
