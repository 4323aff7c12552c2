import { Redis } from "ioredis";
import { afterAll, describe, expect, it } from "vitest";
import { trackPublishes } from "./publish-tracker";

/** A publish whose answers the test gives, one by one. */
function heldPublishes() {
  const answers: { resolve: (n: number) => void; reject: (e: Error) => void }[] = [];
  const publish = () =>
    new Promise<unknown>((resolve, reject) => answers.push({ resolve, reject }));
  return { publish, answers };
}

describe("trackPublishes", () => {
  it("is settled at once when nothing is pending", async () => {
    const { publish } = heldPublishes();
    const tracker = trackPublishes(publish, () => undefined);
    await expect(tracker.settled(10_000)).resolves.toBeUndefined();
  });

  it("waits for the latest publish, and answers when it is confirmed", async () => {
    const { publish, answers } = heldPublishes();
    const tracker = trackPublishes(publish, () => undefined);
    void tracker.publish("c", "1");
    void tracker.publish("c", "2");
    let done = false;
    const waiting = tracker.settled(10_000).then(() => (done = true));
    answers[0]!.resolve(1);
    await new Promise((r) => setTimeout(r, 10));
    expect(done).toBe(false);
    answers[1]!.resolve(1);
    await waiting;
    expect(done).toBe(true);
  });

  it("logs a refused publish and stops waiting for it; gives up after the bound", async () => {
    const { publish, answers } = heldPublishes();
    const errors: unknown[] = [];
    const tracker = trackPublishes(publish, (err) => errors.push(err));
    void tracker.publish("c", "1").catch(() => undefined);
    const waiting = tracker.settled(10_000);
    answers[0]!.reject(new Error("Redis is away"));
    await waiting;
    expect(errors).toHaveLength(1);
    void tracker.publish("c", "2");
    const started = performance.now();
    await tracker.settled(50);
    expect(performance.now() - started).toBeGreaterThanOrEqual(45);
  });
});

describe("trackPublishes: confirmed (decision 094's marks are cleared on it)", () => {
  it("is true once the latest publish is confirmed, false on a refusal or past the bound", async () => {
    const { publish, answers } = heldPublishes();
    const tracker = trackPublishes(publish, () => undefined);
    void tracker.publish("c", "1");
    const first = tracker.confirmed(10_000);
    answers[0]!.resolve(1);
    expect(await first).toBe(true);
    void tracker.publish("c", "2").catch(() => undefined);
    const refused = tracker.confirmed(10_000);
    answers[1]!.reject(new Error("Redis is away"));
    expect(await refused).toBe(false);
    expect(tracker.failures()).toBe(1);
    void tracker.publish("c", "3");
    expect(await tracker.confirmed(30)).toBe(false);
  });
});

// The tracker's premise: one connection's publishes are answered in the order sent.
describe("ioredis on a real Redis", () => {
  const redis = new Redis(process.env.TEST_REDIS_URL ?? "redis://127.0.0.1:6379", {
    lazyConnect: true,
  });
  afterAll(() => redis.disconnect());

  it("settles one connection's publishes in the order they were sent", async () => {
    await redis.connect();
    const order: number[] = [];
    await Promise.all(
      Array.from({ length: 2_000 }, (_, i) =>
        redis.publish(`tracker-test-${i % 7}`, "x".repeat(i % 300)).then(() => order.push(i)),
      ),
    );
    expect(order).toEqual(Array.from({ length: 2_000 }, (_, i) => i));
  });
});
