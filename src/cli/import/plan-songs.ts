import { randomUUID } from "node:crypto";
import { normalizeLink } from "../../shared/links";
import {
  COVER_MAX_BYTES,
  COVER_UPLOAD_PURPOSE,
  isValidReleaseDate,
} from "../../shared/song-schemas";
import type { WriteOp } from "./batch-writer";
import { songDocSchema, type SongDoc } from "./hosted-export-schemas";
import { importRecordRow, importedRecords, type ImportContext } from "./import-context";
import { skip } from "./import-report";
import { lookUpFile, type SourceFile } from "./source-files";
import { entriesOf, firstIssue, toEpochMs, withoutNul } from "./source-values";
import { songTextProblem, timeProblem } from "./live-rules";

const KEEPABLE_ID = /^[\w-]{1,100}$/;

/** The release day as YYYY-MM-DD from a day, an ISO time or a timestamp. */
function releaseDay(value: SongDoc["date"]): string | null {
  if (value === null || value === undefined) return null;
  if (typeof value === "string" && isValidReleaseDate(value.trim())) return value.trim();
  const ms = toEpochMs(value);
  // An out-of-range number is no day (and would throw in toISOString).
  return ms === null || timeProblem(ms) ? null : new Date(ms).toISOString().slice(0, 10);
}

/** Song requests with every field, their views and their cover. */
export async function planSongs(
  ctx: ImportContext,
  requests: Record<string, unknown> | unknown[] | undefined,
): Promise<WriteOp[]> {
  const { db, report } = ctx;
  const before = await importedRecords(db, "songs");
  const taken = new Set(
    (await db.selectFrom("song_request").select("id").execute()).map((r) => r.id),
  );
  const ops: WriteOp[] = [];

  for (const [sourceId, raw] of entriesOf(requests, "id")) {
    if (before.has(sourceId)) {
      report.counts.songs.unchanged += 1;
      continue;
    }
    const parsed = songDocSchema.safeParse(raw);
    if (!parsed.success) {
      skip(report, "songs", sourceId, `bad song document: ${firstIssue(parsed.error)}`);
      continue;
    }
    const song = parsed.data;
    const artistId = ctx.userIds.get(song.artistId);
    if (!artistId) {
      skip(report, "songs", sourceId, `artist not imported (${song.artistId})`);
      continue;
    }
    const date = releaseDay(song.date);
    if (!date) {
      skip(report, "songs", sourceId, "no valid release date");
      continue;
    }
    let id = sourceId;
    if (!KEEPABLE_ID.test(id) || taken.has(id)) {
      id = randomUUID();
      report.mappedIds.push({ kind: "songs", sourceId, targetId: id });
    }
    taken.add(id);
    const op = await planSong(ctx, sourceId, song, { id, artistId, date });
    if (op) ops.push(op);
  }
  return ops;
}

/**
 * Cleans the hosted values of one song; every change made is described in
 * `cleaned`, for the report.
 */
function cleanerFor(cleaned: string[]) {
  const text = (field: string, value: string | number | null | undefined): string => {
    const result = withoutNul(value === null || value === undefined ? "" : String(value));
    if (result.cleaned) cleaned.push(`NUL characters removed from ${field}`);
    return result.value;
  };
  const link = (field: string, value: string | null | undefined): string => {
    const normalized = normalizeLink(text(field, value));
    if (normalized === null) {
      cleaned.push(`${field} cleared: not an http, https or mailto link`);
      return "";
    }
    return normalized;
  };
  return { text, link };
}

/** One song to write, or undefined (and reported) when a text breaks the live rules. */
async function planSong(
  ctx: ImportContext,
  sourceId: string,
  song: SongDoc,
  { id, artistId, date }: { id: string; artistId: string; date: string },
): Promise<WriteOp | undefined> {
  const cleaned: string[] = [];
  const { text, link } = cleanerFor(cleaned);
  const tooLong = songTextProblem({
    type: text("type", song.type),
    artist: text("artist", song.artist),
    album: text("album", song.album),
    genre: text("genre", song.genre),
    duration: text("duration", song.duration),
    lyrics: text("lyrics", song.lyrics),
  });
  if (tooLong) {
    skip(ctx.report, "songs", sourceId, `refused: ${tooLong}`);
    return undefined;
  }
  const views = Number.isSafeInteger(song.views) && song.views! >= 0 ? song.views! : 0;
  if (song.views !== null && song.views !== undefined && views !== song.views) {
    cleaned.push(`views ${song.views} is not a count; set to 0`);
  }
  const files = await coverOf(ctx, sourceId, artistId, song, cleaned);

  return {
    kind: "songs",
    sourceId,
    files,
    cleaned,
    rows: {
      stored_file: files.map((f) => f.row),
      song_request: [
        {
          id,
          artistId,
          type: text("type", song.type),
          status: text("status", song.status),
          album: text("album", song.album),
          artist: text("artist", song.artist),
          genre: text("genre", song.genre),
          date,
          duration: text("duration", song.duration),
          lyrics: text("lyrics", song.lyrics),
          link: link("link", song.link),
          coverFileId: files[0]?.row.id ?? null,
          spotifyUrl: link("spotifyUrl", song.spotifyUrl),
          appleMusicUrl: link("appleMusicUrl", song.appleMusicUrl),
          youtubeUrl: link("youtubeUrl", song.youtubeUrl),
          views,
          createdAt: ctx.now,
          updatedAt: ctx.now,
        },
      ],
      import_record: [importRecordRow("songs", sourceId, id, ctx.now)],
    },
  };
}

/** The song's cover, when the export has it and it passes the cover rules. */
async function coverOf(
  ctx: ImportContext,
  sourceId: string,
  artistId: string,
  song: SongDoc,
  cleaned: string[],
): Promise<SourceFile[]> {
  const files: SourceFile[] = [];
  if (song.imageUrl) {
    const found = await lookUpFile(ctx.filesRoot, song.imageUrl, {
      purpose: COVER_UPLOAD_PURPOSE,
      ownerId: artistId,
      scope: artistId,
      maxBytes: COVER_MAX_BYTES,
      kinds: ["image"],
      createdAt: ctx.now,
    });
    if ("file" in found) files.push(found.file);
    else {
      skip(ctx.report, "files", `${sourceId}/imageUrl`, found.problem);
      cleaned.push(`cover dropped: ${found.problem}`);
    }
  }
  return files;
}
