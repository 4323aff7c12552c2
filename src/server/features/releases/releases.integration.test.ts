import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDaysToDay, utcDay } from "../../../shared/release-rules";
import { gs1CheckDigit } from "../../../shared/release-codes";
import { releaseMessages as m } from "../../../shared/release-messages";
import type { ReleaseDetail, ReleaseDraftInput } from "../../../shared/release-schemas";
import { createUser, type TestUser } from "../../test/chat-test-helpers";
import { ORIGIN, createTestApp, deleteAccountOf, type TestApp } from "../../test/test-app";
import { tusUpload } from "../../test/tus-upload";
import { artworkFile, flacFile, mp3File, wavFile } from "../../test/release-fixtures";

/**
 * Releases through the real app and its tus endpoint, as a client that
 * skips the form would call them: every rule is the server's too.
 * SQLite by default; PostgreSQL with TEST_DATABASE_URL.
 */
let t: TestApp;
let artist: TestUser;
let other: TestUser;
let agent: TestUser;
let artwork: Buffer;
let goodWav: Buffer;

beforeAll(async () => {
  t = await createTestApp({}, undefined, undefined, { UPLOADS_PER_MINUTE: "100000" });
  artist = await createUser(t.app, "Asha Rao");
  other = await createUser(t.app, "Ravi Kumar");
  agent = await createUser(t.app, "Agent Smith", true);
  [artwork, goodWav] = await Promise.all([artworkFile(3000), Promise.resolve(wavFile())]);
}, 60_000);
afterAll(() => t.close());

