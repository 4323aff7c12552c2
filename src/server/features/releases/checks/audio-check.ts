import { Readable } from "node:stream";
import { parseStream, type IAudioMetadata } from "music-metadata";
import {
  AUDIO_BIT_DEPTHS,
  AUDIO_MIN_DURATION_MS,
  AUDIO_MIN_SAMPLE_RATE,
} from "../../../../shared/release-constants";
import { formatSampleRateKhz } from "../../../../shared/release-format";
import { releaseMessages as m } from "../../../../shared/release-messages";
import { FlacPcmReader } from "./flac-pcm";
import type { SilenceScan } from "./silence-scan";
import { UnreadableAudio, WavPcmReader } from "./wav-pcm";

export interface AudioDetails {
  format: "WAV" | "FLAC";
  mimeType: string;
  durationMs: number;
  sampleRate: number;
  bitDepth: number;
  channels: number;
  warnings: string[];
}

export type AudioCheck = { ok: true; details: AudioDetails } | { ok: false; message: string };

/** Where the check reads the file: whole from its first byte (twice: header, then samples), or its first bytes. */
export interface AudioSource {
  open: () => Promise<Readable>;
  head: (bytes: number) => Promise<Buffer>;
}
type OpenAudio = AudioSource["open"];

/**
 * Reads an audio file as stores would: music-metadata names the container
 * and codec and reads the sample rate, bit depth and channels from the
 * header; then the samples are decoded as they stream (WAV PCM directly,
 * FLAC with @wasm-audio-decoders/flac) to find silence and to prove the
 * file is whole. Every step works on one stream chunk at a time.
 */
export async function checkAudio(source: AudioSource): Promise<AudioCheck> {
  const { open } = source;
  const meta = await readHeader(open);
  if (!meta) {
    const container = containerOf(await source.head(12));
    return { ok: false, message: container ? m.audioUnreadable : m.audioFormat("") };
  }
  const format = meta.format;
  const name = formatName(format);
  if (name !== "WAV" && name !== "FLAC") return { ok: false, message: m.audioFormat(name) };
  const sampleRate = format.sampleRate ?? 0;
  const bitDepth = format.bitsPerSample ?? 0;
  const channels = format.numberOfChannels ?? 0;
  if (!sampleRate || !bitDepth || !channels) return { ok: false, message: m.audioUnreadable };
  if (sampleRate < AUDIO_MIN_SAMPLE_RATE) {
    return { ok: false, message: m.audioSampleRate(formatSampleRateKhz(sampleRate)) };
  }
  if (!(AUDIO_BIT_DEPTHS as readonly number[]).includes(bitDepth)) {
    return { ok: false, message: m.audioBitDepth(bitDepth) };
  }
  if (channels !== 2) return { ok: false, message: m.audioChannels(channels) };
  let scan: SilenceScan;
  try {
    scan =
      name === "WAV"
        ? await scanWav(open)
        : await scanFlac(open, sampleRate, channels, expectedFrames(format));
  } catch (err) {
    if (err instanceof UnreadableAudio) return { ok: false, message: m.audioUnreadable };
    throw err;
  }
  if (scan.durationMs < AUDIO_MIN_DURATION_MS) return { ok: false, message: m.audioTooShort };
  return {
    ok: true,
    details: {
      format: name,
      mimeType: name === "WAV" ? "audio/wav" : "audio/flac",
      durationMs: scan.durationMs,
      sampleRate,
      bitDepth,
      channels,
      warnings: scan.warnings(),
    },
  };
}

/** STREAMINFO's length in frames (0 when unknown), to tell a FLAC cut short. */
function expectedFrames(format: IAudioMetadata["format"]): number {
  if (format.numberOfSamples) return format.numberOfSamples;
  return format.duration && format.sampleRate ? Math.round(format.duration * format.sampleRate) : 0;
}

/** The header lives in the first bytes; a WAV's data chunk would otherwise be read through. */
const HEADER_BYTES = 1024 * 1024;

/** The stream's first `limit` bytes as a stream of their own (the source is closed after). */
async function* firstBytes(source: Readable, limit: number): AsyncGenerator<Buffer> {
  let left = limit;
  try {
    for await (const chunk of source) {
      const bytes = chunk as Buffer;
      yield bytes.subarray(0, left);
      left -= Math.min(left, bytes.length);
      if (left === 0) return;
    }
  } finally {
    source.destroy();
  }
}

/** What music-metadata reads from the file's header (null: nothing it knows). */
async function readHeader(open: OpenAudio): Promise<IAudioMetadata | null> {
  const stream = Readable.from(firstBytes(await open(), HEADER_BYTES), { objectMode: false });
  try {
    // Without `duration`, music-metadata needs the header only; it stops at the end of these bytes.
    return await parseStream(stream, undefined, { skipCovers: true, duration: false });
  } catch {
    return null;
  } finally {
    stream.destroy();
  }
}

/** WAV or FLAC by their magic bytes, whatever music-metadata managed to read. */
function containerOf(bytes: Buffer): "WAV" | "FLAC" | null {
  if (bytes.toString("latin1", 0, 4) === "RIFF" && bytes.toString("latin1", 8, 12) === "WAVE") {
    return "WAV";
  }
  return bytes.toString("latin1", 0, 4) === "fLaC" ? "FLAC" : null;
}

/** What people call the format: WAV, FLAC, MP3, AAC, OGG… */
function formatName(format: IAudioMetadata["format"]): string {
  const container = (format.container ?? "").split("/")[0]!.toUpperCase();
  const codec = (format.codec ?? "").toUpperCase();
  if (container === "WAVE") return "WAV";
  if (container === "MPEG") return codec.includes("LAYER 3") ? "MP3" : "MPEG audio";
  if (container === "M4A" || container === "MP4") return codec.includes("AAC") ? "AAC" : "M4A";
  return container || codec;
}

async function scanWav(open: OpenAudio): Promise<SilenceScan> {
  const reader = new WavPcmReader();
  const stream = await open();
  try {
    for await (const chunk of stream) reader.push(chunk as Buffer);
  } finally {
    stream.destroy();
  }
  return reader.end();
}

async function scanFlac(
  open: OpenAudio,
  sampleRate: number,
  channels: number,
  expectedFrames: number,
): Promise<SilenceScan> {
  const reader = new FlacPcmReader(sampleRate, channels, expectedFrames);
  const stream = await open();
  let ended = false;
  try {
    for await (const chunk of stream) await reader.push(chunk as Buffer);
    ended = true;
    return await reader.end();
  } finally {
    if (!ended) reader.free();
    stream.destroy();
  }
}
