import { SILENCE_MAX_SECONDS, SILENCE_THRESHOLD_DBFS } from "../../../../shared/release-constants";
import { releaseMessages as m } from "../../../../shared/release-messages";

/** -60 dBFS as a fraction of full scale. */
export const SILENCE_RATIO = 10 ** (SILENCE_THRESHOLD_DBFS / 20);

/**
 * Finds where the sound starts and ends, one block of samples at a time. A
 * block is scanned forward only until the first loud sample is known, and
 * backward from its end only to its last loud sample: for music, a few
 * samples per block, so a block costs microseconds and the scan never
 * holds the event loop.
 */
export class SilenceScan {
  /** Frames seen so far. */
  frames = 0;
  private firstLoud = -1;
  private lastLoud = -1;

  constructor(
    private readonly sampleRate: number,
    private readonly channels: number,
  ) {}

  /**
   * One block of `count` interleaved samples (count a multiple of the
   * channels); `loud(i)` says whether sample i of the block reaches the
   * threshold.
   */
  block(count: number, loud: (index: number) => boolean): void {
    const base = this.frames;
    if (this.firstLoud < 0) {
      for (let i = 0; i < count; i++) {
        if (loud(i)) {
          this.firstLoud = base + Math.floor(i / this.channels);
          break;
        }
      }
    }
    for (let i = count - 1; i >= 0; i--) {
      if (loud(i)) {
        this.lastLoud = base + Math.floor(i / this.channels);
        break;
      }
    }
    this.frames += count / this.channels;
  }

  /**
   * One block of planar float samples (one array per channel, `count`
   * frames each, full scale ±1), as the FLAC decoder hands them over.
   * Tight loops over the typed arrays: a block of silence costs about a
   * nanosecond a sample, not a call per sample.
   */
  planar(channels: readonly Float32Array[], count: number): void {
    let first = -1;
    let last = -1;
    for (const samples of channels) {
      const from = firstLoudIndex(samples, count);
      if (from < 0) continue;
      if (first < 0 || from < first) first = from;
      const to = lastLoudIndex(samples, count);
      if (to > last) last = to;
    }
    if (first >= 0) {
      if (this.firstLoud < 0) this.firstLoud = this.frames + first;
      this.lastLoud = this.frames + last;
    }
    this.frames += count;
  }

  get durationMs(): number {
    return Math.round((this.frames / this.sampleRate) * 1000);
  }

  /** Whole seconds of silence at the start and the end (all of it when nothing is loud). */
  silence(): { start: number; end: number } {
    if (this.firstLoud < 0) {
      const all = Math.floor(this.frames / this.sampleRate);
      return { start: all, end: all };
    }
    return {
      start: Math.floor(this.firstLoud / this.sampleRate),
      end: Math.floor((this.frames - 1 - this.lastLoud) / this.sampleRate),
    };
  }

  /** The warnings stores would give: more than 10 s at the start or the end. */
  warnings(): string[] {
    const { start, end } = this.silence();
    const warnings: string[] = [];
    if (start > SILENCE_MAX_SECONDS) warnings.push(m.silence(start, "start"));
    if (end > SILENCE_MAX_SECONDS) warnings.push(m.silence(end, "end"));
    return warnings;
  }
}

function firstLoudIndex(samples: Float32Array, count: number): number {
  for (let i = 0; i < count; i++) {
    if (samples[i]! >= SILENCE_RATIO || samples[i]! <= -SILENCE_RATIO) return i;
  }
  return -1;
}

function lastLoudIndex(samples: Float32Array, count: number): number {
  for (let i = count - 1; i >= 0; i--) {
    if (samples[i]! >= SILENCE_RATIO || samples[i]! <= -SILENCE_RATIO) return i;
  }
  return -1;
}
