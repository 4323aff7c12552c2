import type {
  ReleaseArtwork,
  ReleaseAudio,
  ReleaseDetail,
  ReleaseDraft,
  ReleaseDraftTrack,
} from "../../../shared/release-schemas";

/** What the form edits: the saved draft without its version (the autosave keeps that). */
export type DraftFields = Omit<ReleaseDraft, "version">;

/** The checked details of the files this page has seen, by file id. */
export interface KnownFiles {
  artwork: Record<string, ReleaseArtwork>;
  audio: Record<string, ReleaseAudio>;
}

export function draftFromRelease(release: ReleaseDetail): DraftFields {
  return {
    title: release.title,
    primaryArtist: release.primaryArtist,
    featuredArtists: release.featuredArtists,
    genre: release.genre,
    language: release.language,
    releaseDate: release.releaseDate,
    originalReleaseDate: release.originalReleaseDate,
    pLine: release.pLine,
    cLine: release.cLine,
    upc: release.upc,
    artworkFileId: release.artworkFileId,
    tracks: release.tracks.map((track) => ({
      id: track.id,
      title: track.title,
      version: track.version,
      featuredArtists: track.featuredArtists,
      composer: track.composer,
      lyricist: track.lyricist,
      instrumental: track.instrumental,
      producer: track.producer,
      explicit: track.explicit,
      isrc: track.isrc,
      lyrics: track.lyrics,
      audioFileId: track.audioFileId,
    })),
  };
}

/** The files a release answer names, added to those already known. */
export function withReleaseFiles(known: KnownFiles, release: ReleaseDetail): KnownFiles {
  const artwork = { ...known.artwork };
  const audio = { ...known.audio };
  if (release.artwork) artwork[release.artwork.fileId] = release.artwork;
  for (const track of release.tracks) if (track.audio) audio[track.audio.fileId] = track.audio;
  return { artwork, audio };
}

/** A new, empty track; its id is made here, as the contract says (the client's uuid). */
export function newTrack(): ReleaseDraftTrack {
  return {
    id: crypto.randomUUID(),
    title: "",
    version: "",
    featuredArtists: [],
    composer: "",
    lyricist: "",
    instrumental: false,
    producer: "",
    explicit: "",
    isrc: "",
    lyrics: "",
    audioFileId: null,
  };
}

/** The track list with the track at `from` moved to `to`. */
export function moveTrack<T>(tracks: readonly T[], from: number, to: number): T[] {
  const next = [...tracks];
  const [moved] = next.splice(from, 1);
  if (moved === undefined || to < 0 || to > next.length) return [...tracks];
  next.splice(to, 0, moved);
  return next;
}

/** The DOM id of a form field named as an issue names it (`title`, `tracks.<id>.isrc`). */
export function fieldDomId(field: string): string {
  return `release-${field.replace(/[^A-Za-z0-9_-]/g, "-")}`;
}
