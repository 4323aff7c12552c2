import { afterEach, describe, expect, it, vi } from "vitest";
import { MutationObserver, onlineManager, QueryClient } from "@tanstack/react-query";
import { pickedMutationStore } from "./use-picked-mutation";

/** A mutation whose answer the test gives, one call at a time. */
function controlled() {
  const calls: { resolve: (v: string) => void; reject: (e: Error) => void }[] = [];
  const mutationFn = () =>
    new Promise<string>((resolve, reject) => calls.push({ resolve, reject }));
  return { mutationFn, calls };
}

/** Notifications are batched to the next task. */
const nextTask = () => new Promise((resolve) => setTimeout(resolve, 5));
/**
 * Until a notification expected has come: on a loaded machine the batch's
 * timer may be scheduled after a fixed wait's, and fire after it.
 */
const told = (check: () => void) => vi.waitFor(check, { timeout: 2000, interval: 5 });

function setUp() {
  const { mutationFn, calls } = controlled();
  const client = new QueryClient();
  // Mounted as the app's provider mounts it: paused mutations resume when online.
  client.mount();
  const observer = new MutationObserver<string, Error, string>(client, {
    mutationFn,
    retry: false,
  });
  const store = pickedMutationStore(observer, (state) => ({
    isError: state.isError,
    error: state.error,
    isPaused: state.isPaused,
  }));
  let heard = 0;
  const stop = store.subscribe(() => heard++);
  // What a plain useMutation re-renders for: every state change.
  let everyChange = 0;
  const stopEvery = observer.subscribe(() => everyChange++);
  return {
    observer,
    store,
    calls,
    heard: () => heard,
    everyChange: () => everyChange,
    stop: () => (stop(), stopEvery(), client.unmount()),
  };
}

afterEach(() => onlineManager.setOnline(true));

describe("pickedMutationStore", () => {
  it("tells nothing while the mutation is pending nor when it succeeds: nothing picked changed", async () => {
    const s = setUp();
    const done = s.observer.mutate("peer");
    await nextTask();
    s.calls[0]!.resolve("room");
    await done;
    await nextTask();
    expect(s.everyChange()).toBeGreaterThanOrEqual(2);
    expect(s.heard()).toBe(0);
    expect(s.store.getSnapshot()).toEqual({ isError: false, error: null, isPaused: false });
    s.stop();
  });

  it("tells a failure, with its error, and the retry's start that clears it", async () => {
    const s = setUp();
    const failed = s.observer.mutate("peer").catch(() => undefined);
    await nextTask();
    s.calls[0]!.reject(new Error("No such person."));
    await failed;
    await told(() => expect(s.heard()).toBe(1));
    expect(s.store.getSnapshot().isError).toBe(true);
    expect(s.store.getSnapshot().error?.message).toBe("No such person.");
    const retried = s.observer.mutate("peer");
    await told(() => expect(s.heard()).toBe(2));
    expect(s.store.getSnapshot().isError).toBe(false);
    s.calls[1]!.resolve("room");
    await retried;
    s.stop();
  });

  it("tells a mutation waiting for the network, and its going out once back", async () => {
    const s = setUp();
    onlineManager.setOnline(false);
    const done = s.observer.mutate("peer");
    await told(() => expect(s.heard()).toBe(1));
    expect(s.store.getSnapshot().isPaused).toBe(true);
    onlineManager.setOnline(true);
    await told(() => expect(s.heard()).toBe(2));
    expect(s.store.getSnapshot().isPaused).toBe(false);
    s.calls[0]!.resolve("room");
    await done;
    s.stop();
  });

  it("keeps the same snapshot while nothing picked changed (a render reads no new object)", async () => {
    const s = setUp();
    const first = s.store.getSnapshot();
    const done = s.observer.mutate("peer");
    await nextTask();
    s.calls[0]!.resolve("room");
    await done;
    await nextTask();
    expect(s.store.getSnapshot()).toBe(first);
    s.stop();
  });
});
