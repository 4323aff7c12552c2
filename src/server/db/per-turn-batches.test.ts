import { describe, expect, it } from "vitest";
import { perTurnBatches } from "./per-turn-batches";
import { WritesOnTheWay } from "./writes-on-the-way";

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

  it("waits for the writes on their way, so a straggler joins the batch instead of the next", async () => {
    const onTheWay = new WritesOnTheWay(10_000);
    const batches: number[][] = [];
    const write = perTurnBatches(
      (items: number[]) => {
        batches.push(items);
        return Promise.resolve(items);
      },
      () => Promise.reject(new Error("not replayed")),
      { onTheWay },
    );
    const arrived = onTheWay.begin();
    const first = write(1);
    // Several turns later the straggler hands its write over.
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(batches).toEqual([]);
    arrived();
    const second = write(2);
    expect(await Promise.all([first, second])).toEqual([1, 2]);
    expect(batches).toEqual([[1, 2]]);
  });

  it("leaves after the wait's cap when a write on its way never comes", async () => {
    const onTheWay = new WritesOnTheWay(30);
    onTheWay.begin();
    const started = performance.now();
    const write = perTurnBatches(
      (items: number[]) => Promise.resolve(items),
      () => Promise.reject(new Error("not replayed")),
      { onTheWay },
    );
    expect(await write(7)).toBe(7);
    expect(performance.now() - started).toBeGreaterThanOrEqual(25);
  });
});

describe("WritesOnTheWay", () => {
  it("is settled once every caller arrived; arriving twice counts once", async () => {
    const onTheWay = new WritesOnTheWay(10_000);
    const a = onTheWay.begin();
    const b = onTheWay.begin();
    let settled = false;
    void onTheWay.settled().then(() => (settled = true));
    a();
    a();
    await new Promise((resolve) => setImmediate(resolve));
    expect(settled).toBe(false);
    b();
    await new Promise((resolve) => setImmediate(resolve));
    expect(settled).toBe(true);
  });

  it("counts a caller's work until it arrives or ends, errors included", async () => {
    const onTheWay = new WritesOnTheWay(10_000);
    await expect(onTheWay.during(() => Promise.reject(new Error("refused")))).rejects.toThrow(
      "refused",
    );
    let settled = false;
    await onTheWay.settled().then(() => (settled = true));
    expect(settled).toBe(true);
  });
});
