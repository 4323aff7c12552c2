import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { releaseMessages as m } from "../../../shared/release-messages";
import type { ReleaseDetail } from "../../../shared/release-schemas";
import { multiLineMessage, oneLineMessage } from "../../../shared/text-rules";
import { createUser, type TestUser } from "../../test/chat-test-helpers";
import { createTestApp, type TestApp } from "../../test/test-app";
import { caller } from "./review/review-test-helpers";

/**
 * What an artist's client may send about a release (issue 45), through the
 * real app: text on one line, lyrics without controls, versions that are
 * whole numbers, and a withdraw that says what happened. A 400 or 409 with
 * a sentence, never a 500, on SQLite and (TEST_DATABASE_URL) PostgreSQL.
 */
let t: TestApp;
let artist: TestUser;
let call: ReturnType<typeof caller>;

beforeAll(async () => {
  t = await createTestApp();
  call = caller(t.app);
  artist = await createUser(t.app, "Asha Rao");
}, 60_000);
afterAll(() => t.close());

async function newRelease(): Promise<ReleaseDetail> {
  const created = await call("POST", "/api/releases", artist.cookie, {});
  expect(created.statusCode, created.body).toBe(201);
  return created.json();
}

describe("a release's text", () => {
  it("refuses a title with a line break (a header injection), naming the field, and keeps nothing", async () => {
    const release = await newRelease();
    const url = `/api/releases/${release.id}`;
    const refused = await call("PUT", url, artist.cookie, {
      version: release.version,
      title: "Monsoon\r\nBcc: everyone@example.com",
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      message: oneLineMessage("Release title"),
      fieldErrors: { title: oneLineMessage("Release title") },
    });
    const kept = (await call("GET", url, artist.cookie)).json<ReleaseDetail>();
    expect(kept).toMatchObject({ title: "", version: release.version });
  });

  it("refuses controls in a track's credits and lyrics, and keeps the lyrics' lines", async () => {
    const release = await newRelease();
    const url = `/api/releases/${release.id}`;
    const track = { id: crypto.randomUUID(), title: "Dil Se", composer: "Asha\u0007Rao" };
    const refused = await call("PUT", url, artist.cookie, {
      version: release.version,
      tracks: [track],
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(oneLineMessage("Composer"));
    const lyricsRefused = await call("PUT", url, artist.cookie, {
      version: release.version,
      tracks: [{ ...track, composer: "Asha Rao", lyrics: "One\u001b[31m" }],
    });
    expect(lyricsRefused.json().message).toBe(multiLineMessage("Lyrics"));
    const saved = await call("PUT", url, artist.cookie, {
      version: release.version,
      tracks: [{ ...track, composer: "Asha Rao", lyrics: "Line one\r\nLine two" }],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json<ReleaseDetail>().tracks[0]!.lyrics).toBe("Line one\r\nLine two");
  });
});

describe("a release's version and withdraw", () => {
  it.each([0, 1.5, -1, "2"])("calls version %j wrong, not missing", async (version) => {
    const release = await newRelease();
    const refused = await call("PUT", `/api/releases/${release.id}`, artist.cookie, { version });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(m.versionInvalid);
    const missing = await call("PUT", `/api/releases/${release.id}`, artist.cookie, {});
    expect(missing.json().message).toBe(m.versionMissing);
  });

  it("says a draft was never submitted when it is withdrawn", async () => {
    const release = await newRelease();
    const refused = await call("POST", `/api/releases/${release.id}/withdraw`, artist.cookie, {
      version: release.version,
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(m.draftNotWithdrawn);
  });
});
