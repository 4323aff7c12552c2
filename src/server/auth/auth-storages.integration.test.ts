import type { AsyncLocalStorage } from "node:async_hooks";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { betterAuthStorages } from "../async-storage-switch";
import {
  createTestApp,
  ORIGIN,
  signIn,
  signUp,
  STRONG_PASSWORD,
  type TestApp,
} from "../test/test-app";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/**
 * Whether a storage is on. Node 20 keeps it in the instance's `enabled`
 * field (not documented); the type check makes a Node that drops it fail
 * here rather than pass for the wrong reason.
 */
function isOn(storage: AsyncLocalStorage<unknown>): boolean {
  const enabled: unknown = Reflect.get(storage, "enabled");
  expect(typeof enabled).toBe("boolean");
  return enabled === true;
}

describe("better-auth's context storages", () => {
  it("are off once its calls have ended, and come back for the next ones", async () => {
    const { email, response } = await signUp(t.app);
    expect(response.statusCode).toBe(200);
    // Overlapping calls: the first to end must not turn the others' storages off.
    const [first, second, other] = await Promise.all([
      signIn(t.app, email),
      signIn(t.app, email),
      signUp(t.app),
    ]);
    expect([first, second, other].map((r) => r.response.statusCode)).toEqual([200, 200, 200]);

    const storages = betterAuthStorages();
    expect(storages.length).toBeGreaterThan(0);
    expect(storages.filter(isOn)).toEqual([]);

    // A call through `api` (getSession, for a password check) works once
    // they were turned off, and turns them off again.
    const check = await t.app.inject({
      method: "POST",
      url: "/api/account/verify-password",
      headers: { origin: ORIGIN, cookie: first.cookie },
      payload: { password: STRONG_PASSWORD },
    });
    expect(check.statusCode).toBe(200);
    expect(betterAuthStorages().filter(isOn)).toEqual([]);
  });
});
