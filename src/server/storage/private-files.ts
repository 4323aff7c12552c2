import fs from "node:fs";
import path from "node:path";

/**
 * DATA_DIR holds password hashes, session tokens, the session secret and
 * people's files: only the portal's own user may read it. Folders are 0700
 * and files 0600 whatever the umask, and an existing deployment's modes are
 * tightened on start.
 */
export const PRIVATE_DIR_MODE = 0o700;
export const PRIVATE_FILE_MODE = 0o600;

/** Creates the folder (and missing parents) as 0700, and tightens it if it existed. */
export function createPrivateDir(dir: string): void {
  fs.mkdirSync(dir, { recursive: true, mode: PRIVATE_DIR_MODE });
  fs.chmodSync(dir, PRIVATE_DIR_MODE);
}

/**
 * Creates the file empty as 0600 when missing (SQLite then creates its -wal
 * and -shm files with the same mode), and tightens it and its SQLite
 * companions if they existed.
 */
export function createPrivateFile(file: string): void {
  createPrivateDir(path.dirname(file));
  fs.closeSync(fs.openSync(file, "a", PRIVATE_FILE_MODE));
  for (const each of [file, `${file}-wal`, `${file}-shm`]) {
    try {
      fs.chmodSync(each, PRIVATE_FILE_MODE);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== "ENOENT") throw err;
    }
  }
}
