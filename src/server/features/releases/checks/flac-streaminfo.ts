/** What a FLAC's STREAMINFO block says about the whole stream. */
export interface StreamInfo {
  maxBlockSize: number;
  sampleRate: number;
  channels: number;
  bitsPerSample: number;
  /** Samples per channel (0: the encoder did not know). */
  totalFrames: number;
}

/** "fLaC", a metadata block header, then STREAMINFO's 34 bytes. */
export const STREAMINFO_END = 4 + 4 + 34;

/**
 * Reads STREAMINFO, which the format requires to be the first metadata
 * block, from the file's first 42 bytes; null when it is not there as the
 * format says.
 */
export function readStreamInfo(head: Buffer): StreamInfo | null {
  if (head.length < STREAMINFO_END || head.toString("latin1", 0, 4) !== "fLaC") return null;
  const type = head.readUInt8(4) & 0x7f;
  if (type !== 0 || head.readUIntBE(5, 3) !== 34) return null;
  const minBlockSize = head.readUInt16BE(8);
  const maxBlockSize = head.readUInt16BE(10);
  const packed = head.readBigUInt64BE(18);
  const info = {
    maxBlockSize,
    sampleRate: Number(packed >> 44n),
    channels: Number((packed >> 41n) & 0x7n) + 1,
    bitsPerSample: Number((packed >> 36n) & 0x1fn) + 1,
    totalFrames: Number(packed & 0xf_ffff_ffffn),
  };
  // The format's own limits: blocks of 16 samples or more, a real rate.
  if (minBlockSize < 16 || maxBlockSize < minBlockSize || info.sampleRate === 0) return null;
  return info;
}
