import { setTimeout } from "node:timers/promises";
import type { Upload } from "@tus/utils";
import type { Kysely } from "kysely";
import { fileUrl, uploadMessages, type UploadedFile } from "../../../shared/files";
import { SNIFF_BYTES, sniffFileType } from "../../../shared/file-sniffing";
import { NUL_CHARACTER_MESSAGE, hasNulCharacter } from "../../../shared/nul-character";
import type { PublicUser } from "../../../shared/user";
import type { Database } from "../../db/schema";
import { HttpError } from "../../http/errors";
import type { FileStorage } from "../../storage/file-storage";
import { findStoredFile, type StoredFile } from "./stored-files";
import { deleteStoredFile, insertStoredFile, markFileReady } from "./stored-file-repository";
import type { UploadInspection, UploadPurpose } from "./upload-purposes";
import { refusalOfNewUpload, type UploadLimits } from "./upload-limits";

/** How long a details request waits for a finish under way (a release's check may queue). */
const FINISH_WAIT_MS = 60_000;
const FINISH_POLL_MS = 250;

/** A finished upload's answer: the file, plus what its purpose's check found (release files). */
export type FinishedUpload = UploadedFile & { [detail: string]: unknown };

/** tus turns a thrown { status_code, body } into its response. */
export class TusRejection extends Error {
  constructor(
    readonly status_code: number,
    readonly body: string,
  ) {
    super(body);
  }
}

/** tus answers errors as plain text bodies; tus-js-client shows them to the UI. */
function reject(status: number, message: string): never {
  throw new TusRejection(status, message);
}

function metadataOf(upload: Upload): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(upload.metadata ?? {})) {
    if (typeof value === "string") out[key] = value;
  }
  return out;
}

function uploadedFile(file: {
  id: string;
  kind: UploadedFile["kind"];
  mimeType: string;
  size: number;
  name: string;
}): UploadedFile {
  const { id, kind, mimeType, size, name } = file;
  return { id, url: fileUrl(id), kind, mimeType, size, name };
}

export interface UploadServiceDeps {
  db: Kysely<Database>;
  storage: FileStorage;
  purposes: ReadonlyMap<string, UploadPurpose>;
  /** Per-user limits checked at creation; unlimited when absent. */
  limits?: UploadLimits;
}

/**
 * What an upload may be and who may read a file: the rules behind the tus
 * endpoint's hooks and the download routes. Refusals of an upload are
 * `TusRejection`s (tus answers them as text); of a download, `HttpError`s.
 */
export class UploadService {
  constructor(private readonly deps: UploadServiceDeps) {}

  /** Checks a new upload (purpose, size, claimed type, limits, the purpose's own rule) and records it. */
  async acceptCreation(user: PublicUser, upload: Upload): Promise<void> {
    const { db, purposes, limits } = this.deps;
    const metadata = metadataOf(upload);
    // File names and purpose fields reach the database: NUL is refused as everywhere.
    if (Object.entries(metadata).some(([k, v]) => hasNulCharacter(k) || hasNulCharacter(v))) {
      reject(400, NUL_CHARACTER_MESSAGE);
    }
    const purpose = purposes.get(metadata.purpose ?? "");
    if (!purpose) reject(400, uploadMessages.unknownPurpose);
    if (upload.size === undefined) reject(400, uploadMessages.lengthRequired);
    if (upload.size > purpose.maxBytes) {
      reject(413, purpose.tooLargeMessage ?? uploadMessages.tooLarge(purpose.maxBytes));
    }
    // A claimed type that is plainly wrong is refused early; the bytes decide at the end.
    // A statement's claimed type (text/csv, application/gzip, none) says nothing: only its bytes.
    const claimed = metadata.filetype?.split("/")[0];
    const claimsCount = !purpose.kinds.includes("statement");
    if (claimsCount && claimed && !(purpose.kinds as readonly string[]).includes(claimed)) {
      reject(415, uploadMessages.wrongType(purpose.kinds));
    }
    if (limits) {
      const refusal = await refusalOfNewUpload(db, limits, user.id, upload.size);
      if (refusal) reject(refusal.status, refusal.message);
    }
    let scope: string | null;
    try {
      ({ scope } = await purpose.authorize(user, metadata));
    } catch (err) {
      if (err instanceof HttpError) reject(err.statusCode, err.message);
      throw err;
    }
    await insertStoredFile(db, {
      id: upload.id,
      purpose: purpose.name,
      ownerId: user.id,
      scope,
      status: "uploading",
      mimeType: null,
      kind: null,
      name: (metadata.filename ?? "file").slice(0, 255),
      size: upload.size,
      createdAt: Date.now(),
    });
  }

