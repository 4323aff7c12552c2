import { describe, expect, it } from "vitest";
import { perTurnBatches } from "./per-turn-batches";

describe("perTurnBatches", () => {
  it("commits the calls of one turn together, and later calls in the next batch", async () => {
    const batches: number[][] = [];
    let release: () => void = () => undefined;
    const held = new Promise<void>((r) => (release = r));
    const write = perTurnBatches(
      async (items: number[]) => {
        batches.push(items);
        if (batches.length === 1) await held;
        return items.map((i) => i * 10);
      },
      () => Promise.reject(new Error("not replayed")),
    );
    const first = [1, 2, 3].map(write);
    await new Promise((r) => setImmediate(r));
    // The first batch is committing: these wait for the next one.
    const later = [4, 5].map(write);
    release();
    expect(await Promise.all([...first, ...later])).toEqual([10, 20, 30, 40, 50]);
    expect(batches).toEqual([
      [1, 2, 3],
      [4, 5],
    ]);
  });

  it("replays a failed batch call by call, so one bad call fails alone", async () => {
    const write = perTurnBatches(
      (items: number[]) =>
        items.includes(2) ? Promise.reject(new Error("batch")) : Promise.resolve(items),
      (item: number) =>
        item === 2 ? Promise.reject(new Error(`bad ${item}`)) : Promise.resolve(item + 100),
    );
    const results = await Promise.allSettled([1, 2, 3].map(write));
    expect(results.map((r) => (r.status === "fulfilled" ? r.value : String(r.reason)))).toEqual([
      101,
      "Error: bad 2",
      103,
    ]);
  });
});
