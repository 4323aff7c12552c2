import fs from "node:fs";
import path from "node:path";
import { FileStore } from "@tus/file-store";
import type { FileStorage } from "./file-storage";

/** Files in a folder of DATA_DIR; the embedded default. */
export function createLocalFileStorage(directory: string): FileStorage {
  fs.mkdirSync(directory, { recursive: true });
  const datastore = new FileStore({ directory });
  // Keys are upload ids we generate; never let one escape the folder.
  const fileOf = (key: string) => {
    if (!/^[\w-]+$/.test(key)) throw new Error(`invalid storage key: ${key}`);
    return path.join(directory, key);
  };
  return {
    engine: "local",
    datastore,
    open: (key) => Promise.resolve(fs.createReadStream(fileOf(key))),
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
    put: (key, data) => fs.promises.writeFile(fileOf(key), data),
    async remove(key) {
      await fs.promises.rm(fileOf(key), { force: true });
      await fs.promises.rm(`${fileOf(key)}.json`, { force: true });
    },
    check: () => fs.promises.access(directory, fs.constants.W_OK),
  };
}
