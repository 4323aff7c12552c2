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
    // The first batch is committing: these wait for the next one, a turn later too.
    const later = [4, 5].map(write);
    await new Promise((r) => setImmediate(r));
    expect(batches).toEqual([[1, 2, 3]]);
    release();
    expect(await Promise.all([...first, ...later])).toEqual([10, 20, 30, 40, 50]);
    expect(batches).toEqual([
      [1, 2, 3],
      [4, 5],
    ]);
  });

  it("with two in flight, a batch leaves while the one before it commits, and a third waits", async () => {
    const batches: number[][] = [];
    const releases: (() => void)[] = [];
    const write = perTurnBatches(
      async (items: number[]) => {
        batches.push(items);
        await new Promise<void>((r) => releases.push(r));
        return items;
      },
      () => Promise.reject(new Error("not replayed")),
      { inFlight: 2 },
    );
    const turn = () => new Promise((r) => setImmediate(r));
    const first = write(1);
    await turn();
    const second = [2, 3].map(write);
    await turn();
    const third = write(4);
    await turn();
    // Two batches commit at once; the third call waits for a free slot.
    expect(batches).toEqual([[1], [2, 3]]);
    releases[1]!();
    expect(await Promise.all(second)).toEqual([2, 3]);
    await turn();
    expect(batches).toEqual([[1], [2, 3], [4]]);
    releases[0]!();
    releases[2]!();
    expect(await Promise.all([first, third])).toEqual([1, 4]);
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
