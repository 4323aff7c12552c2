import { describe, expect, it } from "vitest";
import { MESSAGE_MAX_LENGTH } from "../../../../shared/chat";
import { COUNTER_FROM, messageLength } from "./message-length";

describe("messageLength", () => {
  it("says nothing far from the limit", () => {
    expect(messageLength("hello")).toEqual({ counter: null, tooLong: null });
    expect(messageLength("a".repeat(COUNTER_FROM - 1)).counter).toBeNull();
  });

  it("counts near the limit, and the limit itself is still fine", () => {
    expect(messageLength("a".repeat(3600))).toEqual({ counter: "3,600 / 4,000", tooLong: null });
    expect(messageLength("a".repeat(MESSAGE_MAX_LENGTH)).tooLong).toBeNull();
  });

  it("refuses a 5,000-character paste with the number to cut, keeping it whole", () => {
    const result = messageLength("a".repeat(5000));
    expect(result.counter).toBe("5,000 / 4,000");
    expect(result.tooLong).toBe(
      "This message is 1,000 characters too long. A message can have at most 4,000 characters: shorten it or send it in parts.",
    );
    expect(messageLength("a".repeat(4001)).tooLong).toMatch(
      /^This message is 1 character too long/,
    );
  });
});
