import type { Readable } from "node:stream";
import {
  AUDIO_BIT_DEPTHS,
  AUDIO_MIN_DURATION_MS,
  AUDIO_MIN_SAMPLE_RATE,
} from "../../../../shared/release-constants";
import { formatSampleRateKhz } from "../../../../shared/release-format";
import { SNIFF_BYTES } from "../../../../shared/file-sniffing";
import { releaseMessages as m } from "../../../../shared/release-messages";
import { FLAC_MAX_FRAMES_PER_BYTE, FlacPcmReader } from "./flac-pcm";
import { STREAMINFO_END, readStreamInfo, type StreamInfo } from "./flac-streaminfo";
import type { SilenceScan } from "./silence-scan";
import { UnreadableAudio, WAV_PCM, WavPcmReader } from "./wav-pcm";

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

/** Where the check reads the file: whole from its first byte, or its first bytes; and its size. */
export interface AudioSource {
  open: () => Promise<Readable>;
  head: (bytes: number) => Promise<Buffer>;
  /** The file's length in bytes: what its decode may cost is bounded by it. */
  size: number;
}

/** What the rules judge: the format one reading of the file found. */
interface AudioFormat {
  sampleRate: number;
  bitDepth: number;
  channels: number;
}

/**
 * Reads an audio file as stores would, each file by one reader that is
 * the source of truth for what the rules judge and the page shows: a
 * WAV by our RIFF reader, a FLAC by its STREAMINFO and a decode of every
 * frame (@wasm-audio-decoders/flac) that must agree with it. Both find
 * silence and prove the file whole as the bytes stream; work is bounded
 * by the file's size. Anything else is named from its first bytes for the
 * refusal (file-type; decision 140).
 */
export async function checkAudio(source: AudioSource): Promise<AudioCheck> {
  const head = await source.head(STREAMINFO_END);
  const container = containerOf(head);
  try {
    if (container === "WAV") return await checkWav(source);
    if (container === "FLAC") return await checkFlac(source, head);
  } catch (err) {
    if (err instanceof UnreadableAudio) return { ok: false, message: m.audioUnreadable };
    throw err;
  }
  const name = await nameOf(source);
  // A WAV or FLAC our readers cannot open (RF64, a broken header): unreadable, not another format.
  if (name === "WAV" || name === "FLAC") return { ok: false, message: m.audioUnreadable };
  return { ok: false, message: m.audioFormat(name) };
}

/** The first rule the format breaks, or null. */
function formatRefusal(format: AudioFormat): string | null {
  const { sampleRate, bitDepth, channels } = format;
  if (!sampleRate || !bitDepth || !channels) return m.audioUnreadable;
  if (sampleRate < AUDIO_MIN_SAMPLE_RATE) return m.audioSampleRate(formatSampleRateKhz(sampleRate));
  if (!(AUDIO_BIT_DEPTHS as readonly number[]).includes(bitDepth)) {
    return m.audioBitDepth(bitDepth);
  }
  if (channels !== 2) return m.audioChannels(channels);
  return null;
}

function judged(name: "WAV" | "FLAC", format: AudioFormat, scan: SilenceScan): AudioCheck {
  if (scan.durationMs < AUDIO_MIN_DURATION_MS) return { ok: false, message: m.audioTooShort };
  return {
    ok: true,
    details: {
      format: name,
      mimeType: name === "WAV" ? "audio/wav" : "audio/flac",
      durationMs: scan.durationMs,
      ...format,
      warnings: scan.warnings(),
    },
  };
}

/** The whole file through our RIFF reader; its one fmt chunk is what is judged and shown. */
async function checkWav(source: AudioSource): Promise<AudioCheck> {
  const reader = new WavPcmReader();
  const stream = await source.open();
  try {
    for await (const chunk of stream) reader.push(chunk as Buffer);
  } finally {
    stream.destroy();
  }
  const { format: fmt, scan } = reader.end();
  const format = {
    sampleRate: fmt.sampleRate,
    bitDepth: fmt.bitsPerSample,
    channels: fmt.channels,
  };
  const refusal = formatRefusal(format);
  if (refusal) return { ok: false, message: refusal };
  if (fmt.codec !== WAV_PCM || !scan) return { ok: false, message: m.audioUnreadable };
  return judged("WAV", format, scan);
}

