/**
 * JSON compression benchmark (a measurement, not a test): does compressing
 * the API's JSON answers pay? For the real answer shapes (the artist's song
 * page, a song detail, an agents' desk page with lyrics) it measures the
 * bytes saved and the server CPU each compression costs, and sets them
 * against the time those bytes take on Lighthouse's mobile link (1.6 Mbit/s).
 * Run: npm run bench:json
 */
import zlib from "node:zlib";
import { toSongDetail, toSongSummary } from "../../src/server/features/songs/song-repository";
import { encodeSongCursor } from "../../src/server/features/songs/song-cursor";

const RUNS = 2_000;
const MOBILE_BYTES_PER_MS = 1_600_000 / 8 / 1000;

const lyricLine = "I walked the line where the river bends, and the night keeps singing ";
function row(i: number, lyricsChars: number) {
  return {
    id: crypto.randomUUID(),
    artistId: crypto.randomUUID(),
    type: `Single ${i}`,
    status: "released",
    album: `Album ${i % 7}`,
    artist: "Bench Artist",
    genre: "Pop",
    date: "2024-05-01",
    duration: "3:30",
    lyrics: lyricLine.repeat(Math.ceil(lyricsChars / lyricLine.length)).slice(0, lyricsChars),
    link: "https://example.com/song",
    coverFileId: crypto.randomUUID().replaceAll("-", ""),
    spotifyUrl: "https://open.spotify.com/track/abc",
    appleMusicUrl: "",
    youtubeUrl: "",
    views: 12,
    version: 1,
    statusUnseen: 0,
    createdAt: 0,
    updatedAt: 0,
  };
}
const cursor = encodeSongCursor({ date: "2024-05-01", id: crypto.randomUUID() });
const answers: Record<string, string> = {
  "GET /api/songs (10 summaries)": JSON.stringify({
    items: Array.from({ length: 10 }, (_, i) => toSongSummary(row(i, 0))),
    nextCursor: cursor,
  }),
  "GET /api/songs/:id (1,500 chars of lyrics)": JSON.stringify(toSongDetail(row(1, 1500))),
  "GET /api/desk/songs (10 details, 1,500 chars of lyrics each)": JSON.stringify({
    items: Array.from({ length: 10 }, (_, i) => toSongDetail(row(i, 1500))),
    nextCursor: cursor,
  }),
};

function cpuMicros(run: () => Buffer): { micros: number; bytes: number } {
  let bytes = 0;
  for (let i = 0; i < 100; i++) bytes = run().length;
  const start = process.hrtime.bigint();
  for (let i = 0; i < RUNS; i++) run();
  return { micros: Number(process.hrtime.bigint() - start) / 1000 / RUNS, bytes };
}

console.log(`JSON compression, Node ${process.version}, ${RUNS} runs each (CPU µs per answer)\n`);
for (const [name, body] of Object.entries(answers)) {
  const raw = Buffer.from(body);
  const gzip = cpuMicros(() => zlib.gzipSync(raw, { level: 6 }));
  const br = cpuMicros(() =>
    zlib.brotliCompressSync(raw, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: 4,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
      },
    }),
  );
  const saved = (bytes: number) => (raw.length - bytes) / MOBILE_BYTES_PER_MS;
  console.log(name);
  console.log(`  raw     ${raw.length} B`);
  console.log(
    `  gzip 6  ${gzip.bytes} B, ${gzip.micros.toFixed(1)} µs CPU, saves ${saved(gzip.bytes).toFixed(1)} ms on 1.6 Mbit/s`,
  );
  console.log(
    `  br 4    ${br.bytes} B, ${br.micros.toFixed(1)} µs CPU, saves ${saved(br.bytes).toFixed(1)} ms on 1.6 Mbit/s`,
  );
}
