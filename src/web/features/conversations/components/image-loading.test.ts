import { describe, expect, it } from "vitest";
import type { ThreadMessage } from "../thread";
import { imageLoading } from "./message-list";

const message = (id: string, fileType: string | null) =>
  ({ id, fileType }) as unknown as ThreadMessage;

describe("imageLoading", () => {
  it("asks for the newest picture first, the one before at once, older ones lazily", () => {
    const loading = imageLoading([
      message("a", "image"),
      message("b", null),
      message("c", "image"),
      message("d", "audio"),
      message("e", "image"),
      message("f", "image"),
      message("g", null),
    ]);
    expect(Object.fromEntries(loading)).toEqual({
      f: "priority",
      e: "eager",
      c: "lazy",
      a: "lazy",
    });
  });

  it("has nothing to say of a thread without pictures", () => {
    expect(imageLoading([message("a", null)]).size).toBe(0);
  });
});
