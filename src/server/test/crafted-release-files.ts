import { randomBytes } from "node:crypto";
import zlib from "node:zlib";
import { crc16, crc8, utf8Number, wavHeader, wavPcm } from "./release-fixtures";

/**
 * Files crafted as an attacker would (issue 45), made in the test: a FLAC
 * whose few bytes decode to hours, WAVs that can be read two ways, PNGs
 * whose header promises what their pixels do not hold.
 */

export interface ConstantFlacOptions {
  /** How many frames, each one CONSTANT subframe per channel. */
  frames: number;
  /** Samples per channel in each frame (16–65,535). */
  blockSize: number;
  /** The length STREAMINFO declares, in samples per channel (default: the truth; 0: unknown). */
  declaredSamples?: number;
  /** STREAMINFO's largest block (default: blockSize). */
  declaredMaxBlock?: number;
  /** Bytes of a PADDING metadata block after STREAMINFO (default none): size without frames. */
  paddingBytes?: number;
}

/**
 * A crafted FLAC (issue 45): 44.1 kHz 16-bit stereo frames whose two
 * subframes are CONSTANT (one 16-bit value each), ~16 bytes that decode to
 * `blockSize` frames. 4,000 frames of 65,535 are ~66 KB declaring ~99
 * minutes. Frame headers and both CRCs are right, so a decoder takes it.
 */
export function constantFlacFile(options: ConstantFlacOptions): Buffer {
  const { frames, blockSize } = options;
  const total = options.declaredSamples ?? frames * blockSize;
  const maxBlock = options.declaredMaxBlock ?? blockSize;
  const info = Buffer.alloc(42);
  info.write("fLaC", 0, "latin1");
  const padding = options.paddingBytes ?? 0;
  info.writeUInt8(padding > 0 ? 0x00 : 0x80, 4); // STREAMINFO, last unless PADDING follows
  info.writeUIntBE(34, 5, 3);
  info.writeUInt16BE(Math.min(blockSize, maxBlock), 8);
  info.writeUInt16BE(maxBlock, 10);
  const packed = (44_100n << 44n) | (1n << 41n) | (15n << 36n) | BigInt(total);
  info.writeBigUInt64BE(packed, 18);
  const parts: Buffer[] = [info];
  if (padding > 0) {
    const block = Buffer.alloc(4 + padding);
    block.writeUInt8(0x81, 0); // last metadata block, PADDING
    block.writeUIntBE(padding, 1, 3);
    parts.push(block);
  }
  for (let n = 0; n < frames; n++) {
    const header = [
      0xff,
      0xf8,
      (0b0111 << 4) | 0b1001, // 16-bit block size at the header's end, 44.1 kHz
      (0b0001 << 4) | (0b100 << 1), // left/right, 16-bit
      ...utf8Number(n),
      (blockSize - 1) >> 8,
      (blockSize - 1) & 0xff,
    ];
    header.push(crc8(Uint8Array.from(header)));
    // Two CONSTANT subframes (type 000000, no wasted bits), a quiet value each.
    const frame = Buffer.from([...header, 0x00, 0x00, 0x10, 0x00, 0x00, 0x10]);
    const crc = Buffer.alloc(2);
    crc.writeUInt16BE(crc16(frame));
    parts.push(frame, crc);
  }
  return Buffer.concat(parts);
}

/** A WAV with a 1 Hz mono `fmt ` then a 44.1 kHz stereo one before 1 s of sound (readers disagree). */
export function twoFmtWav(): Buffer {
  const tone = { sampleRate: 44_100, bits: 16 as const, channels: 2, seconds: 1 };
  const pcm = wavPcm(tone, 0, tone.sampleRate);
  const proper = wavHeader(pcm.length, tone);
  const fake = wavHeader(pcm.length, { sampleRate: 1, bits: 16, channels: 1 });
  // RIFF, WAVE, the fake fmt chunk, then the proper fmt chunk and data.
  const riff = Buffer.concat([proper.subarray(0, 12), fake.subarray(12, 36), proper.subarray(12)]);
  riff.writeUInt32LE(riff.length - 8 + pcm.length, 4);
  return Buffer.concat([riff, pcm]);
}

/** A proper 35 s WAV whose `data` chunk comes before its `fmt ` chunk. */
export function dataBeforeFmtWav(): Buffer {
  const tone = { sampleRate: 44_100, bits: 16 as const, channels: 2, seconds: 35 };
  const pcm = wavPcm(tone, 0, tone.sampleRate * tone.seconds);
  const header = wavHeader(pcm.length, tone);
  return Buffer.concat([
    header.subarray(0, 12),
    header.subarray(36, 44),
    pcm,
    header.subarray(12, 36),
  ]);
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, "latin1"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(body));
  return Buffer.concat([length, body, crc]);
}

/**
 * A PNG with a correct 8-bit RGB header of `width` × `height` (its IHDR
 * CRC right) over `pixelBytes` random bytes as its image data: the header
 * reads, the pixels do not.
 */
export function pngOverJunk(width: number, height: number, pixelBytes = 2000): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 2, 0, 0, 0], 8); // 8-bit, RGB, deflate, adaptive filter, no interlace
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk("IHDR", ihdr),
    pngChunk("IDAT", randomBytes(pixelBytes)),
    pngChunk("IEND", Buffer.alloc(0)),
  ]);
}

const MB = 1024 * 1024;

/** A MB of 0xFF bytes: an MPEG frame sync over and over, and nothing a reader can finish. */
export function allOnesFile(bytes = MB): Buffer {
  return Buffer.alloc(bytes, 0xff);
}

/**
 * A Matroska file whose EBML header and segment (of unknown size) read, then
 * a MB of one-byte Void elements: a reader walking the elements takes
 * half a million steps to find nothing.
 */
export function matroskaOfVoids(bytes = MB): Buffer {
  const docType = Buffer.from("matroska", "latin1");
  const ebml = Buffer.from([
    ...[0x1a, 0x45, 0xdf, 0xa3, 0x80 | (docType.length + 3)],
    ...[0x42, 0x82, 0x80 | docType.length],
    ...docType,
  ]);
  const segment = Buffer.from([
    0x18, 0x53, 0x80, 0x67, 0x01, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
  ]);
  const voids = Buffer.alloc(bytes);
  for (let i = 0; i + 1 < bytes; i += 2) voids.set([0xec, 0x80], i);
  return Buffer.concat([ebml, segment, voids]);
}
