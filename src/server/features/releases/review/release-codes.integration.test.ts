import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isValidIsrc, isValidUpc } from "../../../../shared/release-codes";
import { createUser, type TestUser } from "../../../test/chat-test-helpers";
import { openDatabase, type DatabaseHandle } from "../../../db/database";
import { createTestApp, testDatabaseUrl, type TestApp } from "../../../test/test-app";
import { caller, releaseInState } from "./review-test-helpers";

/**
 * ISRC and UPC counters under approvals at the same moment (decision 099):
 * never the same code twice. On SQLite one app takes them concurrently; on
 * PostgreSQL (TEST_DATABASE_URL) two app instances, each with its own
 * connection pool, share one schema and approve at once — the row lock of
 * UPDATE … RETURNING is all that keeps their numbers apart.
 */
const SECRET = "a-test-secret-shared-by-both-instances-0123456789";
let a: TestApp;
let b: TestApp | undefined;
let secondHandle: DatabaseHandle | undefined;
let artist: TestUser;
let agent: TestUser;

beforeAll(async () => {
  a = await createTestApp({}, undefined, undefined, { BETTER_AUTH_SECRET: SECRET });
  const schema = a.app.ctx.database.schema;
  if (testDatabaseUrl && schema) {
    secondHandle = await openDatabase({ engine: "postgres", url: testDatabaseUrl, schema });
    b = await createTestApp({ database: secondHandle }, undefined, undefined, {
      BETTER_AUTH_SECRET: SECRET,
    });
  }
  artist = await createUser(a.app, "Asha Rao");
  agent = await createUser(a.app, "Agent One", true);
}, 60_000);
afterAll(async () => {
  await b?.close();
  await secondHandle?.close().catch(() => undefined);
  await a.close();
});

/** The instances taking turns: A, B, A, B… (only A on SQLite). */
const instance = (i: number) => (b && i % 2 === 1 ? b : a).app;

describe("approval codes", () => {
  it(
    "never repeat when many releases are approved at the same moment",
    { timeout: 60_000 },
    async () => {
      // On PostgreSQL this really is two instances.
      expect(b !== undefined).toBe(testDatabaseUrl !== undefined);
      const ids: string[] = [];
      for (let i = 0; i < 12; i++) ids.push(await releaseInState(a.app, artist.id, "in_review"));
      const answers = await Promise.all(
        ids.map((id, i) =>
          caller(instance(i))("POST", `/api/desk/releases/${id}/approve`, agent.cookie, {
            version: 1,
          }),
        ),
      );
      expect(answers.map((r) => r.statusCode)).toEqual(ids.map(() => 200));
      const db = a.app.ctx.database.db;
      const tracks = await db
        .selectFrom("release_track")
        .select(["isrc", "isrcClaim"])
        .where("releaseId", "in", ids)
        .execute();
      const isrcs = tracks.map((track) => track.isrc);
      expect(isrcs).toHaveLength(24);
      expect(new Set(isrcs).size).toBe(24);
      expect(isrcs.every(isValidIsrc)).toBe(true);
      expect(tracks.every((track) => track.isrcClaim === track.isrc)).toBe(true);
      const upcs = (
        await db.selectFrom("release").select("upc").where("id", "in", ids).execute()
      ).map((row) => row.upc);
      expect(new Set(upcs).size).toBe(12);
      expect(upcs.every(isValidUpc)).toBe(true);
      // Every number handed out once: the counters stand at the codes made.
      const counters = await db.selectFrom("code_counter").selectAll().orderBy("name").execute();
      expect(counters.map((c) => c.value).sort((x, y) => x - y)).toEqual([12, 24]);
    },
  );

  it("skip a number whose code a track already holds, and never hand it out", async () => {
    const db = a.app.ctx.database.db;
    const yy = String(new Date().getUTCFullYear() % 100).padStart(2, "0");
    const counter = await db
      .selectFrom("code_counter")
      .select("value")
      .where("name", "=", `isrc:INA1B:${Number(yy)}`)
      .executeTakeFirst();
    const next = (counter?.value ?? 0) + 1;
    const held = `INA1B${yy}${String(next).padStart(5, "0")}`;
    const holder = await releaseInState(a.app, artist.id, "submitted");
    await db
      .updateTable("release_track")
      .set({ isrc: held, isrcClaim: held })
      .where("releaseId", "=", holder)
      .where("position", "=", 0)
      .execute();
    const id = await releaseInState(a.app, artist.id, "in_review");
    const approved = await caller(a.app)("POST", `/api/desk/releases/${id}/approve`, agent.cookie, {
      version: 1,
    });
    expect(approved.statusCode, approved.body).toBe(200);
    const isrcs = approved.json<{ tracks: { isrc: string }[] }>().tracks.map((t) => t.isrc);
    expect(isrcs).not.toContain(held);
    expect(isrcs).toEqual([1, 2].map((i) => `INA1B${yy}${String(next + i).padStart(5, "0")}`));
  });

  it("approve one release once when two agents approve it at the same moment", async () => {
    const id = await releaseInState(a.app, artist.id, "in_review");
    const other = await createUser(a.app, "Agent Two", true);
    const [first, second] = await Promise.all([
      caller(instance(0))("POST", `/api/desk/releases/${id}/approve`, agent.cookie, { version: 1 }),
      caller(instance(1))("POST", `/api/desk/releases/${id}/approve`, other.cookie, { version: 1 }),
    ]);
    expect([first.statusCode, second.statusCode].sort()).toEqual([200, 409]);
    const refused = first.statusCode === 409 ? first : second;
    expect(refused.json().message).toMatch(/^Agent (One|Two) already approved this release\.$/);
    const steps = await a.app.ctx.database.db
      .selectFrom("release_step")
      .select("kind")
      .where("releaseId", "=", id)
      .execute();
    expect(steps).toEqual([{ kind: "approved" }]);
  });
});
