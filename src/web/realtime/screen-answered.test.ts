import { QueryClient } from "@tanstack/react-query";
import { afterEach, describe, expect, it } from "vitest";
import { screenAnswered } from "./screen-answered";

const settled = (promise: Promise<void>) => {
  let done = false;
  void promise.then(() => (done = true));
  return () => done;
};
const tick = (ms = 20) => new Promise((resolve) => setTimeout(resolve, ms));

describe("screenAnswered", () => {
  let queryClient = new QueryClient();
  afterEach(() => queryClient.clear());

  it("resolves soon when nothing is fetching", async () => {
    queryClient = new QueryClient();
    const done = settled(screenAnswered(queryClient, 5000));
    await tick();
    expect(done()).toBe(true);
  });

  it("waits for the screen's answers, then resolves", async () => {
    queryClient = new QueryClient();
    let answer!: (value: string) => void;
    void queryClient
      .query({
        queryKey: ["songs"],
        queryFn: () => new Promise<string>((resolve) => (answer = resolve)),
      })
      .catch(() => undefined);
    const done = settled(screenAnswered(queryClient, 5000));
    await tick(50);
    expect(done()).toBe(false);
    answer("in");
    await tick();
    expect(done()).toBe(true);
  });

  it("stops waiting for an answer that never comes after the cap", async () => {
    queryClient = new QueryClient();
    // Cancelled by clear() after the test: its rejection is expected.
    void queryClient
      .query({ queryKey: ["slow"], queryFn: () => new Promise(() => {}) })
      .catch(() => undefined);
    const done = settled(screenAnswered(queryClient, 60));
    await tick(20);
    expect(done()).toBe(false);
    await tick(80);
    expect(done()).toBe(true);
  });

  it("waits for a request in flight too (a conversation's opening)", async () => {
    queryClient = new QueryClient();
    let answer!: () => void;
    const opening = queryClient
      .getMutationCache()
      .build(queryClient, { mutationFn: () => new Promise<void>((resolve) => (answer = resolve)) });
    void opening.execute(undefined).catch(() => undefined);
    const done = settled(screenAnswered(queryClient, 5000));
    await tick(50);
    expect(done()).toBe(false);
    answer();
    await tick();
    expect(done()).toBe(true);
  });
});
