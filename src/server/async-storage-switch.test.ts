import { AsyncLocalStorage } from "node:async_hooks";
import { setTimeout as sleep } from "node:timers/promises";
import { describe, expect, it } from "vitest";
import { AsyncStorageSwitch } from "./async-storage-switch";

/**
 * What a callback scheduled inside a run reads once the run's work has
 * ended: its store while the storage is on, nothing once it is off.
 */
function readLater(storage: AsyncLocalStorage<string>, ms: number): Promise<string | undefined> {
  return new Promise((resolve) => {
    setTimeout(() => resolve(storage.getStore()), ms);
  });
}

describe("AsyncStorageSwitch", () => {
  it("turns its storages off once the work has ended", async () => {
    const storage = new AsyncLocalStorage<string>();
    const storages = new AsyncStorageSwitch(() => [storage]);
    let later: Promise<string | undefined> | undefined;
    const inside = await storages.around(() =>
      storage.run("sign-in", async () => {
        await sleep(1);
        later = readLater(storage, 20);
        return storage.getStore();
      }),
    );
    expect(inside).toBe("sign-in");
    // Scheduled inside the run, read after it: the storage is off.
    expect(await later).toBeUndefined();
  });

  it("keeps them on while another call is still running, and off after the last", async () => {
    const storage = new AsyncLocalStorage<string>();
    const storages = new AsyncStorageSwitch(() => [storage]);
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const slow = storages.around(() =>
      storage.run("slow", async () => {
        await gate;
        return storage.getStore();
      }),
    );
    await storages.around(() => storage.run("quick", () => sleep(1)));
    release();
    expect(await slow).toBe("slow");
    expect(await storage.run("again", () => sleep(1).then(() => storage.getStore()))).toBe("again");
  });

  it("turns them off when the work fails too, and passes the failure on", async () => {
    const storage = new AsyncLocalStorage<string>();
    const storages = new AsyncStorageSwitch(() => [storage]);
    let later: Promise<string | undefined> | undefined;
    await expect(
      storages.around(() =>
        storage.run("failing", async () => {
          later = readLater(storage, 20);
          await sleep(1);
          throw new Error("refused");
        }),
      ),
    ).rejects.toThrow("refused");
    expect(await later).toBeUndefined();
  });

  it("asks for the storages each time, so one created during the work is turned off too", async () => {
    const created: AsyncLocalStorage<string>[] = [];
    const storages = new AsyncStorageSwitch(() => created);
    let later: Promise<string | undefined> | undefined;
    await storages.around(async () => {
      const storage = new AsyncLocalStorage<string>();
      created.push(storage);
      await storage.run("lazy", async () => {
        later = readLater(storage, 20);
        await sleep(1);
      });
    });
    expect(await later).toBeUndefined();
  });
});
