import PQueue from "p-queue";
import { HttpError } from "../http/errors";

/**
 * Each password hash is a 128 MiB scrypt run in libuv's thread pool (4
 * threads). Unbounded, 16 concurrent sign-ins took ~2 GB of address space,
 * ~750 MB RSS, every pool thread, and starved the rest of the server. At
 * most CONCURRENCY hashes run (leaving pool threads for files), at most
 * MAX_WAITING wait their turn, and anything beyond is refused at once with
 * 503 and Retry-After: a clear answer instead of a slow collapse.
 */
const envCount = (name: string, fallback: number, min: number): number => {
  const raw = process.env[name];
  if (raw === undefined || raw === "") return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min) {
    throw new Error(`${name} must be a whole number of at least ${min}, got "${raw}"`);
  }
  return value;
};

/** Hashes at once; raise on a machine with more cores and memory (and UV_THREADPOOL_SIZE). */
export const HASH_CONCURRENCY = envCount("PASSWORD_HASH_CONCURRENCY", 2, 1);
/** Hashes waiting their turn before the next is refused. */
export const HASH_MAX_WAITING = envCount("PASSWORD_HASH_QUEUE", 8, 0);
export const HASH_RETRY_AFTER_SECONDS = 5;
export const HASHING_BUSY_MESSAGE =
  "Too many sign-ins are being processed right now. Please try again in a few seconds.";

export interface HashingGate {
  run<T>(hash: () => Promise<T>): Promise<T>;
  readonly running: number;
  readonly waiting: number;
}

export function createHashingGate(concurrency: number, maxWaiting: number): HashingGate {
  const queue = new PQueue({ concurrency });
  return {
    run<T>(hash: () => Promise<T>): Promise<T> {
      if (queue.pending >= concurrency && queue.size >= maxWaiting) {
        return Promise.reject(
          new HttpError(503, HASHING_BUSY_MESSAGE, undefined, "BUSY", HASH_RETRY_AFTER_SECONDS),
        );
      }
      return queue.add(hash, { throwOnTimeout: true });
    },
    get running() {
      return queue.pending;
    },
    get waiting() {
      return queue.size;
    },
  };
}

/** One gate per process: the thread pool and the memory are the process's. */
export const hashingGate = createHashingGate(HASH_CONCURRENCY, HASH_MAX_WAITING);
