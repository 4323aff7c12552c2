import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { artworkFile, mp3File, wavFile } from "../../src/server/test/release-fixtures";

/**
 * The files the release journeys upload, made in the test from the server's
 * fixture generator (src/server/test/release-fixtures.ts: WAV headers and PCM
 * by hand, MPEG frames, images from sharp) and written once per run to a temp
 * folder, since a file input takes a path.
 */
const folder = path.join(os.tmpdir(), `portal-release-files-${process.pid}`);

const makers = {
  "artwork.jpg": () => artworkFile(3000),
  // Another valid artwork: a resubmission's changed cover (e2e/desk-release-review.spec.ts).
  "artwork-3200.jpg": () => artworkFile(3200),
  "small-1400.jpg": () => artworkFile(1400),
  "wide-3000x2000.jpg": () => artworkFile(3000, 2000),
  "cmyk.jpg": () => artworkFile(3000, 3000, "cmyk"),
  "transparent.png": () => artworkFile(3000, 3000, "png-alpha"),
  // 31 s: just over the 30 s minimum, so each upload stays small (≈ 5.5 MB).
  "song.wav": () => wavFile({ seconds: 31 }),
  "song-2.wav": () => wavFile({ seconds: 32 }),
  "song.mp3": () => mp3File(),
  "low-rate-22050.wav": () => wavFile({ seconds: 31, sampleRate: 22_050 }),
  "eight-bit.wav": () => wavFile({ seconds: 31, bits: 8 }),
  "mono.wav": () => wavFile({ seconds: 31, channels: 1 }),
  "ten-seconds.wav": () => wavFile({ seconds: 10 }),
  "silent-end.wav": () => wavFile({ seconds: 20, trailingSilence: 12 }),
  // The header promises 31 s; the data stops 64 KB short.
  "truncated.wav": () => {
    const whole = wavFile({ seconds: 31 });
    return whole.subarray(0, whole.length - 65_536);
  },
} satisfies Record<string, () => Buffer | Promise<Buffer>>;

export type ReleaseFixture = keyof typeof makers;

/** The path of a fixture file, written on first use. */
export async function releaseFile(name: ReleaseFixture): Promise<string> {
  const file = path.join(folder, name);
  if (!fs.existsSync(file)) {
    fs.mkdirSync(folder, { recursive: true });
    const bytes = await makers[name]();
    // Written aside and renamed: a half-written file is never taken for a whole one.
    fs.writeFileSync(`${file}.part`, bytes);
    fs.renameSync(`${file}.part`, file);
  }
  return file;
}
