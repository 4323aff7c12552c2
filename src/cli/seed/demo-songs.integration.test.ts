import { afterAll, beforeAll, expect, it } from "vitest";
import { songStatusKind } from "../../shared/song-schemas";
import { createTestApp, type TestApp } from "../../server/test/test-app";
import { ensureAccount } from "../../server/features/users/user-accounts";
import type { CliContext } from "../cli-context";
import { seedDemoSongs } from "./demo-songs";

let t: TestApp;
let ctx: CliContext;

beforeAll(async () => {
  t = await createTestApp();
  const { config, database, auth, storage } = t.app.ctx;
  ctx = { config, database, auth, storage, close: () => Promise.resolve() };
});
afterAll(() => t.close());

it("gives the demo artist 23 varied songs, once", async () => {
  const { id } = await ensureAccount(ctx.auth, ctx.database, {
    email: "seeded@demo.test",
    password: "Demo-pass-1",
    name: "Seeded",
  });
  const ids = { artistId: id, agentId: id };
  expect(await seedDemoSongs(ctx, ids)).toBe(23);
  expect(await seedDemoSongs(ctx, ids)).toBe(0);
  // A re-run adds no second history either.
  const count = async () =>
    (await ctx.database.db.selectFrom("song_status_event").select("id").execute()).length;
  const before = await count();
  await seedDemoSongs(ctx, ids);
  expect(await count()).toBe(before);

  const songs = await ctx.database.db
    .selectFrom("song_request")
    .selectAll()
    .where("artistId", "=", id)
    .execute();
  expect(songs).toHaveLength(23);
  const statuses = new Set(songs.map((s) => s.status));
  expect(statuses).toContain("released");
  // Statuses are stored lower-case, so the list's filters match them exactly.
  expect(songs.every((s) => s.status === s.status.toLowerCase())).toBe(true);
  expect(statuses).toContain("in review");
  expect(songs.every((s) => songStatusKind(s.status) !== "other")).toBe(true);
  // A rejected song says why: a history entry with a reason and a note, never "No status changes yet".
  const events = await ctx.database.db
    .selectFrom("song_status_event")
    .selectAll()
    .orderBy("createdAt")
    .execute();
  const now = Date.now();
  for (const song of songs) {
    const history = events.filter((e) => e.songId === song.id);
    expect(history.length, song.id).toBeGreaterThan(0);
    // It came in when it was submitted, and nothing in its history is yet to come.
    expect(history[0]!.createdAt, song.id).toBe(song.createdAt);
    expect(history.every((e) => e.createdAt < now)).toBe(true);
    expect(history.at(-1)?.toStatus ?? "", song.id).toBe(song.status);
    if (song.status === "rejected") {
      const rejection = history.find((e) => e.toStatus === "rejected");
      expect(rejection?.reasonCode, song.id).toBeTruthy();
      expect(rejection?.note, song.id).not.toBe("");
    }
  }
  expect(songs.some((s) => s.status === "rejected")).toBe(true);
  expect(songs.some((s) => s.genre === "")).toBe(true);
  expect(
    songs.some((s) => s.lyrics && s.spotifyUrl && s.appleMusicUrl && s.youtubeUrl && s.link),
  ).toBe(true);
  const withCover = songs.filter((s) => s.coverFileId);
  expect(withCover.length).toBeGreaterThan(0);
  expect(withCover.length).toBeLessThan(23);
  const files = await ctx.database.db.selectFrom("stored_file").selectAll().execute();
  expect(files).toHaveLength(withCover.length);
  expect(files.every((f) => f.mimeType === "image/png" && f.scope === id)).toBe(true);
  // Each submitted on a day of its own, song 1 first.
  const submitted = [...songs].sort((a, b) => a.id.localeCompare(b.id)).map((s) => s.createdAt);
  expect(submitted).toEqual([...submitted].sort((a, b) => a - b));
  expect(new Set(submitted).size).toBe(23);
  // A shared release day, so the list's cursor has to break the tie by id.
  expect(new Set(songs.map((s) => s.date)).size).toBeLessThan(23);
});
