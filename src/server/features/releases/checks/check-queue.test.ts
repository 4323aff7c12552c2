import { describe, expect, it } from "vitest";
import { FileCheckQueue } from "./check-queue";

/** A check that stays running until `finish()`; records what ran at once. */
function gate(log: { running: string[]; peak: number; order: string[] }, name: string) {
  let finish!: () => void;
  const done = new Promise<void>((resolve) => (finish = resolve));
  const check = async () => {
    log.running.push(name);
    log.order.push(name);
    log.peak = Math.max(log.peak, log.running.length);
    await done;
    log.running.splice(log.running.indexOf(name), 1);
    return name;
  };
  return { check, finish };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 10));

describe("the file check queue", () => {
  it("runs one check per account at once, in order, and at most one per core", async () => {
    const queue = new FileCheckQueue(2);
    const log = { running: [] as string[], peak: 0, order: [] as string[] };
    const a1 = gate(log, "a1");
    const a2 = gate(log, "a2");
    const a3 = gate(log, "a3");
    const b1 = gate(log, "b1");
    const c1 = gate(log, "c1");
    const results = [
      queue.run("a", a1.check),
      queue.run("a", a2.check),
      queue.run("a", a3.check),
      queue.run("b", b1.check),
      queue.run("c", c1.check),
    ];
    await settle();
    // a's second and third wait behind a1 without holding a core: b runs beside a1; c waits for a core.
    expect(log.running).toEqual(["a1", "b1"]);
    a1.finish();
    await settle();
    expect(log.running.sort()).toEqual(["b1", "c1"]);
    b1.finish();
    await settle();
    expect(log.running.sort()).toEqual(["a2", "c1"]);
    c1.finish();
    a2.finish();
    await settle();
    a3.finish();
    expect(await Promise.all(results)).toEqual(["a1", "a2", "a3", "b1", "c1"]);
    expect(log.peak).toBe(2);
    expect(log.order.filter((name) => name.startsWith("a"))).toEqual(["a1", "a2", "a3"]);
  });

  it("goes on with an account's next check after one fails", async () => {
    const queue = new FileCheckQueue(1);
    const failed = queue.run("a", () => Promise.reject(new Error("bad file")));
    const next = queue.run("a", () => Promise.resolve("next"));
    await expect(failed).rejects.toThrow("bad file");
    expect(await next).toBe("next");
  });
});
