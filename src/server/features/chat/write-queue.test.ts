import { describe, expect, it } from "vitest";
import { createWriteQueue } from "./write-queue";

describe("createWriteQueue", () => {
  it("runs one task at a time, in arrival order, and survives failures", async () => {
    const run = createWriteQueue(1);
    const log: string[] = [];
    let active = 0;
    const task = (name: string, fail = false) =>
      run(async () => {
        active++;
        expect(active).toBe(1);
        log.push(name);
        await new Promise((r) => setTimeout(r, 1));
        active--;
        if (fail) throw new Error(name);
        return name;
      });
    const results = await Promise.allSettled([task("a"), task("b", true), task("c")]);
    expect(log).toEqual(["a", "b", "c"]);
    expect(results.map((r) => r.status)).toEqual(["fulfilled", "rejected", "fulfilled"]);
  });
});
