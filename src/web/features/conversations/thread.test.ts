import { describe, expect, it } from "vitest";
import { testMessage } from "./test-message";
import { PENDING_SEQ, lastStoredSeq, mergeMessages, type ThreadMessage } from "./thread";

function message(id: string, seq: number, status: "sent" | "sending" = "sent"): ThreadMessage {
  return testMessage({ id, seq, status, createdAt: seq === PENDING_SEQ ? 1000 : seq });
}

describe("mergeMessages", () => {
  it("orders by seq and puts pending messages last", () => {
    const merged = mergeMessages(
      [message("p", PENDING_SEQ, "sending")],
      [message("b", 2), message("a", 1)],
    );
    expect(merged.map((m) => m.id)).toEqual(["a", "b", "p"]);
  });

  it("never shows a message twice: the stored copy replaces the pending one", () => {
    const merged = mergeMessages([message("x", PENDING_SEQ, "sending")], [message("x", 5)]);
    expect(merged).toHaveLength(1);
    expect(merged[0]).toMatchObject({ status: "sent", seq: 5 });
    // A late echo of the pending copy does not undo it.
    expect(mergeMessages(merged, [message("x", PENDING_SEQ, "sending")])[0]?.status).toBe("sent");
  });

  it("tells the last stored seq to resync after", () => {
    expect(
      lastStoredSeq([message("a", 1), message("b", 7), message("p", PENDING_SEQ, "sending")]),
    ).toBe(7);
    expect(lastStoredSeq([])).toBeUndefined();
  });
});