  /** Only the person who started an upload may continue, inspect or cancel it. */
  async assertUploader(user: PublicUser, uploadId: string): Promise<void> {
    const file = await findStoredFile(this.deps.db, uploadId);
    if (!file || file.ownerId !== user.id) reject(404, "Upload not found.");
  }

  /** The last byte arrived: the bytes decide the type; a file its purpose refuses is removed. */
  async finish(uploadId: string): Promise<FinishedUpload> {
    const { db, storage, purposes } = this.deps;
    const file = await findStoredFile(db, uploadId);
    const purpose = file && purposes.get(file.purpose);
    if (file && purpose?.inspect) return this.finishInspected(file, purpose);
    const sniffed = await sniffFileType(await storage.head(uploadId, SNIFF_BYTES));
    if (!file || !purpose || !sniffed || !purpose.kinds.includes(sniffed.kind)) {
      await this.discard(uploadId);
      reject(415, uploadMessages.wrongType(purpose?.kinds ?? ["image"]));
    }
    await this.markReady(uploadId, sniffed.kind, sniffed.mimeType);
    return { ...uploadedFile({ ...file, kind: sniffed.kind, mimeType: sniffed.mimeType }) };
  }

  /** A purpose that reads the whole file judges it; its refusal (422) is its own sentence. */
  private async finishInspected(file: StoredFile, purpose: UploadPurpose): Promise<FinishedUpload> {
    let inspection: UploadInspection;
    try {
      inspection = await purpose.inspect!(file, this.deps.storage);
    } catch (err) {
      await this.discard(file.id);
      throw err;
    }
    if (!inspection.ok) {
      await this.discard(file.id);
      reject(422, inspection.message);
    }
    await this.markReady(file.id, inspection.kind, inspection.mimeType);
    const details = inspection.details ?? {};
    return { ...details, ...uploadedFile({ ...file, ...inspection }) };
  }

  private async markReady(id: string, kind: UploadedFile["kind"], mimeType: string) {
    await markFileReady(this.deps.db, id, kind, mimeType);
  }

  /** A refused file leaves nothing behind: its row, then its bytes. */
  private async discard(id: string) {
    await deleteStoredFile(this.deps.db, id);
    await this.deps.storage.remove(id);
  }

  /**
   * A finished upload's details, to its uploader only. tus lets go of an
   * upload's lock before its finish (the check, then `ready`) has run, so a
   * page resuming after a reload can learn "every byte is here" from a HEAD
   * while the finish is still under way, here or on another instance: the
   * answer waits for it (issue 48) instead of a 404 that left the message
   * unsent.
   */
  async finishedUpload(user: PublicUser, uploadId: string): Promise<UploadedFile> {
    const deadline = Date.now() + FINISH_WAIT_MS;
    let file = await findStoredFile(this.deps.db, uploadId);
    const finishing =
      file?.ownerId === user.id &&
      file.status === "uploading" &&
      (await this.hasEveryByte(uploadId));
    while (finishing && file?.status === "uploading" && Date.now() < deadline) {
      await setTimeout(FINISH_POLL_MS);
      file = await findStoredFile(this.deps.db, uploadId);
    }
    if (!file || file.ownerId !== user.id || file.status !== "ready" || !file.kind) {
      throw new HttpError(404, "Upload not found.", undefined, "NOT_FOUND");
    }
    return uploadedFile({ ...file, kind: file.kind, mimeType: file.mimeType ?? "" });
  }

  /** Whether tus holds every byte of an upload (its finish then runs, or is running). */
  private async hasEveryByte(uploadId: string): Promise<boolean> {
    try {
      const upload = await this.deps.storage.datastore.getUpload(uploadId);
      return upload.size !== undefined && upload.offset === upload.size;
    } catch {
      return false;
    }
  }

  /** A finished file the user may read by its purpose; 404 for everyone else. */
  async readableFile(user: PublicUser, fileId: string): Promise<StoredFile> {
    const file = await findStoredFile(this.deps.db, fileId);
    const purpose = file && this.deps.purposes.get(file.purpose);
    if (!file || file.status !== "ready" || !purpose || !(await purpose.canRead(user, file))) {
      throw new HttpError(404, "File not found.", undefined, "NOT_FOUND");
    }
    return file;
  }

  /** How a browser may keep this file, when its purpose says (else the routes' default). */
  cacheControlOf(file: StoredFile): string | undefined {
    return this.deps.purposes.get(file.purpose)?.cacheControl;
  }
}
