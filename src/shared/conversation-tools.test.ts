import { describe, expect, it } from "vitest";
import { awayLabel, isAwayOn, median, replyTimeHint } from "./availability";
import { linkify } from "./linkify";
import { highlightRanges, searchTerms } from "./message-search";
import { quoteExcerpt, quoteLabel } from "./quote";
import { fillSavedReply, filterSavedReplies, savedReplyInputSchema } from "./saved-replies";

describe("linkify", () => {
  it("makes http(s) and www. addresses links, trimming sentence punctuation", () => {
    expect(linkify("See https://example.com/a?b=1. Or www.label.test/x), thanks")).toEqual([
      { kind: "text", text: "See " },
      { kind: "link", text: "https://example.com/a?b=1", href: "https://example.com/a?b=1" },
      { kind: "text", text: ". Or " },
      { kind: "link", text: "www.label.test/x", href: "https://www.label.test/x" },
      { kind: "text", text: "), thanks" },
    ]);
  });

  it("keeps javascript:, data:, mailto, HTML and bare hosts as text", () => {
    for (const text of [
      "javascript:alert(1)",
      "<a href='javascript:alert(1)'>x</a>",
      "data:text/html,<script>",
      "example.com",
      "xwww.example.com",
      "https://nodot",
    ]) {
      expect(
        linkify(text).every((s) => s.kind === "text"),
        text,
      ).toBe(true);
    }
  });

  it("keeps brackets an address opened", () => {
    const [, link] = linkify("(https://en.wikipedia.org/wiki/Foo_(bar))");
    expect(link).toMatchObject({ text: "https://en.wikipedia.org/wiki/Foo_(bar)" });
  });
});

describe("saved replies", () => {
  it("fills known variables and leaves unknown or missing ones as typed", () => {
    const text =
      "Hi {{artist.name}} ({{ artist.email }}), {{song.title}} is {{song.status}}. {{agent.name}} {{foo.bar}}";
    expect(
      fillSavedReply(text, {
        "artist.name": "Nova",
        "artist.email": "n@x.test",
        "agent.name": "Alex",
      }),
    ).toBe("Hi Nova (n@x.test), {{song.title}} is {{song.status}}. Alex {{foo.bar}}");
  });

  it("filters by shortcut, prefix matches first", () => {
    const replies = [{ shortcut: "thanks" }, { shortcut: "isrc" }, { shortcut: "hi-thanks" }];
    expect(filterSavedReplies(replies, "Th").map((r) => r.shortcut)).toEqual([
      "thanks",
      "hi-thanks",
    ]);
  });

  it("validates shortcuts and texts", () => {
    expect(savedReplyInputSchema.parse({ shortcut: " /ok ", text: "x" }).shortcut).toBe("ok");
    expect(savedReplyInputSchema.safeParse({ shortcut: "a b", text: "x" }).success).toBe(false);
    expect(savedReplyInputSchema.safeParse({ shortcut: "a".repeat(33), text: "x" }).success).toBe(
      false,
    );
    expect(savedReplyInputSchema.safeParse({ shortcut: "a", text: "x".repeat(4001) }).success).toBe(
      false,
    );
  });
});

describe("search terms and highlights", () => {
  it("splits on anything but letters and digits, lower-cased and unique", () => {
    expect(searchTerms(' "ISRC"* OR isrc: QZ-ABC ')).toEqual(["isrc", "or", "qz", "abc"]);
    expect(searchTerms("%_)(")).toEqual([]);
  });

  it("marks the matched prefix of each word", () => {
    expect(highlightRanges("My ISRCs: isrc", ["isrc"])).toEqual([
      [3, 7],
      [10, 14],
    ]);
  });
});

describe("quotes", () => {
  it("take the first non-empty line, shortened, or name the file", () => {
    expect(quoteExcerpt("\n  First line \nsecond")).toBe("First line");
    expect(quoteExcerpt("x".repeat(200))).toHaveLength(140);
    expect(quoteLabel({ excerpt: "", fileType: "image" })).toBe("Photo");
    expect(quoteLabel({ excerpt: "", fileType: "audio" })).toBe("Voice message");
  });
});

describe("availability", () => {
  it("words the away state and the reply time", () => {
    expect(awayLabel("2026-12-02")).toBe("Away until 2 Dec");
    expect(awayLabel(null)).toBe("Away");
    expect(replyTimeHint(30_000)).toBe("Usually replies within a minute");
    expect(replyTimeHint(25 * 60_000)).toBe("Usually replies within 25 min");
    expect(replyTimeHint(95 * 60_000)).toBe("Usually replies within 2 h");
    expect(replyTimeHint(50 * 3_600_000)).toBe("Usually replies within 3 days");
  });

  it("is back once the return day has come", () => {
    expect(isAwayOn(true, "2026-12-02", "2026-12-01")).toBe(true);
    expect(isAwayOn(true, "2026-12-02", "2026-12-02")).toBe(false);
    expect(isAwayOn(true, null, "2030-01-01")).toBe(true);
  });

  it("takes the median", () => {
    expect(median([])).toBeNull();
    expect(median([5, 1, 3])).toBe(3);
    expect(median([1, 2, 3, 10])).toBe(2.5);
  });
});
