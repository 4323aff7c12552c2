import { Readable } from "node:stream";
import { describe, expect, it } from "vitest";
import { releaseMessages as m } from "../../../../shared/release-messages";
import { constantFlacFile, dataBeforeFmtWav, twoFmtWav } from "../../../test/crafted-release-files";
import { wavFile, wavHeader } from "../../../test/release-fixtures";
import { checkAudio } from "./audio-check";
import { FLAC_MAX_FRAMES_PER_BYTE, FLAC_MIN_BYTES_PER_FRAME } from "./flac-pcm";

/** The bytes as storage hands them over: 64 KB pieces. */
function source(bytes: Buffer) {
  const pieces: Buffer[] = [];
  for (let offset = 0; offset < bytes.length; offset += 65_536) {
    pieces.push(bytes.subarray(offset, offset + 65_536));
  }
  return {
    open: () => Promise.resolve(Readable.from(pieces, { objectMode: false })),
    head: (n: number) => Promise.resolve(bytes.subarray(0, n)),
    size: bytes.length,
  };
}

async function timed(bytes: Buffer) {
  const started = performance.now();
  const check = await checkAudio(source(bytes));
  return { check, ms: performance.now() - started };
}

const unreadable = { ok: false, message: m.audioUnreadable };

describe("a crafted FLAC (issue 45)", () => {
  it("of 70 KB declaring 99 minutes is refused from its STREAMINFO, at once", async () => {
    const file = constantFlacFile({ frames: 4000, blockSize: 65_535 });
    expect(file.length).toBeLessThan(72_000);
    const { check, ms } = await timed(file);
    expect(check).toEqual(unreadable);
    expect(ms).toBeLessThan(5_000);
  });

  it.each([
    ["70 KB", 4000],
    ["1 MB", 60_000],
  ])(
    "of %s not saying its length stops decoding at what its size can hold",
    async (_size, frames) => {
      const file = constantFlacFile({ frames, blockSize: 65_535, declaredSamples: 0 });
      const { check, ms } = await timed(file);
      expect(check).toEqual(unreadable);
      expect(ms).toBeLessThan(5_000);
    },
    15_000,
  );

  it("that decodes to more than its STREAMINFO declares is refused", async () => {
    // 80 blocks of 4,096 (~7 s) declaring 2 blocks.
    const file = constantFlacFile({ frames: 80, blockSize: 4096, declaredSamples: 2 * 4096 });
    expect((await timed(file)).check).toEqual(unreadable);
  });

  it("of many tiny FLAC frames is refused once they pass what its size can hold", async () => {
    // 11,100 FLAC frames of 120 samples (30 s) in 200 KB: ~18 bytes a FLAC frame.
    const file = constantFlacFile({ frames: 11_100, blockSize: 120 });
    expect(file.length / 11_100).toBeLessThan(FLAC_MIN_BYTES_PER_FRAME);
    expect((await timed(file)).check).toEqual(unreadable);
  });

  it("within both bounds is checked like any other", async () => {
    // 2,600 FLAC frames of 512 samples (30.2 s), padded to the bytes the bounds ask.
    const file = constantFlacFile({ frames: 2600, blockSize: 512, paddingBytes: 300_000 });
    expect(2600 * 512).toBeLessThan(file.length * FLAC_MAX_FRAMES_PER_BYTE);
    expect(2600).toBeLessThan(file.length / FLAC_MIN_BYTES_PER_FRAME);
    const { check } = await timed(file);
    expect(check).toMatchObject({
      ok: true,
      details: { format: "FLAC", durationMs: 30_186, sampleRate: 44_100, channels: 2 },
    });
  });
});

describe("a WAV that could be read two ways (issue 45)", () => {
  it("with two fmt chunks is refused as unreadable", async () => {
    expect((await timed(twoFmtWav())).check).toEqual(unreadable);
  });

  it("with its data before its fmt chunk is refused as unreadable", async () => {
    expect((await timed(dataBeforeFmtWav())).check).toEqual(unreadable);
  });

  it("with a second data chunk or a fmt chunk after its data is refused as unreadable", async () => {
    const wav = wavFile({ seconds: 31 });
    const header = wavHeader(8, { sampleRate: 44_100, bits: 16, channels: 2 });
    const extraData = Buffer.concat([header.subarray(36, 44), Buffer.alloc(8)]);
    const extraFmt = header.subarray(12, 36);
    expect((await timed(Buffer.concat([wav, extraData]))).check).toEqual(unreadable);
    expect((await timed(Buffer.concat([wav, extraFmt]))).check).toEqual(unreadable);
  });

  it("shows what its one fmt chunk says, with other chunks around it", async () => {
    const wav = wavFile({ seconds: 31, sampleRate: 48_000, bits: 24 });
    const list = Buffer.concat([Buffer.from("LIST", "latin1"), Buffer.alloc(4), Buffer.alloc(0)]);
    list.writeUInt32LE(0, 4);
    const junk = Buffer.concat([Buffer.from("JUNK\x03\x00\x00\x00abc\x00", "latin1")]);
    const file = Buffer.concat([wav.subarray(0, 12), junk, wav.subarray(12), list]);
    expect((await timed(file)).check).toMatchObject({
      ok: true,
      details: { format: "WAV", sampleRate: 48_000, bitDepth: 24, channels: 2, durationMs: 31_000 },
    });
  });
});
