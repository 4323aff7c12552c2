import { SILENCE_RATIO, SilenceScan } from "./silence-scan";

export class UnreadableAudio extends Error {}

interface WavFormat {
  channels: number;
  sampleRate: number;
  bitsPerSample: number;
}

/** Formats whose data chunk is integer PCM (plain, or WAVE_FORMAT_EXTENSIBLE with a PCM subformat). */
const PCM = 1;
const EXTENSIBLE = 0xfffe;
/** Header chunks we keep to parse (fmt); anything bigger is skipped, never buffered. */
const MAX_FMT_BYTES = 1024;

/**
 * Reads a WAV file's PCM straight from its stream: the RIFF chunks up to
 * `data`, then the samples, block by block, into a silence scan. Only a
 * few header bytes and less than one frame are ever held.
 */
export class WavPcmReader {
  private state: "riff" | "chunk" | "fmt" | "skip" | "data" | "done" = "riff";
  private pending = Buffer.alloc(0);
  private need = 12;
  private remaining = 0;
  private format: WavFormat | null = null;
  private scan: SilenceScan | null = null;
  private carry = Buffer.alloc(0);

  /** Feeds the next bytes of the file. */
  push(chunk: Buffer): void {
    let data = chunk;
    while (data.length > 0 && this.state !== "done") {
      if (this.state === "skip") {
        const n = Math.min(this.remaining, data.length);
        this.remaining -= n;
        data = data.subarray(n);
        if (this.remaining === 0) this.expect("chunk", 8);
      } else if (this.state === "data") {
        const n = Math.min(this.remaining, data.length);
        this.samples(data.subarray(0, n));
        this.remaining -= n;
        data = data.subarray(n);
        if (this.remaining === 0) this.state = "done";
      } else {
        const n = Math.min(this.need - this.pending.length, data.length);
        this.pending = Buffer.concat([this.pending, data.subarray(0, n)]);
        data = data.subarray(n);
        if (this.pending.length === this.need) this.header(this.pending);
      }
    }
  }

  /** The end of the file: the scan, or UnreadableAudio when the data is missing or cut short. */
  end(): SilenceScan {
    if (this.state !== "done" || !this.scan) throw new UnreadableAudio("WAV data incomplete");
    return this.scan;
  }

  private expect(state: "chunk" | "fmt", bytes: number) {
    this.state = state;
    this.need = bytes;
    this.pending = Buffer.alloc(0);
  }

  private header(bytes: Buffer) {
    if (this.state === "riff") {
      if (bytes.toString("latin1", 0, 4) !== "RIFF" || bytes.toString("latin1", 8, 12) !== "WAVE") {
        throw new UnreadableAudio("not RIFF/WAVE");
      }
      this.expect("chunk", 8);
    } else if (this.state === "chunk") {
      const id = bytes.toString("latin1", 0, 4);
      const size = bytes.readUInt32LE(4);
      if (id === "fmt " && size <= MAX_FMT_BYTES) this.expect("fmt", size + (size % 2));
      else if (id === "data") this.startData(size);
      else {
        this.state = "skip";
        this.remaining = size + (size % 2);
        if (this.remaining === 0) this.expect("chunk", 8);
      }
    } else if (this.state === "fmt") {
      this.format = parseFmt(bytes);
      this.expect("chunk", 8);
    }
  }

  private startData(size: number) {
    const format = this.format;
    if (!format) throw new UnreadableAudio("data before fmt");
    this.scan = new SilenceScan(format.sampleRate, format.channels);
    this.state = "data";
    this.remaining = size;
    if (size === 0) this.state = "done";
  }

  /**
   * Whole frames go to the scan; a partial frame waits for the next bytes.
   * Only that partial frame is ever copied (no per-chunk concatenation: a
   * 330 MB file would churn 330 MB of garbage).
   */
  private samples(bytes: Buffer) {
    const { channels, bitsPerSample } = this.format!;
    const frameBytes = (bitsPerSample / 8) * channels;
    let data = bytes;
    if (this.carry.length > 0) {
      const missing = frameBytes - this.carry.length;
      if (data.length < missing) {
        this.carry = Buffer.concat([this.carry, data]);
        return;
      }
      this.scanFrames(Buffer.concat([this.carry, data.subarray(0, missing)]));
      data = data.subarray(missing);
    }
    const usable = data.length - (data.length % frameBytes);
    this.carry = Buffer.from(data.subarray(usable));
    if (usable > 0) this.scanFrames(data.subarray(0, usable));
  }

  private scanFrames(data: Buffer) {
    const width = this.format!.bitsPerSample / 8;
    const count = data.length / width;
    if (width === 2) {
      const limit = SILENCE_RATIO * 32_768;
      this.scan!.block(count, (i) => Math.abs(data.readInt16LE(i * 2)) >= limit);
    } else {
      const limit = SILENCE_RATIO * 8_388_608;
      this.scan!.block(count, (i) => Math.abs(data.readIntLE(i * 3, 3)) >= limit);
    }
  }
}

function parseFmt(bytes: Buffer): WavFormat {
  if (bytes.length < 16) throw new UnreadableAudio("short fmt chunk");
  const tag = bytes.readUInt16LE(0);
  const format = {
    channels: bytes.readUInt16LE(2),
    sampleRate: bytes.readUInt32LE(4),
    bitsPerSample: bytes.readUInt16LE(14),
  };
  // The subformat GUID's first two bytes name the codec of an extensible file.
  const codec = tag === EXTENSIBLE && bytes.length >= 26 ? bytes.readUInt16LE(24) : tag;
  const supported =
    codec === PCM &&
    format.channels > 0 &&
    format.sampleRate > 0 &&
    (format.bitsPerSample === 16 || format.bitsPerSample === 24);
  if (!supported) throw new UnreadableAudio("not 16/24-bit integer PCM");
  return format;
}
