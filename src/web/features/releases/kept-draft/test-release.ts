import type { ReleaseDetail } from "../../../../shared/release-schemas";

/** A release as the server answers it, for the kept-draft and read-only tests. */
export function testRelease(overrides: Partial<ReleaseDetail> = {}): ReleaseDetail {
  return {
    id: "r1",
    artistId: "a1",
    state: "draft",
    version: 4,
    createdAt: 0,
    updatedAt: 0,
    submittedAt: null,
    title: "Monsoon Tapes",
    primaryArtist: "Asha Rao",
    featuredArtists: [],
    genre: "Pop",
    language: "Hindi",
    releaseDate: "2030-01-01",
    originalReleaseDate: "",
    pLine: "2026 Asha Rao",
    cLine: "2026 Asha Rao",
    upc: "",
    artworkFileId: null,
    releaseType: "Single",
    totalDurationMs: 200_000,
    artwork: null,
    tracks: [
      {
        id: "0b7c2f9e-3f7d-4a53-9d8e-2f1f4f1d2a11",
        title: "First Rain",
        version: "",
        featuredArtists: ["Ravi Mehta"],
        composer: "Asha Rao",
        lyricist: "Ravi Mehta",
        instrumental: false,
        producer: "Dev Iyer",
        explicit: "not_explicit",
        isrc: "",
        lyrics: "Clouds gather",
        audioFileId: null,
        songId: null,
        audio: null,
      },
    ],
    issues: [],
    acknowledgedWarnings: [],
    ...overrides,
  };
}
