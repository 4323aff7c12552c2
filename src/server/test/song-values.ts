/** A valid song for `artistId` (every field of the desk form), for tests to vary. */
export function songValues(artistId: string, overrides: Record<string, unknown> = {}) {
  return {
    artistId,
    type: "Single",
    status: "pending",
    artist: "Test Artist",
    album: "",
    genre: "",
    date: "2024-01-01",
    duration: "",
    lyrics: "",
    link: "",
    coverFileId: null,
    spotifyUrl: "",
    appleMusicUrl: "",
    youtubeUrl: "",
    ...overrides,
  };
}
