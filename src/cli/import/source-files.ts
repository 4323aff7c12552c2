import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import type { FileKind } from "../../shared/files";
import { SNIFF_BYTES, sniffFileType } from "../../shared/file-sniffing";
import type { StoredFile } from "../../server/features/uploads/stored-files";

/**
 * The file-store path a document refers to: a download URL
 * (`.../v0/b/<bucket>/o/<encoded path>?alt=media...`), a `gs://bucket/path`
 * URL, a public `storage.googleapis.com/<bucket>/<path>` URL, or the path
 * itself. Null for anything else (a link to some other site).
 */
export function storagePathOf(reference: string): string | null {
  const value = reference.trim();
  if (!value) return null;
  if (!/^[a-z][a-z0-9+.-]*:/i.test(value)) return value.replace(/^\/+/, "");
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return null;
  }
  if (url.protocol === "gs:") return decodeURIComponent(url.pathname.replace(/^\/+/, "")) || null;
  if (url.protocol !== "https:" && url.protocol !== "http:") return null;
  const download = /\/o\/([^/?]+)$/.exec(url.pathname);
  if (download) return decodeURIComponent(download[1]!);
  if (url.hostname === "storage.googleapis.com") {
    const [, , ...rest] = url.pathname.split("/");
    return rest.length > 0 ? decodeURIComponent(rest.join("/")) : null;
  }
  return null;
}

export interface FileRules {
  purpose: string;
  ownerId: string;
  scope: string;
  maxBytes: number;
  kinds: readonly FileKind[];
  /** The name to show; the file's own name when absent. */
  name?: string | null;
  createdAt: number;
}

/** A file found and typed, ready to be stored (bytes are read when it is written). */
export interface SourceFile {
  row: StoredFile;
  absolutePath: string;
  storagePath: string;
}

export type FileLookup = { file: SourceFile } | { problem: string };

/**
 * The stored file's id is derived from what it is for and where it came
 * from: a killed run that stored the bytes but not the row overwrites the
 * same key when run again, so no orphan bytes pile up.
 */
function importedFileId(rules: FileRules, storagePath: string): string {
  return createHash("sha256")
    .update(`${rules.purpose}\n${rules.scope}\n${storagePath}`)
    .digest("hex")
    .slice(0, 32);
}

/** Finds a referenced file under the files folder and types it by its bytes, as uploads are. */
export async function lookUpFile(
  filesRoot: string,
  reference: string,
  rules: FileRules,
): Promise<FileLookup> {
  const storagePath = storagePathOf(reference);
  if (!storagePath) return { problem: `not a file-store reference: ${reference.slice(0, 200)}` };
  const absolutePath = path.resolve(filesRoot, storagePath);
  if (!absolutePath.startsWith(filesRoot + path.sep)) {
    return { problem: `refused: path leaves the files folder: ${storagePath}` };
  }
  let size: number;
  try {
    // A symbolic link (the file itself or a folder on its way) could point
    // anywhere on this machine: refused, and the real path must stay inside.
    const stat = await fs.promises.lstat(absolutePath);
    if (stat.isSymbolicLink()) {
      return { problem: `refused: symbolic link, not imported: ${storagePath}` };
    }
    if (!stat.isFile()) return { problem: `file missing: ${storagePath}` };
    const realRoot = await fs.promises.realpath(filesRoot);
    const realFile = await fs.promises.realpath(absolutePath);
    if (!realFile.startsWith(realRoot + path.sep)) {
      return { problem: `refused: path leaves the files folder through a link: ${storagePath}` };
    }
    size = stat.size;
  } catch {
    return { problem: `file missing: ${storagePath}` };
  }
  if (size > rules.maxBytes) return { problem: `file too large (${size} bytes): ${storagePath}` };
  const handle = await fs.promises.open(absolutePath, "r");
  let head: Buffer;
  try {
    const buffer = Buffer.alloc(SNIFF_BYTES);
    const { bytesRead } = await handle.read(buffer, 0, SNIFF_BYTES, 0);
    head = buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
  const sniffed = await sniffFileType(head);
  if (!sniffed || !rules.kinds.includes(sniffed.kind)) {
    return { problem: `file is not ${rules.kinds.join(" or ")}: ${storagePath}` };
  }
  return {
    file: {
      absolutePath,
      storagePath,
      row: {
        id: importedFileId(rules, storagePath),
        purpose: rules.purpose,
        ownerId: rules.ownerId,
        scope: rules.scope,
        status: "ready",
        mimeType: sniffed.mimeType,
        kind: sniffed.kind,
        name: (rules.name?.trim() || path.basename(storagePath)).replaceAll("\u0000", ""),
        size,
        createdAt: rules.createdAt,
      },
    },
  };
}
