/**
 * Sign-up must not tell whether an account exists: the same text, and the
 * same password-hashing work, whether or not the email is taken. Counting the
 * hashes (not timing them) keeps this test exact on a busy machine.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { SIGN_UP_FAILED_MESSAGE } from "../../shared/auth-messages";
import { createTestApp, signUp, uniqueEmail, type TestApp } from "../test/test-app";
import { hashingGate } from "./hashing-gate";

// Every scrypt derivation (hashing a new password or checking one) passes
// the hashing gate: observed there, with no module mock, so the test also
// holds when Vitest runs files in one shared module graph.
const hashes = vi.spyOn(hashingGate, "run");

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  hashes.mockRestore();
  await t.close();
});

async function hashesDuring(run: () => Promise<unknown>): Promise<number> {
  const before = hashes.mock.calls.length;
  await run();
  return hashes.mock.calls.length - before;
}

describe("sign-up with an email that already has an account", () => {
  it("answers the spec's text, never that the email is taken", async () => {
    const email = uniqueEmail();
    expect((await signUp(t.app, { email })).response.statusCode).toBe(200);
    const again = await signUp(t.app, { email, name: "Someone Else" });
    expect(again.response.statusCode).toBe(422);
    expect(again.response.json()).toEqual({
      message: SIGN_UP_FAILED_MESSAGE,
      code: "SIGN_UP_FAILED",
    });
    expect(again.response.body).not.toMatch(/exist|already|in use/i);
    expect(again.cookie).toBe("");
  });

  it("does the same password hashing as a new account", async () => {
    const email = uniqueEmail();
    const created = await hashesDuring(() => signUp(t.app, { email }));
    const refused = await hashesDuring(() => signUp(t.app, { email }));
    expect(created).toBe(1);
    expect(refused).toBe(created);
  });
});
