import { FLACDecoder } from "@wasm-audio-decoders/flac";
import { SILENCE_RATIO, SilenceScan } from "./silence-scan";
import { UnreadableAudio } from "./wav-pcm";

/**
 * Decodes FLAC as its bytes arrive (the WASM decoder of
 * @wasm-audio-decoders/flac, fed one stream chunk at a time) into a silence
 * scan. The decoder keeps only the frames it has not finished.
 */
export class FlacPcmReader {
  private readonly decoder = new FLACDecoder();
  private scan: SilenceScan | null = null;
  private failed = false;
  /** The first bytes, until there are four. */
  private opening: Buffer | null = Buffer.alloc(0);

  constructor(
    private readonly sampleRate: number,
    private readonly channels: number,
    /** STREAMINFO's total samples per channel (0: unknown). */
    private readonly expectedFrames: number,
  ) {}

  async push(chunk: Buffer): Promise<void> {
    // The decoder picks FLAC or Ogg from its first four bytes: never feed it fewer.
    let bytes = chunk;
    if (this.opening !== null) {
      this.opening = Buffer.concat([this.opening, chunk]);
      if (this.opening.length < 4) return;
      bytes = this.opening;
      this.opening = null;
    }
    await this.decoder.ready;
    this.take(
      await this.decoder.decode(new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.length)),
    );
  }

  async end(): Promise<SilenceScan> {
    try {
      await this.decoder.ready;
      if (this.opening === null) this.take(await this.decoder.flush());
    } finally {
      this.decoder.free();
    }
    const scan = this.scan;
    if (this.failed || !scan || scan.frames === 0) throw new UnreadableAudio("FLAC not decodable");
    if (this.expectedFrames > 0 && scan.frames < this.expectedFrames) {
      throw new UnreadableAudio("FLAC cut short");
    }
    return scan;
  }

  /** Release the decoder when the read stops early. */
  free(): void {
    this.decoder.free();
  }

  private take(decoded: Awaited<ReturnType<FLACDecoder["decode"]>>) {
    if (decoded.errors.length > 0) this.failed = true;
    if (decoded.samplesDecoded === 0) return;
    const channels = decoded.channelData;
    if (channels.length !== this.channels) {
      this.failed = true;
      return;
    }
    this.scan ??= new SilenceScan(this.sampleRate, this.channels);
    const n = this.channels;
    // Interleaved index i → channel i % n, frame ⌊i / n⌋.
    this.scan.block(decoded.samplesDecoded * n, (i) => {
      const value = channels[i % n]![Math.floor(i / n)]!;
      return Math.abs(value) >= SILENCE_RATIO;
    });
  }
}
