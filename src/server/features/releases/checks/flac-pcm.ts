import type { FLACDecoder } from "@wasm-audio-decoders/flac";
import type { StreamInfo } from "./flac-streaminfo";
import { SilenceScan } from "./silence-scan";
import { UnreadableAudio } from "./wav-pcm";

/**
 * Two bounds on what a FLAC may cost, from its size in bytes, which the
 * artist had to send, not from its header, which costs nothing to write.
 * "Frames" are samples per channel; "FLAC frames" the coded blocks.
 *
 * At most 4 frames a byte of file, all of it counted. Music is 0.2–1
 * frames a byte (16-bit stereo; more bits, fewer frames); real encoders
 * code digital silence as CONSTANT subframes at ~300 frames a byte (blocks
 * ≤ 4,608), so a file passes while ≥ ~10 % of it is sound; a crafted file
 * (65,535-sample blocks, ~4,000 frames a byte) is refused from its
 * STREAMINFO or after a few blocks. Decoding costs ~0.1 µs a frame, so
 * this bounds a decode at ~0.5 s of CPU a MB.
 */
export const FLAC_MAX_FRAMES_PER_BYTE = 4;

/**
 * At least 64 bytes a FLAC frame on average over the file. Each FLAC frame
 * costs the decoder a call and its allocations (5–25 µs whatever its
 * size), so a file of 16-byte FLAC frames would cost far more per byte
 * than music (~10 KB a FLAC frame at 4,096 samples). A real file that
 * passes the bound above averages ≥ 150 bytes a FLAC frame even at
 * 1,152-sample blocks.
 */
export const FLAC_MIN_BYTES_PER_FRAME = 64;

/**
 * FLAC frame starts (a 0xFF 0xF8/0xF9 sync pair) fed to the decoder at
 * once. Each decoded FLAC frame needs its own sync pair (so counting them
 * bounds the FLAC frames too), and holds at most 65,535 frames, so one
 * decode call returns at most ~6 × 65,535 frames (~3 MB of stereo floats,
 * the parser holding one or two back) whatever the bytes: memory per call
 * is bounded, and the event loop is yielded between calls.
 */
const SYNC_PAIRS_PER_CALL = 4;
/** Yield to the event loop once a run of decode calls has held it this long. */
const HOLD_MS = 8;

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Decodes FLAC as its bytes arrive (the WASM decoder of
 * @wasm-audio-decoders/flac) into a silence scan, in slices that bound each
 * call's output, and stops with UnreadableAudio as soon as the decode
 * passes what STREAMINFO declared or what the file's size can hold, or
 * disagrees with STREAMINFO's rate, depth or channels.
 */
export class FlacPcmReader {
  private readonly scan: SilenceScan;
  private failed = false;
  /** The first bytes, until there are four (the decoder picks FLAC or Ogg from them). */
  private opening: Buffer | null = Buffer.alloc(0);
  private lastByte = -1;
  private heldSince = performance.now();
  private readonly maxFrames: number;
  private readonly maxSyncPairs: number;
  /** Sync pairs fed so far: at least as many as the frames decoded. */
  private syncPairs = 0;

  /** The decoder's package (and its WASM) loads with the first FLAC checked, not at start. */
  static async open(info: StreamInfo, fileBytes: number): Promise<FlacPcmReader> {
    const { FLACDecoder } = await import("@wasm-audio-decoders/flac");
    return new FlacPcmReader(new FLACDecoder(), info, fileBytes);
  }

  private constructor(
    private readonly decoder: FLACDecoder,
    private readonly info: StreamInfo,
    /** The file's size in bytes: the bound on what it may decode to. */
    fileBytes: number,
  ) {
    this.scan = new SilenceScan(info.sampleRate, info.channels);
    this.maxFrames = fileBytes * FLAC_MAX_FRAMES_PER_BYTE;
    this.maxSyncPairs = Math.ceil(fileBytes / FLAC_MIN_BYTES_PER_FRAME);
  }

  async push(chunk: Buffer): Promise<void> {
    let bytes = chunk;
    if (this.opening !== null) {
      this.opening = Buffer.concat([this.opening, chunk]);
      if (this.opening.length < 4) return;
      bytes = this.opening;
      this.opening = null;
    }
    await this.decoder.ready;
    while (bytes.length > 0) {
      const { end, pairs } = this.sliceEnd(bytes);
      this.syncPairs += pairs;
      if (this.syncPairs > this.maxSyncPairs) {
        throw new UnreadableAudio("FLAC has more frames than its size can hold");
      }
      const slice = bytes.subarray(0, end);
      this.lastByte = slice[slice.length - 1]!;
      bytes = bytes.subarray(end);
      this.take(await this.decoder.decode(new Uint8Array(slice.buffer, slice.byteOffset, end)));
      if (performance.now() - this.heldSince >= HOLD_MS) {
        await nextTurn();
        this.heldSince = performance.now();
      }
    }
  }

  async end(): Promise<SilenceScan> {
    try {
      await this.decoder.ready;
      if (this.opening === null) this.take(await this.decoder.flush());
    } finally {
      this.decoder.free();
    }
    const { scan, info } = this;
    if (this.failed || scan.frames === 0) throw new UnreadableAudio("FLAC not decodable");
    if (info.totalFrames > 0 && scan.frames < info.totalFrames) {
      throw new UnreadableAudio("FLAC cut short");
    }
    return scan;
  }

  /** Release the decoder when the read stops early. */
  free(): void {
    this.decoder.free();
  }

  /**
   * Where the next decode call's bytes end (before the sync pair one past
   * the budget) and how many sync pairs they hold.
   */
  private sliceEnd(bytes: Buffer): { end: number; pairs: number } {
    let pairs = this.lastByte === 0xff && (bytes[0]! & 0xfe) === 0xf8 ? 1 : 0;
    for (let i = bytes.indexOf(0xff); i >= 0 && i + 1 < bytes.length;) {
      if ((bytes[i + 1]! & 0xfe) === 0xf8) {
        if (pairs === SYNC_PAIRS_PER_CALL && i > 0) return { end: i, pairs };
        pairs++;
      }
      i = bytes.indexOf(0xff, i + 1);
    }
    return { end: bytes.length, pairs };
  }

  private take(decoded: Awaited<ReturnType<FLACDecoder["decode"]>>) {
    if (decoded.errors.length > 0) this.failed = true;
    if (decoded.samplesDecoded === 0) return;
    const { info } = this;
    if (
      decoded.channelData.length !== info.channels ||
      decoded.sampleRate !== info.sampleRate ||
      decoded.bitDepth !== info.bitsPerSample
    ) {
      throw new UnreadableAudio("FLAC frames disagree with STREAMINFO");
    }
    this.scan.planar(decoded.channelData, decoded.samplesDecoded);
    if (info.totalFrames > 0 && this.scan.frames > info.totalFrames) {
      throw new UnreadableAudio("FLAC longer than STREAMINFO declares");
    }
    if (this.scan.frames > this.maxFrames) {
      throw new UnreadableAudio("FLAC decodes to more than its size can hold");
    }
  }
}
