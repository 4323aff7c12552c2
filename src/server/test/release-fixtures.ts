import sharp from "sharp";

/**
 * Files for the release checks, made in the test: WAVs written header and
 * PCM by hand, a FLAC of VERBATIM frames (the simplest valid FLAC: no
 * encoder binary needed), MPEG frames, and images from sharp.
 */

export interface ToneOptions {
  sampleRate?: number;
  bits?: 8 | 16 | 24 | 32;
  channels?: number;
  /** Seconds of sound. */
  seconds?: number;
  /** Seconds of digital silence before and after the sound. */
  leadingSilence?: number;
  trailingSilence?: number;
}

const defaults: Required<ToneOptions> = {
  sampleRate: 44_100,
  bits: 16,
  channels: 2,
  seconds: 35,
  leadingSilence: 0,
  trailingSilence: 0,
};

/** A sample of a 440 Hz tone at half scale, or 0 in the silent parts. */
function sampleAt(frame: number, o: typeof defaults): number {
  const lead = o.leadingSilence * o.sampleRate;
  const sound = o.seconds * o.sampleRate;
  if (frame < lead || frame >= lead + sound) return 0;
  return 0.5 * Math.sin((2 * Math.PI * 440 * frame) / o.sampleRate);
}

function frameCount(o: typeof defaults): number {
  return Math.round((o.leadingSilence + o.seconds + o.trailingSilence) * o.sampleRate);
}

/** A RIFF/WAVE header for `dataBytes` of integer PCM. */
export function wavHeader(
  dataBytes: number,
  o: { sampleRate: number; bits: number; channels: number },
): Buffer {
  const header = Buffer.alloc(44);
  const blockAlign = (o.bits / 8) * o.channels;
  header.write("RIFF", 0, "latin1");
  header.writeUInt32LE(Math.min(36 + dataBytes, 0xffffffff), 4);
  header.write("WAVE", 8, "latin1");
  header.write("fmt ", 12, "latin1");
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(o.channels, 22);
  header.writeUInt32LE(o.sampleRate, 24);
  header.writeUInt32LE(o.sampleRate * blockAlign, 28);
  header.writeUInt16LE(blockAlign, 32);
  header.writeUInt16LE(o.bits, 34);
  header.write("data", 36, "latin1");
  header.writeUInt32LE(dataBytes, 40);
  return header;
}

/** Writes one sample of `bits` at `offset` (8-bit WAV is unsigned). */
function writeSample(out: Buffer, offset: number, value: number, bits: number): void {
  if (bits === 8) out.writeUInt8(Math.round(value * 127) + 128, offset);
  else if (bits === 16) out.writeInt16LE(Math.round(value * 32_767), offset);
  else if (bits === 24) out.writeIntLE(Math.round(value * 8_388_607), offset, 3);
  else out.writeInt32LE(Math.round(value * 2_147_483_647), offset);
}

/** PCM frames [from, to) of the tone, interleaved little-endian. */
export function wavPcm(options: ToneOptions, from: number, to: number): Buffer {
  const o = { ...defaults, ...options };
  const width = o.bits / 8;
  const out = Buffer.alloc((to - from) * width * o.channels);
  let offset = 0;
  for (let frame = from; frame < to; frame++) {
    const value = sampleAt(frame, o);
    for (let c = 0; c < o.channels; c++) {
      writeSample(out, offset, value, o.bits);
      offset += width;
    }
  }
  return out;
}

export function wavFile(options: ToneOptions = {}): Buffer {
  const o = { ...defaults, ...options };
  const frames = frameCount(o);
  const pcm = wavPcm(o, 0, frames);
  return Buffer.concat([wavHeader(pcm.length, o), pcm]);
}

// FLAC ------------------------------------------------------------------

export function crc8(bytes: Uint8Array): number {
  let crc = 0;
  for (const byte of bytes) {
    crc ^= byte;
    for (let i = 0; i < 8; i++) crc = crc & 0x80 ? ((crc << 1) ^ 0x07) & 0xff : (crc << 1) & 0xff;
  }
  return crc;
}

export function crc16(bytes: Uint8Array): number {
  let crc = 0;
  for (const byte of bytes) {
    crc ^= byte << 8;
    for (let i = 0; i < 8; i++) {
      crc = crc & 0x8000 ? ((crc << 1) ^ 0x8005) & 0xffff : (crc << 1) & 0xffff;
    }
  }
  return crc;
}

