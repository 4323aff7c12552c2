import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ReleaseDetail } from "../../../../shared/release-schemas";
import { createUser, type TestUser } from "../../../test/chat-test-helpers";
import { createTestApp, type TestApp } from "../../../test/test-app";
import { artworkFile, wavFile } from "../../../test/release-fixtures";
import { caller, submittedRelease } from "./review-test-helpers";

/**
 * A release's audio and artwork (issue 40): served to agents and the owner
 * only, never stored by a browser, and in byte ranges so a player seeks
 * anywhere in a long master without loading it whole.
 */
let t: TestApp;
let artist: TestUser;
let other: TestUser;
let agent: TestUser;
let release: ReleaseDetail;
let audio: Buffer;

beforeAll(async () => {
  t = await createTestApp({}, undefined, undefined, { UPLOADS_PER_MINUTE: "100000" });
  artist = await createUser(t.app, "Asha Rao");
  other = await createUser(t.app, "Ravi Kumar");
  agent = await createUser(t.app, "Agent One", true);
  audio = wavFile();
  ({ detail: release } = await submittedRelease(
    t.app,
    artist,
    { artwork: await artworkFile(3000), audio },
    { tracks: 1 },
  ));
}, 60_000);
afterAll(() => t.close());

const get = (url: string, cookie: string, range?: string) =>
  t.app.inject({ url, headers: { cookie, ...(range ? { range } : {}) } });

describe("release files", () => {
  it("answer a Range with 206 and exactly those bytes, to the owner and agents", async () => {
    const url = release.tracks[0]!.audio!.url;
    for (const who of [artist, agent]) {
      const part = await get(url, who.cookie, "bytes=1000-1999");
      expect(part.statusCode).toBe(206);
      expect(part.headers["content-range"]).toBe(`bytes 1000-1999/${audio.length}`);
      expect(part.headers["content-length"]).toBe("1000");
      expect(part.headers["accept-ranges"]).toBe("bytes");
      expect(part.headers["cache-control"]).toBe("private, no-store");
      expect(part.rawPayload.equals(audio.subarray(1000, 2000))).toBe(true);
    }
    // The end of the file, as a player asks for it to read a duration.
    const tail = await get(url, agent.cookie, "bytes=-100");
    expect(tail.statusCode).toBe(206);
    expect(tail.rawPayload.equals(audio.subarray(audio.length - 100))).toBe(true);
    // Without a Range: the whole file, saying ranges are welcome.
    const whole = await get(url, agent.cookie);
    expect(whole.statusCode).toBe(200);
    expect(whole.headers["accept-ranges"]).toBe("bytes");
    expect(whole.headers["cache-control"]).toBe("private, no-store");
    expect(whole.rawPayload.equals(audio)).toBe(true);
  });

  it("refuse a range outside the file with 416", async () => {
    const url = release.tracks[0]!.audio!.url;
    for (const range of [
      `bytes=${audio.length}-`,
      `bytes=${audio.length + 5}-${audio.length + 9}`,
    ]) {
      const bad = await get(url, artist.cookie, range);
      expect(bad.statusCode).toBe(416);
      expect(bad.headers["content-range"]).toBe(`bytes */${audio.length}`);
    }
  });

  it("ignore a reversed range and send the whole file (RFC 9110 §14.2)", async () => {
    const url = release.tracks[0]!.audio!.url;
    const whole = await get(url, artist.cookie, "bytes=5-3");
    expect(whole.statusCode).toBe(200);
    expect(whole.headers["content-range"]).toBeUndefined();
    expect(whole.rawPayload.equals(audio)).toBe(true);
  });

  it("are not found for another artist or anyone signed out; artwork is never stored", async () => {
    const url = release.tracks[0]!.audio!.url;
    expect((await get(url, other.cookie, "bytes=0-9")).statusCode).toBe(404);
    expect((await caller(t.app)("GET", url, "")).statusCode).toBe(401);
    const artwork = await get(release.artwork!.url, agent.cookie);
    expect(artwork.statusCode).toBe(200);
    expect(artwork.headers["cache-control"]).toBe("private, no-store");
  });
});
