import { afterAll, beforeAll, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../server/test/test-app";
import { ensureAccount, setAdmin } from "../../server/features/users/user-accounts";
import type { CliContext } from "../cli-context";
import { DEMO_RELEASES, seedDemoReleases } from "./demo-releases";

let t: TestApp;
let ctx: CliContext;

beforeAll(async () => {
  t = await createTestApp();
  const { config, database, auth, storage } = t.app.ctx;
  ctx = { config, database, auth, storage, close: () => Promise.resolve() };
});
afterAll(() => t.close());

// Decodes and checks every demo file for real: 10 s alone, over 30 s niced
// beside the journeys in a CI run (like the demo earnings seed beside it).
it("gives the demo artist a release in every state, through the real checks and steps, once", async () => {
  const account = (email: string) =>
    ensureAccount(ctx.auth, ctx.database, { email, password: "Demo-pass-1", name: "Demo Artist" });
  const artist = await account("releases-artist@demo.test");
  const agent = await account("releases-agent@demo.test");
  await setAdmin(ctx.database, agent.id, true);
  const ids = { artistId: artist.id, agentId: agent.id };
  expect(await seedDemoReleases(ctx, ids)).toBe(DEMO_RELEASES.length);
  expect(await seedDemoReleases(ctx, ids)).toBe(0);

  const db = ctx.database.db;
  const releases = await db
    .selectFrom("release")
    .selectAll()
    .where("artistId", "=", artist.id)
    .execute();
  const byState = new Map(releases.map((r) => [r.state, r]));
  expect([...byState.keys()].sort()).toEqual(
    ["approved", "changes_requested", "draft", "in_review", "live", "rejected", "submitted"].sort(),
  );
  // Checked files: every track's audio and the artwork were read by the upload checks.
  const files = await db.selectFrom("release_file").selectAll().execute();
  const tracks = await db.selectFrom("release_track").selectAll().execute();
  expect(tracks.length).toBe(DEMO_RELEASES.reduce((n, r) => n + r.tracks.length, 0));
  for (const track of tracks) {
    expect(files.some((f) => f.fileId === track.audioFileId && f.purpose === "release-audio")).toBe(
      true,
    );
  }
  // Approved and Live carry the codes assigned at approval; Live has its stores and links.
  for (const state of ["approved", "live"]) {
    const release = byState.get(state)!;
    expect(release.upc).toMatch(/^\d{12,13}$/);
    const own = tracks.filter((track) => track.releaseId === release.id);
    expect(own.every((track) => /^[A-Z]{2}-?[A-Z0-9]{3}-?\d{2}-?\d{5}$/.test(track.isrc))).toBe(
      true,
    );
  }
  const stores = await db
    .selectFrom("release_store")
    .selectAll()
    .where("releaseId", "=", byState.get("live")!.id)
    .where("state", "=", "Live")
    .execute();
  expect(stores.map((s) => s.store).sort()).toEqual(["JioSaavn", "Spotify"]);
  // Changes requested says what to change; Rejected says why.
  const steps = await db.selectFrom("release_step").selectAll().execute();
  const changes = steps.find(
    (s) => s.releaseId === byState.get("changes_requested")!.id && s.kind === "changes_requested",
  );
  expect(changes?.data).toContain("Please remove the border");
  expect(byState.get("rejected")!.rejectionReason).toBe("rights");
}, 180_000);
