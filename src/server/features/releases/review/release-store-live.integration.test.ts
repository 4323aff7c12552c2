import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { releaseReviewMessages as m } from "../../../../shared/release-review-messages";
import type {
  DeskReleaseDetail,
  ReleaseWithReview,
} from "../../../../shared/responses/release-review";
import { createUser, type TestUser } from "../../../test/chat-test-helpers";
import { createTestApp, type TestApp } from "../../../test/test-app";
import { caller, releaseInState } from "./review-test-helpers";

/**
 * Store rows after Live (issue 45): only the store's own checked link is
 * taken; a store set back from Live needs a reason, which the artist's
 * timeline shows; the release stays live while any store is, and is
 * approved again (its songs back in review, their "Listen On" link gone)
 * when none is. SQLite by default; PostgreSQL with TEST_DATABASE_URL.
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

const spotify = "https://open.spotify.com/album/4aawyAB9vmqN3uQ7FjRGTy";
const apple = "https://music.apple.com/in/album/monsoon-letters/1234567890";
type Row = { store: string; state: string; link?: string; note?: string };

async function stores(id: string, rows: Row[]) {
  const { version } = (await call("GET", `/api/desk/releases/${id}`, agent.cookie)).json<{
    version: number;
  }>();
  return call("PUT", `/api/desk/releases/${id}/stores`, agent.cookie, {
    version,
    deliveries: rows.map((row) => ({ link: "", note: "", ...row })),
  });
}

async function songsOf(releaseId: string) {
  const db = t.app.ctx.database.db;
  const tracks = await db
    .selectFrom("release_track")
    .select("songId")
    .where("releaseId", "=", releaseId)
    .execute();
  return db
    .selectFrom("song_request")
    .select(["status", "spotifyUrl", "appleMusicUrl"])
    .where(
      "id",
      "in",
      tracks.map((track) => track.songId!),
    )
    .execute();
}

describe("a store after Live", () => {
  it("takes only the store's own link, with its example when refused", async () => {
    const id = await releaseInState(t.app, artist.id, "in_review", 1);
    expect(
      (await call("POST", `/api/desk/releases/${id}/approve`, agent.cookie, { version: 1 }))
        .statusCode,
    ).toBe(200);
    for (const link of [
      "https://user:pass@open.spotify.com/album/1",
      "https://open.spotify.com:8443/album/1",
      "https://open.spotify.com/album/1\r\nBcc: x",
      'https://open.spotify.com/album/"><b>x</b>',
    ]) {
      const refused = await stores(id, [{ store: "Spotify", state: "Live", link }]);
      expect(refused.statusCode, link).toBe(400);
      expect(refused.json().message).toBe(m.notStoreLink("Spotify"));
    }
    const redirect = await stores(id, [
      {
        store: "YouTube Music",
        state: "Live",
        link: "https://www.youtube.com/redirect?q=https://evil.example",
      },
    ]);
    expect(redirect.json().message).toBe(
      "Enter the YouTube Music link, like https://music.youtube.com/playlist?list=…",
    );
    expect((await songsOf(id)).map((song) => song.spotifyUrl)).toEqual([""]);
  });

  it("keeps the version when a save changes nothing, so another agent's page is not stale", async () => {
    const id = await releaseInState(t.app, artist.id, "in_review", 1);
    const approved = await call("POST", `/api/desk/releases/${id}/approve`, agent.cookie, {
      version: 1,
    });
    const { version } = approved.json<DeskReleaseDetail>();
    const same = await stores(id, [{ store: "Spotify", state: "Pending" }]);
    expect(same.statusCode, same.body).toBe(200);
    expect(same.json<DeskReleaseDetail>().version).toBe(version);
    const changed = await stores(id, [{ store: "Spotify", state: "Delivered" }]);
    expect(changed.json<DeskReleaseDetail>().version).toBe(version + 1);
    const stale = await call("PUT", `/api/desk/releases/${id}/stores`, agent.cookie, {
      version,
      deliveries: [{ store: "Spotify", state: "Delivered", link: "", note: "" }],
    });
    expect(stale.statusCode).toBe(409);
  });

  it("asks why a store is no longer Live, and leaves Live only when no store is", async () => {
    const id = await releaseInState(t.app, artist.id, "in_review", 2);
    expect(
      (await call("POST", `/api/desk/releases/${id}/approve`, agent.cookie, { version: 1 }))
        .statusCode,
    ).toBe(200);
    const live = await stores(id, [
      { store: "Spotify", state: "Live", link: spotify },
      { store: "Apple Music", state: "Live", link: apple },
    ]);
    expect(live.json<DeskReleaseDetail>().state).toBe("live");

    const noReason = await stores(id, [
      { store: "Gaana", state: "Delivered" },
      { store: "Spotify", state: "Delivered", link: spotify },
    ]);
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json()).toMatchObject({
      message: m.notLiveNeedsReason("Spotify"),
      fieldErrors: { "deliveries.1.note": m.notLiveNeedsReason("Spotify") },
    });
    // Nothing of that save was kept.
    const kept = (
      await call("GET", `/api/desk/releases/${id}`, agent.cookie)
    ).json<DeskReleaseDetail>();
    expect(kept.review.stores.find((row) => row.store === "Gaana")?.state).toBe("Pending");

    const oneBack = await stores(id, [
      { store: "Spotify", state: "Delivered", note: "Taken down for a wrong credit" },
    ]);
    expect(oneBack.statusCode, oneBack.body).toBe(200);
    expect(oneBack.json<DeskReleaseDetail>().state).toBe("live");
    expect(await songsOf(id)).toEqual([
      { status: "released", spotifyUrl: "", appleMusicUrl: apple },
      { status: "released", spotifyUrl: "", appleMusicUrl: apple },
    ]);

    const lastBack = await stores(id, [
      { store: "Apple Music", state: "Pending", note: "Artwork replaced" },
    ]);
    expect(lastBack.statusCode, lastBack.body).toBe(200);
    expect(lastBack.json<DeskReleaseDetail>().state).toBe("approved");
    expect(await songsOf(id)).toEqual([
      { status: "in review", spotifyUrl: "", appleMusicUrl: "" },
      { status: "in review", spotifyUrl: "", appleMusicUrl: "" },
    ]);

    const timeline = (await call("GET", `/api/releases/${id}`, artist.cookie))
      .json<ReleaseWithReview>()
      .review.timeline.map((step) => step.label);
    expect(timeline.slice(-4)).toEqual([
      "Live",
      "No longer live on Spotify: Taken down for a wrong credit",
      "No longer live on Apple Music: Artwork replaced",
      "No longer live anywhere: Artwork replaced",
    ]);

    // Live again from approved.
    const again = await stores(id, [{ store: "Spotify", state: "Live", link: spotify }]);
    expect(again.json<DeskReleaseDetail>().state).toBe("live");
    expect((await songsOf(id)).map((song) => [song.status, song.spotifyUrl])).toEqual([
      ["released", spotify],
      ["released", spotify],
    ]);
  });
});
