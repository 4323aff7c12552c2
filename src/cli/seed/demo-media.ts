import sharp from "sharp";

/**
 * Media for the demo's releases, made here so that they pass the same
 * checks as an artist's upload: 3000 × 3000 JPG artwork (a gradient, no
 * fonts needed) and 31 s of a stereo 44.1 kHz 16-bit WAV tone.
 */

/** A square gradient with two circles, in the release's own colours. */
export async function demoArtwork(hue: number): Promise<Buffer> {
  const size = 3000;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}">
    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="hsl(${hue},70%,35%)"/>
      <stop offset="1" stop-color="hsl(${(hue + 60) % 360},80%,60%)"/>
    </linearGradient></defs>
    <rect width="${size}" height="${size}" fill="url(#g)"/>
    <circle cx="1500" cy="1500" r="900" fill="hsl(${(hue + 180) % 360},60%,50%)" fill-opacity="0.35"/>
    <circle cx="1500" cy="1500" r="420" fill="white" fill-opacity="0.25"/>
  </svg>`;
  return sharp(Buffer.from(svg)).flatten().jpeg({ quality: 80 }).toBuffer();
}

const SAMPLE_RATE = 44_100;
const CHANNELS = 2;
const SECONDS = 31;

/** A WAV of a soft tone at `hz` (a chord's two notes, one per channel). */
export function demoAudio(hz: number): Buffer {
  const frames = SAMPLE_RATE * SECONDS;
  const dataBytes = frames * CHANNELS * 2;
  const out = Buffer.alloc(44 + dataBytes);
  out.write("RIFF", 0, "latin1");
  out.writeUInt32LE(36 + dataBytes, 4);
  out.write("WAVE", 8, "latin1");
  out.write("fmt ", 12, "latin1");
  out.writeUInt32LE(16, 16);
  out.writeUInt16LE(1, 20);
  out.writeUInt16LE(CHANNELS, 22);
  out.writeUInt32LE(SAMPLE_RATE, 24);
  out.writeUInt32LE(SAMPLE_RATE * CHANNELS * 2, 28);
  out.writeUInt16LE(CHANNELS * 2, 32);
  out.writeUInt16LE(16, 34);
  out.write("data", 36, "latin1");
  out.writeUInt32LE(dataBytes, 40);
  const fifth = hz * 1.5;
  for (let frame = 0, offset = 44; frame < frames; frame++) {
    const t = frame / SAMPLE_RATE;
    out.writeInt16LE(Math.round(0.3 * 32_767 * Math.sin(2 * Math.PI * hz * t)), offset);
    out.writeInt16LE(Math.round(0.3 * 32_767 * Math.sin(2 * Math.PI * fifth * t)), offset + 2);
    offset += 4;
  }
  return out;
}
