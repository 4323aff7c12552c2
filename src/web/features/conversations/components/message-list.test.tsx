import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { testMessage } from "../test-message";
import { MessageList } from "./message-list";

const older = { hasOlder: true, loading: false, failed: false, load: () => Promise.resolve() };

describe("MessageList", () => {
  it("mounts without its rows: they render next, in a transition that yields to the browser", () => {
    // The opening's largest render was every bubble at once, one long task
    // (docs/benchmarks.md); the mount now holds the list's frame only.
    const html = renderToString(
      <MessageList
        messages={[testMessage({ id: "first-words" }), testMessage({ id: "second-words", seq: 2 })]}
        ownId="a"
        older={older}
        onRetry={() => undefined}
        onRemove={() => undefined}
        songHref={(id) => `/song/${id}`}
      />,
    );
    expect(html).toContain('aria-label="Message history"');
    expect(html).toContain('aria-label="Messages"');
    expect(html).not.toContain("first-words");
    expect(html).not.toContain("second-words");
    // Nor the control above the rows, which would flash before they arrive.
    expect(html).not.toContain("Load older messages");
  });
});
