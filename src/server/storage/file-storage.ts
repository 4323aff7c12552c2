import type { Readable } from "node:stream";
import type { DataStore } from "@tus/utils";

/**
 * Where uploaded bytes live. The tus datastore receives uploads; the other
 * methods serve and manage finished files by key (the upload id).
 */
export interface FileStorage {
  readonly engine: "local" | "s3";
  readonly datastore: DataStore;
  /** The whole file as a stream. */
  open(key: string): Promise<Readable>;
  /** Bytes `start` to `end` (inclusive) as a stream: an HTTP Range answer. */
  openRange(key: string, start: number, end: number): Promise<Readable>;
  /** The first bytes of a file, enough to recognise its type. */
  head(key: string, bytes: number): Promise<Buffer>;
  /** Stores bytes directly (seed data, server-made files). */
  put(key: string, data: Buffer): Promise<void>;
  /** Removes a file and any upload bookkeeping; missing files are fine. */
  remove(key: string): Promise<void>;
  /** Throws when the storage cannot be reached (health check). */
  check(): Promise<void>;
}
