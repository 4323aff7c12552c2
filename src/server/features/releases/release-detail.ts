import { fileUrl } from "../../../shared/files";
import {
  RELEASE_ARTWORK_PURPOSE,
  RELEASE_AUDIO_PURPOSE,
  type ExplicitChoice,
  type ReleaseState,
} from "../../../shared/release-constants";
import { releaseType } from "../../../shared/release-format";
import type {
  ReleaseArtwork,
  ReleaseAudio,
  ReleaseDetail,
  ReleaseIssue,
  ReleaseSummary,
  ReleaseTrackDetail,
} from "../../../shared/release-schemas";
import type { ArtworkDetails } from "./checks/artwork-check";
import type { AudioDetails } from "./checks/audio-check";
import type { CheckedFile, ReleaseRow, ReleaseTrackRow } from "./release-repository";

const list = (json: string): string[] => {
  const parsed: unknown = JSON.parse(json);
  return Array.isArray(parsed) ? parsed.filter((v): v is string => typeof v === "string") : [];
};

export function artworkOf(file: CheckedFile): ReleaseArtwork {
  const details = JSON.parse(file.details) as ArtworkDetails;
  return {
    fileId: file.fileId,
    url: fileUrl(file.fileId),
    width: details.width,
    height: details.height,
    format: details.format,
    size: file.size,
  };
}

export function audioOf(file: CheckedFile): ReleaseAudio {
  const details = JSON.parse(file.details) as AudioDetails;
  return {
    fileId: file.fileId,
    url: fileUrl(file.fileId),
    name: file.name,
    durationMs: details.durationMs,
    sampleRate: details.sampleRate,
    bitDepth: details.bitDepth,
    channels: details.channels,
    format: details.format,
    warnings: details.warnings,
  };
}

/** The release's checked files by id, each only under its own purpose. */
export function filesById(files: readonly CheckedFile[]) {
  const artwork = new Map<string, CheckedFile>();
  const audio = new Map<string, CheckedFile>();
  for (const file of files) {
    if (file.purpose === RELEASE_ARTWORK_PURPOSE) artwork.set(file.fileId, file);
    if (file.purpose === RELEASE_AUDIO_PURPOSE) audio.set(file.fileId, file);
  }
  return { artwork, audio };
}

export function toTrackDetail(
  row: ReleaseTrackRow,
  audioFiles: ReadonlyMap<string, CheckedFile>,
): ReleaseTrackDetail {
  const audioFile = row.audioFileId ? audioFiles.get(row.audioFileId) : undefined;
  return {
    id: row.id,
    title: row.title,
    version: row.version,
    featuredArtists: list(row.featuredArtists),
    composer: row.composer,
    lyricist: row.lyricist,
    instrumental: Boolean(row.instrumental),
    producer: row.producer,
    explicit: row.explicit as ExplicitChoice | "",
    isrc: row.isrc,
    lyrics: row.lyrics,
    // A file that is gone (swept, deleted) is no file.
    audioFileId: audioFile ? row.audioFileId : null,
    songId: row.songId,
    audio: audioFile ? audioOf(audioFile) : null,
  };
}

/** The detail without its issues (the service adds them: they need the database). */
export function toReleaseDetail(
  row: ReleaseRow,
  trackRows: readonly ReleaseTrackRow[],
  files: readonly CheckedFile[],
  issues: (detail: Omit<ReleaseDetail, "issues">) => ReleaseIssue[],
): ReleaseDetail {
  const byId = filesById(files);
  const artworkFile = row.artworkFileId ? byId.artwork.get(row.artworkFileId) : undefined;
  const tracks = trackRows.map((track) => toTrackDetail(track, byId.audio));
  const durations = tracks.map((track) => ({ durationMs: track.audio?.durationMs ?? 0 }));
  const detail: Omit<ReleaseDetail, "issues"> = {
    id: row.id,
    artistId: row.artistId,
    state: row.state as ReleaseState,
    version: row.version,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    submittedAt: row.submittedAt,
    title: row.title,
    primaryArtist: row.primaryArtist,
    featuredArtists: list(row.featuredArtists),
    genre: row.genre,
    language: row.language,
    releaseDate: row.releaseDate,
    originalReleaseDate: row.originalReleaseDate,
    pLine: row.pLine,
    cLine: row.cLine,
    upc: row.upc,
    artworkFileId: artworkFile ? artworkFile.fileId : null,
    releaseType: releaseType(durations),
    totalDurationMs: durations.reduce((sum, track) => sum + track.durationMs, 0),
    artwork: artworkFile ? artworkOf(artworkFile) : null,
    tracks,
    acknowledgedWarnings: list(row.acknowledgedWarnings),
  };
  return { ...detail, issues: issues(detail) };
}

export function toReleaseSummary(
  row: ReleaseRow,
  trackRows: readonly ReleaseTrackRow[],
  files: readonly CheckedFile[],
): ReleaseSummary {
  const byId = filesById(files);
  const durations = trackRows.map((track) => ({
    durationMs: track.audioFileId
      ? ((JSON.parse(byId.audio.get(track.audioFileId)?.details ?? "{}") as Partial<AudioDetails>)
          .durationMs ?? 0)
      : 0,
  }));
  const artwork = row.artworkFileId ? byId.artwork.get(row.artworkFileId) : undefined;
  return {
    id: row.id,
    title: row.title,
    state: row.state as ReleaseState,
    releaseType: releaseType(durations),
    trackCount: trackRows.length,
    releaseDate: row.releaseDate,
    updatedAt: row.updatedAt,
    artworkUrl: artwork ? fileUrl(artwork.fileId) : null,
  };
}
