import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { ReleaseDetail } from "../../../../shared/release-schemas";
import { AutosaveQueue } from "../autosave-queue";
import { draftFromRelease, type DraftFields } from "../release-draft";
import { DraftKeeper } from "./draft-keeper";
import type { KeptDraft, KeptDraftStorage } from "./kept-draft-store";
import { restoreDecision } from "./restore-decision";
import { testRelease } from "./test-release";

/** IndexedDB stand-in: a Map shared by the "page loads" of one test, copying as IDB does. */
function memoryStore(): KeptDraftStorage & { saved: Map<string, KeptDraft> } {
  const saved = new Map<string, KeptDraft>();
  const key = (userId: string, releaseId: string) => `${userId}/${releaseId}`;
  return {
    saved,
    get: (userId, releaseId) =>
      Promise.resolve(structuredClone(saved.get(key(userId, releaseId)) ?? null)),
    put: (entry) =>
      Promise.resolve(void saved.set(key(entry.userId, entry.releaseId), structuredClone(entry))),
    delete: (userId, releaseId) => Promise.resolve(void saved.delete(key(userId, releaseId))),
  };
}

/** The server: saves a draft from the version it has, else 409 (optimistic concurrency). */
function releaseServer(start: ReleaseDetail) {
  let current = start;
  /** Saves that never answer (a held request, a reload mid-save). */
  let hold = false;
  const save = vi.fn((fields: DraftFields, version: number) => {
    if (hold) return new Promise<ReleaseDetail>(() => undefined);
    if (version !== current.version) return Promise.reject(new Error("409"));
    current = { ...current, ...fields, tracks: current.tracks, version: version + 1 };
    return Promise.resolve(current);
  });
  return {
    save,
    get release() {
      return current;
    },
    holdSaves: (on: boolean) => (hold = on),
  };
}

/** One page of the release form: the autosave queue and its keeper, wired as useAutosave does. */
function openPage(store: KeptDraftStorage, server: ReturnType<typeof releaseServer>) {
  const keeper = new DraftKeeper(store, "u1", "r1", () => 1);
  const release = server.release;
  const queue: AutosaveQueue<DraftFields, ReleaseDetail> = new AutosaveQueue(
    {
      delayMs: 500,
      save: server.save,
      failure: () => ({ kind: "conflict", message: "changed elsewhere" }),
      onStatus: () => void keeper.keep(queue.unsavedSnapshot),
      onSaved: () => undefined,
    },
    draftFromRelease(release),
    release.version,
  );
  const change = (update: (d: DraftFields) => DraftFields) => {
    queue.change(update(queue.currentDraft));
    void keeper.keep(queue.unsavedSnapshot);
  };
  return { keeper, queue, change, release };
}

describe("DraftKeeper", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("keeps an edit as it is typed and forgets it once the server has it", async () => {
    const store = memoryStore();
    const server = releaseServer(testRelease());
    const page = openPage(store, server);
    page.change((d) => ({ ...d, title: "Monsoon Tapes (Deluxe)" }));
    await vi.advanceTimersByTimeAsync(0);
    expect([...store.saved.values()][0]).toMatchObject({
      userId: "u1",
      releaseId: "r1",
      version: 4,
      draft: { title: "Monsoon Tapes (Deluxe)" },
    });
    await vi.advanceTimersByTimeAsync(500);
    expect(server.release.title).toBe("Monsoon Tapes (Deluxe)");
    expect(store.saved.size).toBe(0);
  });

  it("brings back an edit whose save never answered, and saves it on the next page", async () => {
    const store = memoryStore();
    const server = releaseServer(testRelease());
    const first = openPage(store, server);
    server.holdSaves(true);
    first.change((d) => ({ ...d, title: "Monsoon Tapes (Deluxe)" }));
    await vi.advanceTimersByTimeAsync(500);
    expect(first.queue.unsaved).toBe(true);
    // The save is on its way: what was sent is kept with the version it came from.
    expect([...store.saved.values()][0]).toMatchObject({
      version: 4,
      sent: { title: "Monsoon Tapes (Deluxe)" },
    });

    // Reload: the held save is gone with the page; the server never had it.
    server.holdSaves(false);
    const second = openPage(store, server);
    const kept = await second.keeper.load();
    expect(kept).not.toBeNull();
    expect(restoreDecision(kept!, second.release, true)).toBe("restore");
    second.change(() => kept!.draft);
    await vi.advanceTimersByTimeAsync(500);
    expect(server.save).toHaveBeenLastCalledWith(
      expect.objectContaining({ title: "Monsoon Tapes (Deluxe)" }),
      4,
    );
    expect(server.release).toMatchObject({ title: "Monsoon Tapes (Deluxe)", version: 5 });
    expect(store.saved.size).toBe(0);
  });

  it("keeps edits refused as stale: the next page finds them held, not applied", async () => {
    const store = memoryStore();
    const server = releaseServer(testRelease());
    const first = openPage(store, server);
    // Another tab saves first.
    await server.save({ ...draftFromRelease(server.release), genre: "Folk" }, 4);
    first.change((d) => ({ ...d, title: "Monsoon Tapes (Deluxe)" }));
    await vi.advanceTimersByTimeAsync(500);
    expect(server.release).toMatchObject({ genre: "Folk", title: "Monsoon Tapes" });
    const second = openPage(store, server);
    const kept = await second.keeper.load();
    expect(kept?.draft.title).toBe("Monsoon Tapes (Deluxe)");
    expect(restoreDecision(kept!, second.release, true)).toBe("conflict");
  });

  it("reads what an earlier page left before its own first write can replace it", async () => {
    const store = memoryStore();
    await store.put({
      userId: "u1",
      releaseId: "r1",
      keptAt: 0,
      version: 4,
      sent: null,
      draft: { ...draftFromRelease(testRelease()), title: "Left behind" },
    });
    const keeper = new DraftKeeper(store, "u1", "r1");
    // The artist types before the page has looked (a write queued first).
    const write = keeper.keep(null);
    expect((await keeper.load())?.draft.title).toBe("Left behind");
    await write;
    expect(store.saved.size).toBe(0);
  });

  it("leaves the form working when the browser refuses to store", async () => {
    const failing: KeptDraftStorage = {
      get: () => Promise.reject(new Error("private window")),
      put: () => Promise.reject(new Error("quota")),
      delete: () => Promise.reject(new Error("quota")),
    };
    const keeper = new DraftKeeper(failing, "u1", "r1");
    await expect(keeper.load()).resolves.toBeNull();
    await expect(keeper.keep(null)).resolves.toBeUndefined();
  });
});
