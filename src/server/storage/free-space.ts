import fs from "node:fs";

/** Below this much free space the disk counts as full: writes are about to fail. */
export const MIN_FREE_BYTES = 8 * 1024 * 1024;

/** The disk has (nearly) no space left: a full disk, not a broken one. */
export class DiskFullError extends Error {}

/**
 * Throws DiskFullError when the file system holding `target` is (nearly) full or not
 * writable. Synchronous on purpose: the async fs calls wait in libuv's thread
 * pool, where a burst of password hashes (scrypt) would queue a health check
 * for seconds and fail it on a healthy instance; statfs and access on a
 * local disk take microseconds. Any other failure (the folder is gone, no
 * permission) throws statfs's own error. Answers the free bytes.
 */
export function checkFreeSpace(target: string): number {
  const stats = fs.statfsSync(target);
  const free = stats.bavail * stats.bsize;
  if (free < MIN_FREE_BYTES) {
    throw new DiskFullError(`disk full: ${Math.floor(free / 1024)} KiB free`);
  }
  return free;
}

/** With at least this much free, the disk cannot fill before the next check… */
export const ROOMY_FREE_BYTES = 1024 * 1024 * 1024;
/** …this long after the last one (1 GiB a second is far beyond what the portal takes in). */
export const ROOMY_RECHECK_MS = 1000;

/**
 * checkFreeSpace for every write request: a disk found roomy is not asked
 * again for ROOMY_RECHECK_MS (a statfs per view was about 3% of the song
 * journey's time, issue 48); a disk nearer full is asked every time, so a
 * freed disk is seen at once. Errors (full, gone) are never remembered.
 */
export function freeSpaceCheck(target: string, now: () => number = Date.now): () => void {
  let roomyUntil = 0;
  return () => {
    if (now() < roomyUntil) return;
    const free = checkFreeSpace(target);
    roomyUntil = free >= ROOMY_FREE_BYTES ? now() + ROOMY_RECHECK_MS : 0;
  };
}

/** Throws when `dir` cannot be written (read-only mount, wrong owner) or its disk is full. */
export function checkWritableDir(dir: string): void {
  try {
    fs.accessSync(dir, fs.constants.W_OK);
  } catch (err) {
    throw new Error(`not writable: ${(err as NodeJS.ErrnoException).code ?? "error"}`);
  }
  checkFreeSpace(dir);
}
