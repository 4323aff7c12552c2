import { SILENCE_RATIO, SilenceScan } from "./silence-scan";

export class UnreadableAudio extends Error {}

/** A WAV's `fmt ` chunk: what the rules check and the page shows. */
export interface WavFormat {
  /** WAVE_FORMAT tag (of the subformat for an extensible file): 1 is integer PCM. */
  codec: number;
  channels: number;
  sampleRate: number;
  bitsPerSample: number;
}

/** Formats whose data chunk is integer PCM (plain, or WAVE_FORMAT_EXTENSIBLE with a PCM subformat). */
export const WAV_PCM = 1;
const EXTENSIBLE = 0xfffe;
/** The largest `fmt ` chunk the format has (40 bytes extensible); a bigger one is not a WAV we read. */
const MAX_FMT_BYTES = 1024;

/** What one reading of a WAV found: its format and, for 16/24-bit PCM, the scan of its samples. */
export interface WavReading {
  format: WavFormat;
  scan: SilenceScan | null;
}

/**
 * Reads a WAV file straight from its stream, and it is the only reader of
 * it (issue 45): the RIFF chunks, the one `fmt ` chunk, then the samples,
 * block by block, into a silence scan; the chunks after the data are read
 * too. A file that could be read two ways (a second `fmt ` or `data`
 * chunk, or `data` before `fmt `) is UnreadableAudio, so what the rules
 * judge and the page shows is what the samples were read with. Only a few
 * header bytes and less than one frame are ever held.
 */
export class WavPcmReader {
  private state: "riff" | "chunk" | "fmt" | "skip" | "data" = "riff";
  private pending = Buffer.alloc(0);
  private need = 12;
  private remaining = 0;
  private format: WavFormat | null = null;
  private dataSeen = false;
  private dataDone = false;
  private dataPad = 0;
  private scan: SilenceScan | null = null;
  private carry = Buffer.alloc(0);

  /** Feeds the next bytes of the file. */
  push(chunk: Buffer): void {
    let data = chunk;
    while (data.length > 0) {
      if (this.state === "skip") {
        const n = Math.min(this.remaining, data.length);
        this.remaining -= n;
        data = data.subarray(n);
        if (this.remaining === 0) this.expect("chunk", 8);
      } else if (this.state === "data") {
        const n = Math.min(this.remaining, data.length);
        if (this.scan) this.samples(data.subarray(0, n));
        this.remaining -= n;
        data = data.subarray(n);
        if (this.remaining === 0) this.endData();
      } else {
        const n = Math.min(this.need - this.pending.length, data.length);
        this.pending = Buffer.concat([this.pending, data.subarray(0, n)]);
        data = data.subarray(n);
        if (this.pending.length === this.need) this.header(this.pending);
      }
    }
  }

  /** The end of the file: its reading, or UnreadableAudio when the data is missing or cut short. */
  end(): WavReading {
    if (!this.format || !this.dataDone) throw new UnreadableAudio("WAV data incomplete");
    return { format: this.format, scan: this.scan };
  }

  private expect(state: "chunk" | "fmt", bytes: number) {
    this.state = state;
    this.need = bytes;
    this.pending = Buffer.alloc(0);
  }

  private skip(bytes: number) {
    this.state = "skip";
    this.remaining = bytes;
    if (bytes === 0) this.expect("chunk", 8);
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
      if (id === "fmt ") this.startFmt(size);
      else if (id === "data") this.startData(size);
      else this.skip(size + (size % 2));
    } else if (this.state === "fmt") {
      this.format = parseFmt(bytes);
      this.expect("chunk", 8);
    }
  }

  private startFmt(size: number) {
    if (this.format || this.dataSeen) throw new UnreadableAudio("a second fmt, or fmt after data");
    if (size < 16 || size > MAX_FMT_BYTES) throw new UnreadableAudio("fmt chunk size");
    this.expect("fmt", size + (size % 2));
  }

  private startData(size: number) {
    const format = this.format;
    if (!format) throw new UnreadableAudio("data before fmt");
    if (this.dataSeen) throw new UnreadableAudio("a second data chunk");
    this.dataSeen = true;
    if (isScannable(format)) this.scan = new SilenceScan(format.sampleRate, format.channels);
    this.state = "data";
    this.remaining = size;
    this.dataPad = size % 2;
    if (size === 0) this.endData();
  }

  /** The data is whole; the chunks after it are read for a second fmt or data. */
  private endData() {
    this.dataDone = true;
    this.skip(this.dataPad);
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

/** 16 or 24-bit integer PCM with channels and a rate: samples this reader can scan. */
function isScannable(format: WavFormat): boolean {
  return (
    format.codec === WAV_PCM &&
    format.channels > 0 &&
    format.sampleRate > 0 &&
    (format.bitsPerSample === 16 || format.bitsPerSample === 24)
  );
}

function parseFmt(bytes: Buffer): WavFormat {
  const tag = bytes.readUInt16LE(0);
  // The subformat GUID's first two bytes name the codec of an extensible file.
  const codec = tag === EXTENSIBLE && bytes.length >= 26 ? bytes.readUInt16LE(24) : tag;
  return {
    codec,
    channels: bytes.readUInt16LE(2),
    sampleRate: bytes.readUInt32LE(4),
    bitsPerSample: bytes.readUInt16LE(14),
  };
}