/**
 * STREAMINFO judged, then every frame decoded; a length the file's size
 * cannot hold is refused before a frame is decoded.
 */
async function checkFlac(source: AudioSource, head: Buffer): Promise<AudioCheck> {
  const info = readStreamInfo(head);
  if (!info) return { ok: false, message: m.audioUnreadable };
  const format = {
    sampleRate: info.sampleRate,
    bitDepth: info.bitsPerSample,
    channels: info.channels,
  };
  const refusal = formatRefusal(format);
  if (refusal) return { ok: false, message: refusal };
  if (info.totalFrames > source.size * FLAC_MAX_FRAMES_PER_BYTE) {
    return { ok: false, message: m.audioUnreadable };
  }
  return judged("FLAC", format, await scanFlac(source, info));
}

async function scanFlac(source: AudioSource, info: StreamInfo): Promise<SilenceScan> {
  const reader = await FlacPcmReader.open(info, source.size);
  const stream = await source.open();
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

/** WAV or FLAC by their magic bytes. */
function containerOf(bytes: Buffer): "WAV" | "FLAC" | null {
  if (bytes.toString("latin1", 0, 4) === "RIFF" && bytes.toString("latin1", 8, 12) === "WAVE") {
    return "WAV";
  }
  return bytes.toString("latin1", 0, 4) === "fLaC" ? "FLAC" : null;
}

/**
 * What people call another format (MP3, AAC, OGG…), for the refusal; "" when
 * unknown. Named by file-type from the first bytes only, as every upload is
 * sniffed: a parser that reads on into a crafted file (music-metadata over a
 * MB of 0xFF bytes took 8 s of the event loop) is never run on it.
 */
async function nameOf(source: AudioSource): Promise<string> {
  // Loaded with the first refusal that names a format, not at start.
  const { fileTypeFromBuffer } = await import("file-type");
  const head = await source.head(SNIFF_BYTES);
  // A 64-bit WAV (RF64, BW64): a WAV our reader does not open.
  if (/^(RF64|BW64)$/.test(head.toString("latin1", 0, 4))) return "WAV";
  // A FLAC or WAV behind an ID3 tag (some taggers write one): file-type would say MP3.
  const tagEnd = afterId3(head);
  if (tagEnd > 0) {
    const behind = containerOf(await bytesAt(source, tagEnd, 12));
    if (behind !== null) return behind;
  }
  const detected = await fileTypeFromBuffer(head);
  if (!detected) return "";
  return FORMAT_NAMES[detected.ext] ?? detected.ext.toUpperCase();
}

/** `length` bytes of the file from `offset` (fewer at its end), streamed to them. */
async function bytesAt(source: AudioSource, offset: number, length: number): Promise<Buffer> {
  const stream = await source.open();
  const parts: Buffer[] = [];
  let at = 0;
  let kept = 0;
  try {
    for await (const chunk of stream) {
      const bytes = chunk as Buffer;
      const from = Math.max(0, offset - at);
      at += bytes.length;
      if (from >= bytes.length) continue;
      const part = bytes.subarray(from, from + length - kept);
      parts.push(part);
      kept += part.length;
      if (kept >= length) break;
    }
  } finally {
    stream.destroy();
  }
  return Buffer.concat(parts);
}

/** Where the bytes after a leading ID3v2 tag start (0 when there is none). */
function afterId3(head: Buffer): number {
  if (head.length < 10 || head.toString("latin1", 0, 3) !== "ID3") return 0;
  // Four 7-bit bytes of size, then a footer of 10 bytes when flag 0x10 is set.
  const size =
    ((head[6]! & 0x7f) << 21) |
    ((head[7]! & 0x7f) << 14) |
    ((head[8]! & 0x7f) << 7) |
    (head[9]! & 0x7f);
  return 10 + size + (head[5]! & 0x10 ? 10 : 0);
}

/** file-type's extensions that people know by another name. */
const FORMAT_NAMES: Partial<Record<string, string>> = {
  mp1: "MPEG audio",
  mp2: "MPEG audio",
  aif: "AIFF",
  oga: "OGG",
  opus: "Opus",
  asf: "WMA",
  mkv: "Matroska",
  wv: "WavPack",
  mpc: "Musepack",
  mid: "MIDI",
  ac3: "AC-3",
  jpg: "a JPG image",
  png: "a PNG image",
  pdf: "a PDF document",
  zip: "a ZIP archive",
};
