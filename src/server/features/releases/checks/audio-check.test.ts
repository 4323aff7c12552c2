import { Readable } from "node:stream";
import { describe, expect, it } from "vitest";
import { releaseMessages as m } from "../../../../shared/release-messages";
import { flacFile, wavFile } from "../../../test/release-fixtures";
import { checkAudio } from "./audio-check";
import { WavPcmReader } from "./wav-pcm";

/** A byte stream of `bytes` cut into pieces of the given sizes, as storage streams deliver. */
function source(bytes: Buffer, piece: (index: number) => number) {
  const chunks: Buffer[] = [];
  for (let offset = 0, i = 0; offset < bytes.length; i++) {
    const size = piece(i);
    chunks.push(bytes.subarray(offset, offset + size));
    offset += size;
  }
  return {
    open: () => Promise.resolve(Readable.from(chunks, { objectMode: false })),
    head: (n: number) => Promise.resolve(bytes.subarray(0, n)),
    size: bytes.length,
  };
}

describe("the WAV reader", () => {
  it("reads the same frames and silence whatever the chunk boundaries", () => {
    const file = wavFile({ seconds: 2, leadingSilence: 1, trailingSilence: 3, bits: 24 });
    const whole = new WavPcmReader();
    whole.push(file);
    const expected = whole.end().scan!;
    for (const size of [1, 5, 7, 44, 45, 4099]) {
      const reader = new WavPcmReader();
      for (let offset = 0; offset < file.length; offset += size) {
        reader.push(file.subarray(offset, offset + size));
      }
      const scan = reader.end().scan!;
      expect(scan.frames, `chunks of ${size}`).toBe(expected.frames);
      expect(scan.silence(), `chunks of ${size}`).toEqual({ start: 1, end: 3 });
    }
  });

  it("refuses data cut short", () => {
    const reader = new WavPcmReader();
    reader.push(wavFile({ seconds: 2 }).subarray(0, 50_000));
    expect(() => reader.end()).toThrow();
  });
});

describe("checkAudio", () => {
  it("answers the same for a WAV and a FLAC read in small, uneven chunks", async () => {
    const sizes = (i: number) => 1 + ((i * 7919) % 65_536);
    const wav = await checkAudio(source(wavFile({ seconds: 20, trailingSilence: 12 }), sizes));
    expect(wav).toEqual({
      ok: true,
      details: {
        format: "WAV",
        mimeType: "audio/wav",
        durationMs: 32_000,
        sampleRate: 44_100,
        bitDepth: 16,
        channels: 2,
        warnings: [m.silence(12, "end")],
      },
    });
    const flac = await checkAudio(source(flacFile({ seconds: 30 }), sizes));
    expect(flac).toMatchObject({ ok: true, details: { format: "FLAC", durationMs: 30_000 } });
  });
});
