import fs from "node:fs";
import path from "node:path";
import { FileStore } from "@tus/file-store";
import type { Upload } from "@tus/utils";
import type { FileStorage } from "./file-storage";
import { checkWritableDir } from "./free-space";
import { PRIVATE_FILE_MODE, createPrivateDir } from "./private-files";

/**
 * tus's FileStore with two changes: each new file is made private (0600)
 * whatever the umask, and the constructor's unawaited mkdir is dropped (the
 * folder is created synchronously before; that mkdir throws from a callback,
 * uncatchable, when the folder is removed meanwhile).
 */
// @ts-expect-error checkOrCreateDirectory is private in the typings; replaced on purpose.
class PrivateFileStore extends FileStore {
  override checkOrCreateDirectory(): void {}

  override async create(upload: Upload): Promise<Upload> {
    const created = await super.create(upload);
    const file = path.join(this.directory, upload.id);
    await fs.promises.chmod(file, PRIVATE_FILE_MODE);
    // tus's metadata beside it (file name, purpose), when its configstore is on disk.
    await fs.promises.chmod(`${file}.json`, PRIVATE_FILE_MODE).catch(() => {});
    return created;
  }
}

/** Files in a folder of DATA_DIR; the embedded default. */
export function createLocalFileStorage(directory: string): FileStorage {
  createPrivateDir(directory);
  const datastore = new PrivateFileStore({ directory });
  // Keys are upload ids we generate; never let one escape the folder.
  const fileOf = (key: string) => {
    if (!/^[\w-]+$/.test(key)) throw new Error(`invalid storage key: ${key}`);
    return path.join(directory, key);
  };
  return {
    engine: "local",
    datastore,
    open: (key) => Promise.resolve(fs.createReadStream(fileOf(key))),
    openRange: (key, start, end) =>
      Promise.resolve(fs.createReadStream(fileOf(key), { start, end })),
    async head(key, bytes) {
      const handle = await fs.promises.open(fileOf(key), "r");
      try {
        const buffer = Buffer.alloc(bytes);
        const { bytesRead } = await handle.read(buffer, 0, bytes, 0);
        return buffer.subarray(0, bytesRead);
      } finally {
        await handle.close();
      }
    },
    async put(key, data) {
      // Whole or not at all: a crash mid-write leaves a temporary file, never a cut one.
      const partial = `${fileOf(key)}.${process.pid}.partial`;
      await fs.promises.writeFile(partial, data, { mode: PRIVATE_FILE_MODE });
      await fs.promises.rename(partial, fileOf(key));
    },
    async remove(key) {
      await fs.promises.rm(fileOf(key), { force: true });
      await fs.promises.rm(`${fileOf(key)}.json`, { force: true });
    },
    check: () => {
      checkWritableDir(directory);
      return Promise.resolve();
    },
  };
}
