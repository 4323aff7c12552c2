import type { FastifyInstance } from "fastify";
import { expect } from "vitest";
import { addDaysToDay, utcDay } from "../../../../shared/release-rules";
import type { ReleaseDetail, ReleaseDraftInput } from "../../../../shared/release-schemas";
import type { TestUser } from "../../../test/chat-test-helpers";
import { ORIGIN } from "../../../test/test-app";
import { insertTestSong } from "../../../test/song-values";
import { tusUpload } from "../../../test/tus-upload";
import { insertRelease } from "../release-repository";

/** Helpers of the release review's integration tests: calls, ready releases, mails. */

export function caller(app: FastifyInstance) {
  return (method: string, url: string, cookie: string, payload?: unknown) =>
    app.inject({
      method: method as "GET",
      url,
      headers: { cookie, origin: ORIGIN },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
}

async function uploadOk(
  app: FastifyInstance,
  who: TestUser,
  releaseId: string,
  purpose: "release-artwork" | "release-audio",
  bytes: Buffer,
): Promise<string> {
  const { patch } = await tusUpload(app, who.cookie, bytes, {
    purpose,
    releaseId,
    trackId: crypto.randomUUID(),
    filename: purpose === "release-artwork" ? "cover.jpg" : "song.wav",
    filetype: purpose === "release-artwork" ? "image/jpeg" : "audio/wav",
  });
  expect(patch!.statusCode, patch!.body).toBe(200);
  return patch!.json<{ id: string }>().id;
}

/** A complete release of `who` with checked artwork and audio, submitted. */
export async function submittedRelease(
  app: FastifyInstance,
  who: TestUser,
  files: { artwork: Buffer; audio: Buffer },
  options: { tracks?: number; title?: string; upc?: string } = {},
): Promise<{ detail: ReleaseDetail; draft: ReleaseDraftInput }> {
  const call = caller(app);
  const created = (await call("POST", "/api/releases", who.cookie, {})).json<ReleaseDetail>();
  const artworkId = await uploadOk(app, who, created.id, "release-artwork", files.artwork);
  const audioIds: string[] = [];
  for (let i = 0; i < (options.tracks ?? 2); i++) {
    audioIds.push(await uploadOk(app, who, created.id, "release-audio", files.audio));
  }
  const title = options.title ?? "Monsoon Letters";
  const draft: ReleaseDraftInput = {
    version: created.version,
    title,
    primaryArtist: "Asha Rao",
    featuredArtists: [],
    genre: "Pop",
    language: "Hindi",
    releaseDate: addDaysToDay(utcDay(), 14),
    originalReleaseDate: "",
    pLine: "2026 Asha Rao",
    cLine: "2026 Asha Rao",
    upc: options.upc ?? "",
    artworkFileId: artworkId,
    tracks: audioIds.map((audioFileId, index) => ({
      id: crypto.randomUUID(),
      title: index === 0 ? title : `Track ${index + 1}`,
      version: "",
      featuredArtists: [],
      composer: "Asha Rao",
      lyricist: "Asha Rao",
      instrumental: false,
      producer: "",
      explicit: "not_explicit",
      isrc: "",
      lyrics: "La la la",
      audioFileId,
    })),
  };
  const saved = await call("PUT", `/api/releases/${created.id}`, who.cookie, draft);
  expect(saved.statusCode, saved.body).toBe(200);
  const body = saved.json<ReleaseDetail>();
  const submitted = await call("POST", `/api/releases/${created.id}/submit`, who.cookie, {
    version: body.version,
    acknowledgedWarnings: body.issues.map((issue) => issue.key),
  });
  expect(submitted.statusCode, submitted.body).toBe(200);
  return { detail: submitted.json<ReleaseDetail>(), draft: { ...draft, version: body.version } };
}

/**
 * A release written straight into the database in `state`, with tracks of
 * their own songs: for the steps that need no files (codes, transitions).
 */
export async function releaseInState(
  app: FastifyInstance,
  artistId: string,
  state: string,
  tracks = 2,
): Promise<string> {
  const db = app.ctx.database.db;
  const id = crypto.randomUUID();
  const now = Date.now();
  await insertRelease(db, { id, artistId, primaryArtist: "Asha Rao" }, now);
  await db
    .updateTable("release")
    .set({ state, title: `Release ${id.slice(0, 6)}`, stateChangedAt: now, submittedAt: now })
    .where("id", "=", id)
    .execute();
  for (let position = 0; position < tracks; position++) {
    const songId = await insertTestSong(
      db,
      artistId,
      { type: `Track ${position + 1}`, artist: "Asha Rao", genre: "Pop", date: "" },
      now,
    );
    await db
      .insertInto("release_track")
      .values({
        releaseId: id,
        id: crypto.randomUUID(),
        position,
        title: `Track ${position + 1}`,
        version: "",
        featuredArtists: "[]",
        composer: "Asha Rao",
        lyricist: "Asha Rao",
        instrumental: 0,
        producer: "",
        explicit: "not_explicit",
        isrc: "",
        isrcClaim: null,
        lyrics: "",
        audioFileId: null,
        songId,
      })
      .execute();
  }
  return id;
}

/** The mails of the outbox (subject and text), newest last. */
export async function mails(
  app: FastifyInstance,
): Promise<{ subject: string; text: string; to: unknown }[]> {
  const jobs = await app.ctx.database.db
    .selectFrom("mail_job")
    .select("payload")
    .orderBy("createdAt")
    .execute();
  return jobs.map(
    (job) => JSON.parse(job.payload) as { subject: string; text: string; to: unknown },
  );
}
