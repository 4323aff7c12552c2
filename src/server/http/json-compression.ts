import type { FastifyInstance } from "fastify";
import compress from "@fastify/compress";

/**
 * JSON answers are compressed only where it pays (scripts/bench/bench-json-compression.ts,
 * docs/benchmarks.md): the artist's hot answers (song page, detail) are about
 * 2 KB, where gzip costs about as much CPU as the whole request and saves a
 * few milliseconds on a slow phone; a desk page with lyrics is ~20 KB, where
 * brotli saves ~90 ms on a 1.6 Mbit/s link for a fraction of a millisecond.
 * So nothing is compressed by default; a route opts in with
 * `{ compress: LARGE_JSON }` and then only answers above the threshold are.
 */
export const LARGE_JSON = { threshold: 4096 } as const;

export async function registerJsonCompression(app: FastifyInstance): Promise<void> {
  await app.register(compress, {
    global: false,
    // Compressed request bodies are not accepted (no zip bombs through the API).
    globalDecompression: false,
    encodings: ["br", "gzip"],
  });
}
