import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { songOwnedByRelease, type DeskSongRecord } from "../../../shared/song-schemas";
import { createUser, type TestUser } from "../../test/chat-test-helpers";
import { createTestApp, type TestApp } from "../../test/test-app";
import { caller, releaseInState } from "../releases/review/review-test-helpers";

/**
 * The song desk cannot change what a release owns (issue 45): a track's
 * song shows its release, and a desk save of it is a 409 pointing there,
 * whatever it tries (a status, a title); the song is left as it was.
 * SQLite by default; PostgreSQL with TEST_DATABASE_URL.
 */
let t: TestApp;
let artist: TestUser;
let agent: TestUser;
let call: ReturnType<typeof caller>;

beforeAll(async () => {
  t = await createTestApp();
  call = caller(t.app);
  artist = await createUser(t.app, "Asha Rao");
  agent = await createUser(t.app, "Agent One", true);
}, 60_000);
afterAll(() => t.close());

describe("a release's song on the desk", () => {
  it("names its release, and refuses a desk change with a 409 pointing to it", async () => {
    const releaseId = await releaseInState(t.app, artist.id, "changes_requested", 1);
    const db = t.app.ctx.database.db;
    const release = await db
      .selectFrom("release")
      .select("title")
      .where("id", "=", releaseId)
      .executeTakeFirstOrThrow();
    const { songId } = await db
      .selectFrom("release_track")
      .select("songId")
      .where("releaseId", "=", releaseId)
      .executeTakeFirstOrThrow();
    const url = `/api/desk/songs/${songId}`;
    const song = (await call("GET", url, agent.cookie)).json<DeskSongRecord>();
    expect(song.release).toEqual({
      id: releaseId,
      title: release.title,
      state: "changes_requested",
    });
    for (const change of [{ status: "released" }, { type: "Another title" }, {}]) {
      const refused = await call("PUT", url, agent.cookie, {
        artistId: song.artistId,
        type: song.type,
        status: song.status,
        artist: song.artist,
        date: "2026-01-01",
        version: song.version,
        ...change,
      });
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toMatchObject({
        message: songOwnedByRelease(release.title),
        code: "OWNED_BY_RELEASE",
      });
    }
    const after = (await call("GET", url, agent.cookie)).json<DeskSongRecord>();
    expect(after).toMatchObject({ status: song.status, type: song.type, version: song.version });
  });

  it("says a song of its own has no release, and still saves it", async () => {
    const created = await call("POST", "/api/desk/songs", agent.cookie, {
      artistId: artist.id,
      type: "Standalone",
      status: "pending",
      artist: "Asha Rao",
      date: "2026-01-01",
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json<{ id: string }>().id;
    const song = (await call("GET", `/api/desk/songs/${id}`, agent.cookie)).json<DeskSongRecord>();
    expect(song.release).toBeNull();
    const saved = await call("PUT", `/api/desk/songs/${id}`, agent.cookie, {
      artistId: artist.id,
      type: "Standalone (Edit)",
      status: "released",
      artist: "Asha Rao",
      date: "2026-01-01",
      version: song.version,
    });
    expect(saved.statusCode, saved.body).toBe(200);
  });
});
