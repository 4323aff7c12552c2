import { describe, expect, it } from "vitest";
import { HttpError } from "../http/errors";
import { HASHING_BUSY_MESSAGE, createHashingGate } from "./hashing-gate";

const later = () => {
  let resolve!: (v: string) => void;
  const promise = new Promise<string>((r) => (resolve = r));
  return { promise, resolve };
};

describe("hashing gate", () => {
  it("runs a bounded number at once, queues a few, refuses the rest at once", async () => {
    const gate = createHashingGate(1, 1);
    const first = later();
    const second = later();
    const running = gate.run(() => first.promise);
    const queued = gate.run(() => second.promise);
    expect(gate.running).toBe(1);
    expect(gate.waiting).toBe(1);

    const refused = await gate.run(() => Promise.resolve("never")).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(HttpError);
    expect(refused).toMatchObject({
      statusCode: 503,
      message: HASHING_BUSY_MESSAGE,
      retryAfterSeconds: 5,
    });

    first.resolve("a");
    second.resolve("b");
    expect(await Promise.all([running, queued])).toEqual(["a", "b"]);
    // The queue drained: new work is accepted again.
    expect(await gate.run(() => Promise.resolve("c"))).toBe("c");
  });

  it("passes a failed hash's error through and frees its slot", async () => {
    const gate = createHashingGate(1, 0);
    await expect(gate.run(() => Promise.reject(new Error("boom")))).rejects.toThrow("boom");
    expect(await gate.run(() => Promise.resolve("next"))).toBe("next");
  });
});