async function call(method: string, url: string, cookie: string, payload?: unknown) {
  return t.app.inject({
    method: method as "GET",
    url,
    headers: { cookie, origin: ORIGIN },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

async function newRelease(who = artist): Promise<ReleaseDetail> {
  const response = await call("POST", "/api/releases", who.cookie, {});
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

async function upload(
  release: ReleaseDetail,
  purpose: "release-artwork" | "release-audio",
  bytes: Buffer,
  trackId = crypto.randomUUID(),
  who = artist,
) {
  const result = await tusUpload(t.app, who.cookie, bytes, {
    purpose,
    releaseId: release.id,
    trackId,
    filename: purpose === "release-artwork" ? "cover.jpg" : "song.wav",
    filetype: purpose === "release-artwork" ? "image/jpeg" : "audio/wav",
  });
  return result;
}

async function uploadOk(
  release: ReleaseDetail,
  purpose: "release-artwork" | "release-audio",
  bytes: Buffer,
) {
  const { patch, create } = await upload(release, purpose, bytes);
  expect(create.statusCode, create.body).toBe(201);
  expect(patch!.statusCode, patch!.body).toBe(200);
  return patch!.json<{
    id: string;
    artwork?: unknown;
    audio?: { durationMs: number; warnings: string[] };
  }>();
}

async function refusal(purpose: "release-artwork" | "release-audio", bytes: Buffer) {
  const release = await newRelease();
  const { patch, create, id } = await upload(release, purpose, bytes);
  expect(create.statusCode, create.body).toBe(201);
  const row = await t.app.ctx.database.db
    .selectFrom("stored_file")
    .select("id")
    .where("id", "=", id!)
    .executeTakeFirst();
  // The refused file is gone, row and bytes.
  expect(row).toBeUndefined();
  await expect(t.app.ctx.storage.head(id!, 4)).rejects.toThrow();
  return { status: patch!.statusCode, body: patch!.body };
}

const leadDate = (days = 14) => addDaysToDay(utcDay(), days);

function completeDraft(
  release: ReleaseDetail,
  files: { artworkId: string; audioIds: string[] },
  overrides: Partial<ReleaseDraftInput> = {},
): ReleaseDraftInput {
  return {
    version: release.version,
    title: "Summer Nights",
    primaryArtist: "Asha Rao",
    featuredArtists: ["Ravi Kumar"],
    genre: "Pop",
    language: "Hindi",
    releaseDate: leadDate(),
    originalReleaseDate: "",
    pLine: "2026 Asha Rao",
    cLine: "2026 Asha Rao",
    // Each release its own UPC: one UPC is one release's (issue 45).
    upc: freshUpc(),
    artworkFileId: files.artworkId,
    tracks: files.audioIds.map((audioFileId, index) => ({
      id: crypto.randomUUID(),
      title: index === 0 ? "Summer Nights" : `Track ${index + 1}`,
      version: index === 0 ? "Acoustic" : "",
      featuredArtists: index === 0 ? ["Meera"] : [],
      composer: "Asha Rao",
      lyricist: "Asha Rao",
      instrumental: false,
      producer: "",
      explicit: "not_explicit",
      isrc: "",
      lyrics: "La la la",
      audioFileId,
    })),
    ...overrides,
  };
}

/** A release with checked artwork and audio, saved complete. */
/** A valid UPC-A no other release of the run carries (a random body, its check digit). */
function freshUpc(): string {
  const body = Array.from({ length: 11 }, () => Math.floor(Math.random() * 10)).join("");
  return `${body}${gs1CheckDigit(body)}`;
}

async function readyRelease(overrides: Partial<ReleaseDraftInput> = {}, tracks = 1) {
  const release = await newRelease();
  const art = await uploadOk(release, "release-artwork", artwork);
  const audioIds: string[] = [];
  for (let i = 0; i < tracks; i++)
    audioIds.push((await uploadOk(release, "release-audio", goodWav)).id);
  const draft = completeDraft(release, { artworkId: art.id, audioIds }, overrides);
  const saved = await call("PUT", `/api/releases/${release.id}`, artist.cookie, draft);
  expect(saved.statusCode, saved.body).toBe(200);
  return { detail: saved.json<ReleaseDetail>(), draft };
}

async function submit(detail: ReleaseDetail, acknowledgedWarnings: string[] = []) {
  return call("POST", `/api/releases/${detail.id}/submit`, artist.cookie, {
    version: detail.version,
    acknowledgedWarnings,
  });
}

describe("release drafts", () => {
  it("are created for artists with their artist name, listed newest first, read back", async () => {
    const first = await newRelease();
    const second = await newRelease();
    expect(first).toMatchObject({
      state: "draft",
      version: 1,
      primaryArtist: "Asha Rao",
      tracks: [],
    });
    expect(first.issues.map((i) => i.message)).toContain(m.titleRequired);
    const list = await call("GET", "/api/releases", artist.cookie);
    const ids = list.json<{ id: string }[]>().map((r) => r.id);
    expect(ids.indexOf(second.id)).toBeLessThan(ids.indexOf(first.id));
    const one = await call("GET", `/api/releases/${first.id}`, artist.cookie);
    expect(one.json()).toMatchObject({ id: first.id, state: "draft" });
    const agentCreate = await call("POST", "/api/releases", agent.cookie, {});
    expect(agentCreate.statusCode).toBe(403);
    expect(agentCreate.json().message).toBe(m.artistsOnly);
  });

  it("reopen the artist's untouched draft when asked, and only an untouched one", async () => {
    const meera = await createUser(t.app, "Meera Iyer");
    const start = () => call("POST", "/api/releases", meera.cookie, { reuseUntouched: true });
    const first = await start();
    expect(first.statusCode, first.body).toBe(201);
    const id = first.json<ReleaseDetail>().id;
    const again = await start();
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toMatchObject({ id, version: 1, state: "draft" });
    // Without the flag, a client gets a new draft every time.
    const plain = await newRelease(meera);
    expect(plain.id).not.toBe(id);
    // Another artist's untouched draft is never theirs.
    const asha = await call("POST", "/api/releases", artist.cookie, { reuseUntouched: true });
    expect([200, 201]).toContain(asha.statusCode);
    expect(asha.json<ReleaseDetail>().id).not.toBe(id);
    // Once typed in, a draft is the artist's work: the next start is a new draft.
    for (const release of [again.json<ReleaseDetail>(), plain]) {
      const saved = await call("PUT", `/api/releases/${release.id}`, meera.cookie, {
        ...completeDraft(release, { artworkId: "", audioIds: [] }),
        artworkFileId: null,
        title: "Typed",
      });
      expect(saved.statusCode, saved.body).toBe(200);
    }
    const third = await start();
    expect(third.statusCode, third.body).toBe(201);
    // A file uploaded to a draft touches it too, before any save.
    const art = await upload(third.json(), "release-artwork", artwork, undefined, meera);
    expect(art.patch!.statusCode, art.patch!.body).toBe(200);
    const fourth = await start();
    expect(fourth.statusCode, fourth.body).toBe(201);
    expect(fourth.json<ReleaseDetail>().id).not.toBe(third.json<ReleaseDetail>().id);
    const list = await call("GET", "/api/releases", meera.cookie);
    expect(list.json<unknown[]>()).toHaveLength(4);
  });

  it("make one draft when two tabs open New release at once", async () => {
    const ravi = await createUser(t.app, "Ravi Menon");
    const start = () => call("POST", "/api/releases", ravi.cookie, { reuseUntouched: true });
    const answers = await Promise.all([start(), start(), start()]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 200, 201]);
    expect(new Set(answers.map((a) => a.json<ReleaseDetail>().id)).size).toBe(1);
    const list = await call("GET", "/api/releases", ravi.cookie);
    expect(list.json<unknown[]>()).toHaveLength(1);
  });

  it("save incomplete values, refuse a stale version with the two-tabs sentence", async () => {
    const release = await newRelease();
    const draft = {
      ...completeDraft(release, { artworkId: "", audioIds: [] }),
      artworkFileId: null,
      title: "Half",
    };
    const saved = await call("PUT", `/api/releases/${release.id}`, artist.cookie, draft);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ version: 2, title: "Half" });
    const stale = await call("PUT", `/api/releases/${release.id}`, artist.cookie, {
      ...draft,
      title: "Old tab",
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toBe(m.staleVersion);
  });

  it("refuse shapes with 400: 41 tracks, unknown genre, a file that is not this release's", async () => {
    const release = await newRelease();
    const base = completeDraft(release, { artworkId: "x", audioIds: [] });
    const tracks = Array.from({ length: 41 }, () => ({ id: crypto.randomUUID() }));
    const tooMany = await call("PUT", `/api/releases/${release.id}`, artist.cookie, {
      ...base,
      tracks,
    });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().message).toBe(m.tooManyTracks);
    const genre = await call("PUT", `/api/releases/${release.id}`, artist.cookie, {
      ...base,
      genre: "Polka",
      artworkFileId: null,
    });
    expect(genre.statusCode).toBe(400);
    const elsewhere = await newRelease();
    const foreignArt = await uploadOk(elsewhere, "release-artwork", artwork);
    const foreign = await call("PUT", `/api/releases/${release.id}`, artist.cookie, {
      ...base,
      artworkFileId: foreignArt.id,
    });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().message).toBe(m.artworkFileUnknown);
  });

  it("delete a draft with its files", async () => {
    const release = await newRelease();
    const art = await uploadOk(release, "release-artwork", artwork);
    const gone = await call("DELETE", `/api/releases/${release.id}`, artist.cookie);
    expect(gone.statusCode).toBe(204);
    expect((await call("GET", `/api/releases/${release.id}`, artist.cookie)).statusCode).toBe(404);
    const row = await t.app.ctx.database.db
      .selectFrom("stored_file")
      .select("id")
      .where("id", "=", art.id)
      .executeTakeFirst();
    expect(row).toBeUndefined();
    await expect
      .poll(() =>
        t.app.ctx.storage.head(art.id, 4).then(
          () => "there",
          () => "gone",
        ),
      )
      .toBe("gone");
  });
});

// Real decodes of full-size files: a loaded CI host (the PostgreSQL pass beside the journeys) needs more than 30 s.
describe("release artwork checks", { timeout: 90_000 }, () => {
  it("accept a 3000 px square JPG and answer its details", async () => {
    const release = await newRelease();
    const art = await uploadOk(release, "release-artwork", artwork);
    expect(art.artwork).toMatchObject({ width: 3000, height: 3000, format: "JPG" });
  });

  it.each([
    ["a 1400 px image", () => artworkFile(1400), m.artworkTooSmall(1400, 1400)],
    [
      "a 3000 × 2000 image",
      () => artworkFile(3000, 2000),
      "Artwork must be square (this image is 3000 × 2000 px).",
    ],
    [
      "a CMYK JPG",
      () => artworkFile(3000, 3000, "cmyk"),
      "Artwork must be in RGB colour (this image is CMYK).",
    ],
    [
      "a greyscale PNG",
      () => artworkFile(3000, 3000, "grey"),
      "Artwork must be in RGB colour (this image is greyscale).",
    ],
    [
      "a PNG with transparency",
      () => artworkFile(3000, 3000, "png-alpha"),
      "Artwork must not be transparent.",
    ],
    ["a GIF", () => artworkFile(3000, 3000, "gif"), "Artwork must be a JPG or PNG image."],
    [
      "a 6001 px image",
      () => artworkFile(6001),
      "Artwork must be at most 6000 × 6000 px (this image is 6001 × 6001 px).",
    ],
  ])("refuse %s with 422 and its sentence, deleting the file", async (_name, make, message) => {
    expect(await refusal("release-artwork", await make())).toEqual({ status: 422, body: message });
  });

  it("refuse more than 30 MB when the upload is created", async () => {
    const release = await newRelease();
    const { create } = await tusUpload(
      t.app,
      artist.cookie,
      Buffer.alloc(10),
      { purpose: "release-artwork", releaseId: release.id, filename: "big.jpg" },
      30 * 1024 * 1024 + 1,
    );
    expect(create.statusCode).toBe(413);
    expect(create.body).toBe("Artwork must be at most 30 MB.");
  });
});

describe("release audio checks", { timeout: 90_000 }, () => {
  it("accept a 44.1 kHz 16-bit stereo WAV and a FLAC, with duration and silence warnings", async () => {
    const release = await newRelease();
    const wav = await uploadOk(release, "release-audio", goodWav);
    expect(wav.audio).toMatchObject({
      format: "WAV",
      sampleRate: 44_100,
      bitDepth: 16,
      channels: 2,
      durationMs: 35_000,
      warnings: [],
    });
    const silent = await uploadOk(
      release,
      "release-audio",
      wavFile({ seconds: 30, trailingSilence: 12 }),
    );
    expect(silent.audio!.warnings).toEqual([m.silence(12, "end")]);
    const flac = await uploadOk(
      release,
      "release-audio",
      flacFile({ seconds: 31, leadingSilence: 11 }),
    );
    expect(flac.audio).toMatchObject({
      format: "FLAC",
      durationMs: 42_000,
      warnings: [m.silence(11, "start")],
    });
  });

  it.each([
    ["an MP3", () => mp3File(), "Audio must be a WAV or FLAC file (this file is MP3)."],
    [
      "text",
      () => Buffer.from("not audio at all ".repeat(50)),
      "Audio must be a WAV or FLAC file (this file is an unknown format).",
    ],
    [
      "22.05 kHz",
      () => wavFile({ sampleRate: 22_050 }),
      "Audio must be 44.1 kHz or higher (this file is 22.05 kHz).",
    ],
    ["8-bit", () => wavFile({ bits: 8 }), "Audio must be 16 or 24-bit (this file is 8-bit)."],
    ["mono", () => wavFile({ channels: 1 }), "Audio must be stereo (this file is mono)."],
    ["10 s", () => wavFile({ seconds: 10 }), "Audio must be at least 30 seconds long."],
    ["a truncated WAV", () => wavFile().subarray(0, 200_000), m.audioUnreadable],
    ["a truncated FLAC", () => flacFile({}, 40_000), m.audioUnreadable],
    // Some taggers write one before a FLAC: not an MP3 (file-type alone would say so).
    [
      "a FLAC behind a 6 KB ID3 tag",
      () => Buffer.concat([id3Tag(6000), flacFile()]),
      m.audioUnreadable,
    ],
    [
      "an MP3 behind a 6 KB ID3 tag",
      () => Buffer.concat([id3Tag(6000), mp3File()]),
      m.audioFormat("MP3"),
    ],
  ])("refuse %s with 422 and its sentence, deleting the file", async (_name, make, message) => {
    expect(await refusal("release-audio", make())).toEqual({ status: 422, body: message });
  });
});

/** An ID3v2.4 tag of `size` bytes after its header (a padding frame's zeros). */
function id3Tag(size: number): Buffer {
  const header = Buffer.from([0x49, 0x44, 0x33, 4, 0, 0, 0, 0, 0, 0]);
  header.set([(size >> 21) & 0x7f, (size >> 14) & 0x7f, (size >> 7) & 0x7f, size & 0x7f], 6);
  return Buffer.concat([header, Buffer.alloc(size)]);
}

describe("submitting a release", { timeout: 90_000 }, () => {
  it("creates the song requests in one go, emails the artist, and withdraws them again", async () => {
    const { detail } = await readyRelease({}, 2);
    expect(detail.issues).toEqual([]);
    expect(detail.releaseType).toBe("Single");
    const submitted = await submit(detail);
    expect(submitted.statusCode, submitted.body).toBe(200);
    const body = submitted.json<ReleaseDetail>();
    expect(body.state).toBe("submitted");
    const songIds = body.tracks.map((track) => track.songId);
    expect(songIds.every(Boolean)).toBe(true);
    const songs = await t.app.ctx.database.db
      .selectFrom("song_request")
      .selectAll()
      .where("id", "in", songIds as string[])
      .execute();
    const first = songs.find((song) => song.id === songIds[0])!;
    expect(first).toMatchObject({
      artistId: artist.id,
      type: "Summer Nights (Acoustic)",
      album: "Summer Nights",
      artist: "Asha Rao feat. Ravi Kumar & Meera",
      genre: "Pop",
      date: detail.releaseDate,
      duration: "0:35",
      lyrics: "La la la",
      coverFileId: detail.artwork!.fileId,
      status: "pending",
    });
    // Shown at once in Your Songs.
    const yourSongs = await call("GET", "/api/songs", artist.cookie);
    expect(yourSongs.json<{ items: { id: string }[] }>().items.map((s) => s.id)).toEqual(
      expect.arrayContaining(songIds),
    );
    // Read-only now.
    const edit = await call("PUT", `/api/releases/${detail.id}`, artist.cookie, {
      version: body.version,
    });
    expect(edit.statusCode).toBe(409);
    // The confirmation email, through the outbox.
    await expect
      .poll(async () => {
        const jobs = await t.app.ctx.database.db.selectFrom("mail_job").select("payload").execute();
        return jobs.map((job) => JSON.parse(job.payload) as { subject?: string; text?: string });
      })
      .toContainEqual(
        expect.objectContaining({ subject: "Your release “Summer Nights” was submitted" }),
      );
    // Withdraw: back to a draft, the songs gone.
    const withdrawn = await call("POST", `/api/releases/${detail.id}/withdraw`, artist.cookie, {
      version: body.version,
    });
    expect(withdrawn.statusCode, withdrawn.body).toBe(200);
    expect(withdrawn.json()).toMatchObject({ state: "draft" });
    const left = await t.app.ctx.database.db
      .selectFrom("song_request")
      .select("id")
      .where("id", "in", songIds as string[])
      .execute();
    expect(left).toEqual([]);
  });

  it("refuses withdrawing once an agent started the review", async () => {
    const { detail } = await readyRelease();
    const body = (await submit(detail)).json<ReleaseDetail>();
    await t.app.ctx.database.db
      .updateTable("song_request")
      .set({ status: "in review" })
      .where("id", "=", body.tracks[0]!.songId!)
      .execute();
    const refused = await call("POST", `/api/releases/${detail.id}/withdraw`, artist.cookie, {
      version: body.version,
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(m.onlySubmittedWithdrawn);
  });

  const track = (draft: ReleaseDraftInput, changes: object) => ({
    ...draft,
    tracks: [{ ...draft.tracks![0]!, ...changes }],
  });
  it.each([
    [
      "a release date too soon",
      (d: ReleaseDraftInput) => ({ ...d, releaseDate: leadDate(13) }),
      m.releaseDateTooSoon(14),
    ],
    [
      "a missing composer",
      (d: ReleaseDraftInput) => track(d, { composer: "" }),
      m.composerRequired,
    ],
    [
      "feat. in a title",
      (d: ReleaseDraftInput) => track(d, { title: "Night feat. Ravi" }),
      m.featuringInTitle,
    ],
    [
      "a generic artist",
      (d: ReleaseDraftInput) => ({ ...d, primaryArtist: "Various Artists" }),
      m.genericArtist,
    ],
    ["a bad ISRC", (d: ReleaseDraftInput) => track(d, { isrc: "IN-AB-26-1" }), m.isrcFormat],
    ["a bad UPC", (d: ReleaseDraftInput) => ({ ...d, upc: "036000291453" }), m.upcFormat],
    ["no artwork", (d: ReleaseDraftInput) => ({ ...d, artworkFileId: null }), m.artworkRequired],
  ])("is refused with 422 for %s, with the same sentence", async (_name, change, message) => {
    const { detail, draft } = await readyRelease();
    const saved = await call("PUT", `/api/releases/${detail.id}`, artist.cookie, {
      ...change(draft),
      version: detail.version,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const refused = await submit(saved.json());
    expect(refused.statusCode).toBe(422);
    expect(refused.json().issues.map((i: { message: string }) => i.message)).toContain(message);
    expect(Object.values(refused.json().fieldErrors)).toContain(message);
    // Nothing was created: still a draft.
    const after = await call("GET", `/api/releases/${detail.id}`, artist.cookie);
    expect(after.json()).toMatchObject({ state: "draft", tracks: [{ songId: null }] });
  });

  it("refuses an ISRC another submitted release holds", async () => {
    const isrc = `IN-ABC-26-${String(Date.now() % 100_000).padStart(5, "0")}`;
    const first = await readyRelease();
    const withIsrc = (draft: ReleaseDraftInput, version: number) => ({
      ...draft,
      version,
      tracks: [{ ...draft.tracks![0]!, isrc }],
    });
    const a = await call(
      "PUT",
      `/api/releases/${first.detail.id}`,
      artist.cookie,
      withIsrc(first.draft, first.detail.version),
    );
    expect((await submit(a.json())).statusCode).toBe(200);
    const second = await readyRelease();
    const b = await call(
      "PUT",
      `/api/releases/${second.detail.id}`,
      artist.cookie,
      withIsrc(second.draft, second.detail.version),
    );
    expect(b.json<ReleaseDetail>().issues.map((i) => i.message)).toContain(m.isrcTaken);
    const refused = await submit(b.json());
    expect(refused.statusCode).toBe(422);
    expect(refused.json().issues.map((i: { message: string }) => i.message)).toContain(m.isrcTaken);
  });

  it("wants warnings acknowledged first", async () => {
    const { detail } = await readyRelease({ title: "SUMMER NIGHTS" });
    const refused = await submit(detail);
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({
      message: m.acknowledgeWarnings,
      fieldErrors: { title: 'Stores prefer title case: "Summer Nights".' },
    });
    const ok = await submit(detail, ["title-case:title"]);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().acknowledgedWarnings).toEqual(["title-case:title"]);
  });
});

describe("who may do what with a release", () => {
  it("hides an artist's release from another artist; agents read but never write", async () => {
    const { detail } = await readyRelease();
    const url = `/api/releases/${detail.id}`;
    expect((await call("GET", url, other.cookie)).statusCode).toBe(404);
    expect((await call("PUT", url, other.cookie, { version: detail.version })).statusCode).toBe(
      404,
    );
    expect((await call("DELETE", url, other.cookie)).statusCode).toBe(404);
    expect(
      (await call("POST", `${url}/submit`, other.cookie, { version: detail.version })).statusCode,
    ).toBe(404);
    expect((await call("GET", url, agent.cookie)).statusCode).toBe(200);
    expect((await call("PUT", url, agent.cookie, { version: detail.version })).statusCode).toBe(
      403,
    );
    expect(
      (await call("POST", `${url}/submit`, agent.cookie, { version: detail.version })).statusCode,
    ).toBe(403);
    expect((await call("DELETE", url, agent.cookie)).statusCode).toBe(403);
    const upload = await tusUpload(t.app, other.cookie, artwork, {
      purpose: "release-artwork",
      releaseId: detail.id,
    });
    expect(upload.create.statusCode).toBe(403);
    // The artwork: its artist and agents read it, nobody else.
    const file = detail.artwork!.url;
    expect((await call("GET", file, artist.cookie)).statusCode).toBe(200);
    expect((await call("GET", file, agent.cookie)).statusCode).toBe(200);
    expect((await call("GET", file, other.cookie)).statusCode).toBe(404);
  });
});

describe("account deletion", () => {
  it("removes the artist's releases and their files", async () => {
    const leaving = await createUser(t.app, "Leaving Artist");
    const release = await newRelease(leaving);
    const { patch } = await upload(release, "release-artwork", artwork, undefined, leaving);
    const fileId = patch!.json<{ id: string }>().id;
    await deleteAccountOf(t.app, leaving.cookie);
    const db = t.app.ctx.database.db;
    expect(
      await db.selectFrom("release").select("id").where("id", "=", release.id).executeTakeFirst(),
    ).toBeUndefined();
    expect(
      await db.selectFrom("stored_file").select("id").where("id", "=", fileId).executeTakeFirst(),
    ).toBeUndefined();
    expect(
      await db
        .selectFrom("release_file")
        .select("fileId")
        .where("fileId", "=", fileId)
        .executeTakeFirst(),
    ).toBeUndefined();
  });
});
