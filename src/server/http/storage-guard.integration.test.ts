import fs from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ORIGIN, createTestApp, type TestApp } from "../test/test-app";
import { SERVICE_UNAVAILABLE_MESSAGE, STORAGE_FULL_MESSAGE } from "./unavailable-errors";

/**
 * The write guard tells a full disk (disk-full.integration.test.ts, on a
 * tmpfs) from a DATA_DIR it cannot read at all: the latter is not "out of
 * storage space", which would send an operator looking for space.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const signIn = () =>
  t.app.inject({
    method: "POST",
    url: "/api/auth/sign-in/email",
    headers: { origin: ORIGIN },
    payload: { email: "nobody@example.test", password: "Wrong-pass-1" },
  });

describe("the storage guard", () => {
  it("answers a DATA_DIR it cannot read as unavailable, not as a full disk", async () => {
    const moved = `${t.dataDir}-moved`;
    fs.renameSync(t.dataDir, moved);
    try {
      const response = await signIn();
      expect(response.statusCode).toBe(503);
      expect(response.headers["retry-after"]).toBeTruthy();
      expect(response.json()).toMatchObject({
        message: SERVICE_UNAVAILABLE_MESSAGE,
        code: "SERVICE_UNAVAILABLE",
      });
      expect(response.body).not.toContain(STORAGE_FULL_MESSAGE);
    } finally {
      fs.renameSync(moved, t.dataDir);
    }
    expect((await signIn()).statusCode).not.toBe(503);
  });
});
