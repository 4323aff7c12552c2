import { describe, expect, it } from "vitest";
import { batchedReads, batchedRowsByKey } from "./batched-reads";

describe("batchedReads", () => {
  it("reads the keys asked for in one turn in one call, each answered with its own value", async () => {
    const calls: string[][] = [];
    const read = batchedReads((keys: readonly string[]) => {
      calls.push([...keys]);
      return Promise.resolve(keys.map((key) => key.toUpperCase()));
    });
    // Asked from different callbacks of the same turn, as requests arrive.
    const asked = await Promise.all(
      ["a", "b", "c"].map((key) => Promise.resolve().then(() => read(key))),
    );
    expect(asked).toEqual(["A", "B", "C"]);
    expect(calls).toEqual([["a", "b", "c"]]);
  });

  it("gathers the lookups asked while a read is in flight into the next read, one read at a time", async () => {
    const calls: string[][] = [];
    const releases: (() => void)[] = [];
    const read = batchedReads(async (keys: readonly string[]) => {
      calls.push([...keys]);
      await new Promise<void>((resolve) => releases.push(resolve));
      return [...keys];
    });
    const first = read("a");
    await new Promise((resolve) => setImmediate(resolve));
    expect(calls).toEqual([["a"]]);
    // Asked in later turns while "a" is read: they wait and go together.
    const later = [read("b")];
    await new Promise((resolve) => setImmediate(resolve));
    later.push(read("c"));
    await new Promise((resolve) => setImmediate(resolve));
    expect(calls).toEqual([["a"]]);
    releases.shift()!();
    expect(await first).toBe("a");
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(calls).toEqual([["a"], ["b", "c"]]);
    releases.shift()!();
    expect(await Promise.all(later)).toEqual(["b", "c"]);
  });

  it("keeps nothing: the same key in a later turn is read again", async () => {
    let value = 1;
    const read = batchedReads((keys: readonly string[]) => Promise.resolve(keys.map(() => value)));
    expect(await read("k")).toBe(1);
    value = 2;
    expect(await read("k")).toBe(2);
  });

  it("fails every lookup of a failed read, and reads the next turn afresh", async () => {
    let fail = true;
    const read = batchedReads((keys: readonly string[]) =>
      fail
        ? Promise.reject(new Error("database went away"))
        : Promise.resolve(keys.map((key) => `${key}!`)),
    );
    const failed = await Promise.allSettled([read("x"), read("y")]);
    expect(failed.map((r) => r.status)).toEqual(["rejected", "rejected"]);
    fail = false;
    expect(await read("x")).toBe("x!");
  });
});

describe("batchedRowsByKey", () => {
  it("answers each lookup with its own row, whatever order the rows come in, or undefined", async () => {
    const rows = [
      { id: "b", name: "Bee" },
      { id: "a", name: "Ay" },
    ];
    const read = batchedRowsByKey(
      (ids: readonly string[]) => Promise.resolve(rows.filter((r) => ids.includes(r.id))),
      (row) => row.id,
    );
    expect(await Promise.all(["a", "missing", "b"].map((id) => read(id)))).toEqual([
      { id: "a", name: "Ay" },
      undefined,
      { id: "b", name: "Bee" },
    ]);
  });
});