/** A frame number as FLAC codes it (UTF-8's scheme). */
export function utf8Number(n: number): number[] {
  if (n < 0x80) return [n];
  const bytes: number[] = [];
  let value = n;
  let limit = 0x3f;
  while (value > limit >> 1 || bytes.length === 0) {
    bytes.unshift(0x80 | (value & 0x3f));
    value >>= 6;
    limit >>= 1;
    if (value <= limit >> 1) break;
  }
  const lead = (0xff << (7 - bytes.length)) & 0xff;
  return [lead | value, ...bytes];
}

const FLAC_RATES: Record<number, number> = { 44_100: 0b1001, 48_000: 0b1010, 96_000: 0b1011 };

/**
 * A FLAC of VERBATIM subframes (16-bit, stereo, independent channels) of the
 * same tone as wavFile. `cutBytes` drops that many bytes from the end.
 */
export function flacFile(options: ToneOptions = {}, cutBytes = 0): Buffer {
  const o: Required<ToneOptions> = { ...defaults, ...options, bits: 16, channels: 2 };
  const total = frameCount(o);
  const blockSize = 4096;
  const info = Buffer.alloc(38);
  info.write("fLaC", 0, "latin1");
  info.writeUInt8(0x80, 4); // last metadata block, STREAMINFO
  info.writeUIntBE(34, 5, 3);
  info.writeUInt16BE(blockSize, 8);
  info.writeUInt16BE(blockSize, 10);
  // min/max frame size unknown (0): bytes 12–17 stay zero.
  const packed =
    (BigInt(o.sampleRate) << 44n) |
    (BigInt(o.channels - 1) << 41n) |
    (BigInt(o.bits - 1) << 36n) |
    BigInt(total);
  info.writeBigUInt64BE(packed, 18);
  // MD5 unknown: 16 zero bytes.
  const frames: Buffer[] = [info];
  for (let start = 0, n = 0; start < total; start += blockSize, n++) {
    const size = Math.min(blockSize, total - start);
    const header = [
      0xff,
      0xf8,
      (0b0111 << 4) | (FLAC_RATES[o.sampleRate] ?? 0),
      (0b0001 << 4) | (0b100 << 1),
      ...utf8Number(n),
      (size - 1) >> 8,
      (size - 1) & 0xff,
    ];
    header.push(crc8(Uint8Array.from(header)));
    const body = Buffer.alloc(2 * (1 + size * 2));
    let offset = 0;
    for (let c = 0; c < 2; c++) {
      body.writeUInt8(0x02, offset++); // VERBATIM subframe, no wasted bits
      for (let i = 0; i < size; i++) {
        body.writeInt16BE(Math.round(sampleAt(start + i, o) * 32_767), offset);
        offset += 2;
      }
    }
    const frame = Buffer.concat([Buffer.from(header), body.subarray(0, offset)]);
    const crc = Buffer.alloc(2);
    crc.writeUInt16BE(crc16(frame));
    frames.push(frame, crc);
  }
  const file = Buffer.concat(frames);
  return cutBytes > 0 ? file.subarray(0, file.length - cutBytes) : file;
}

// MP3 -------------------------------------------------------------------

/** MPEG-1 Layer III frames (128 kbit/s, 44.1 kHz, stereo) of silence: enough to be called MP3. */
export function mp3File(frames = 40): Buffer {
  const frameBytes = Math.floor((144 * 128_000) / 44_100);
  const frame = Buffer.alloc(frameBytes);
  frame.set([0xff, 0xfb, 0x90, 0x00]);
  return Buffer.concat(Array.from({ length: frames }, () => frame));
}

// Images ----------------------------------------------------------------

/** A JPG or PNG of `width` × `height`, RGB unless told otherwise. */
export async function artworkFile(
  width: number,
  height = width,
  kind: "jpg" | "png" | "png-alpha" | "cmyk" | "grey" | "gif" = "jpg",
): Promise<Buffer> {
  const channels = kind === "png-alpha" ? 4 : 3;
  const background =
    kind === "png-alpha" ? { r: 200, g: 60, b: 60, alpha: 0.5 } : { r: 200, g: 60, b: 60 };
  const image = sharp({ create: { width, height, channels, background } });
  if (kind === "png" || kind === "png-alpha") return image.png().toBuffer();
  if (kind === "cmyk") return image.toColourspace("cmyk").jpeg().toBuffer();
  if (kind === "grey") return image.toColourspace("b-w").png().toBuffer();
  if (kind === "gif") return image.gif().toBuffer();
  return image.jpeg({ quality: 80 }).toBuffer();
}
