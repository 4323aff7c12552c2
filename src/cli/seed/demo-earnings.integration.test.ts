import { afterAll, beforeAll, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../server/test/test-app";
import { seedDemo } from "../commands/seed-demo";
import type { CliContext } from "../cli-context";
import { DEMO_RELEASE_ID, demoReleaseTracks } from "./demo-release";

/**
 * Issue 46's demo (npm run demo): a finance agent, and the demo artist's
 * approved release and two statements imported through the statements
 * feature, crediting the artist; idempotent.
 */
let t: TestApp;
let ctx: CliContext;

beforeAll(async () => {
  t = await createTestApp();
  const { config, database, auth, storage } = t.app.ctx;
  ctx = { config, database, auth, storage, close: () => Promise.resolve() };
}, 120_000);
afterAll(() => t.close());

it(
  "seeds finance@demo.test, the artist's ISRC'd tracks and two imported statements, once",
  { timeout: 300_000 },
  async () => {
    const out = await seedDemo(ctx);
    expect(out).toContain("finance@demo.test    Demo-pass-1   finance agent");
    await seedDemo(ctx);
    const db = ctx.database.db;
    const finance = await db
      .selectFrom("user")
      .innerJoin("user_role", "user_role.userId", "user.id")
      .select(["user.admin", "user_role.role"])
      .where("user.email", "=", "finance@demo.test")
      .execute();
    expect(finance.map((r) => [Boolean(r.admin), r.role])).toEqual([[true, "finance"]]);

    const artist = await db
      .selectFrom("user")
      .select("id")
      .where("email", "=", "artist@demo.test")
      .executeTakeFirstOrThrow();
    const release = await db
      .selectFrom("release")
      .select(["state", "artistId"])
      .where("id", "=", DEMO_RELEASE_ID)
      .execute();
    expect(release).toEqual([{ state: "approved", artistId: artist.id }]);
    const tracks = await db
      .selectFrom("release_track")
      .select(["isrcClaim", "songId"])
      .where("releaseId", "=", DEMO_RELEASE_ID)
      .orderBy("position")
      .execute();
    expect(tracks).toEqual(
      demoReleaseTracks.map((track) => ({
        isrcClaim: track.isrc.replaceAll("-", ""),
        songId: track.songId,
      })),
    );
  },
);
