import { describe, expect, it, vi } from "vitest";
import { WalletCache } from "./wallet-cache";

describe("WalletCache", () => {
  it("keeps a value per artist and key until the artist is forgotten", async () => {
    const cache = new WalletCache<number[]>(60_000);
    const load = vi.fn(() => Promise.resolve([1]));
    await cache.get("a", "k", load);
    expect(await cache.get("a", "k", load)).toEqual([1]);
    expect(load).toHaveBeenCalledTimes(1);
    await cache.get("b", "k", load);
    expect(load).toHaveBeenCalledTimes(2);

    cache.forget(["a"]);
    await cache.get("a", "k", load);
    await cache.get("b", "k", load);
    expect(load).toHaveBeenCalledTimes(3);
  });

  it("does not keep a value read while the artist was forgotten", async () => {
    const cache = new WalletCache<string>(60_000);
    let release!: () => void;
    const slow = cache.get("a", "k", () => new Promise((r) => (release = () => r("old"))));
    cache.forget(["a"]);
    release();
    expect(await slow).toBe("old");
    expect(await cache.get("a", "k", () => Promise.resolve("new"))).toBe("new");
  });

  it("forgets everyone at once, and keeps nothing read across it", async () => {
    const cache = new WalletCache<string>(60_000);
    await cache.get("a", "k", () => Promise.resolve("a-old"));
    await cache.get("b", "k", () => Promise.resolve("b-old"));
    let release!: () => void;
    const slow = cache.get("c", "k", () => new Promise((r) => (release = () => r("c-old"))));
    cache.forgetAll();
    release();
    expect(await slow).toBe("c-old");
    for (const id of ["a", "b", "c"]) {
      expect(await cache.get(id, "k", () => Promise.resolve(`${id}-new`))).toBe(`${id}-new`);
    }
  });

  it("lets a value go after its TTL, for an event that never came", async () => {
    let now = 1_000;
    const cache = new WalletCache<string>(10_000, () => now);
    await cache.get("a", "k", () => Promise.resolve("first"));
    now += 10_000;
    expect(await cache.get("a", "k", () => Promise.resolve("second"))).toBe("first");
    now += 1;
    expect(await cache.get("a", "k", () => Promise.resolve("second"))).toBe("second");
  });
});
