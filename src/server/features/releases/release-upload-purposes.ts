import type { Kysely } from "kysely";
import { z } from "zod";
import { fileUrl } from "../../../shared/files";
import {
  RELEASE_ARTWORK_MAX_BYTES,
  RELEASE_ARTWORK_PURPOSE,
  RELEASE_AUDIO_MAX_BYTES,
  RELEASE_AUDIO_PURPOSE,
  isEditableReleaseState,
} from "../../../shared/release-constants";
import { releaseMessages as m } from "../../../shared/release-messages";
import type { Database } from "../../db/schema";
import { HttpError } from "../../http/errors";
import type { UploadInspection, UploadPurpose } from "../uploads/upload-purposes";
import { checkArtwork } from "./checks/artwork-check";
import { checkAudio } from "./checks/audio-check";
import { FileCheckQueue } from "./checks/check-queue";
import { songCoversAmong } from "../songs/song-service";
import { findRelease, insertCheckedFile, releaseFilesAmong } from "./release-repository";

const trackIdSchema = z.uuid();

/** A release's masters and artwork are never kept by a browser (decision 099). */
const NEVER_KEPT = "private, no-store";

/** The uploader's own release, still editable; its id is the file's scope. */
async function ownEditableRelease(
  db: Kysely<Database>,
  userId: string,
  releaseId: string | undefined,
): Promise<string> {
  const release = releaseId ? await findRelease(db, releaseId) : undefined;
  if (!release || release.artistId !== userId || !isEditableReleaseState(release.state)) {
    throw new HttpError(403, m.uploadNeedsRelease);
  }
  return release.id;
}

/** Agents read every release's files; an artist, their own. */
async function canReadReleaseFile(
  db: Kysely<Database>,
  user: { id: string; admin: boolean },
  scope: string | null,
): Promise<boolean> {
  if (user.admin) return true;
  const release = scope ? await findRelease(db, scope) : undefined;
  return release?.artistId === user.id;
}

/** Files a release, a track or a song made from one still names. */
async function attachedReleaseFiles(
  db: Kysely<Database>,
  ids: readonly string[],
): Promise<string[]> {
  const [releaseFiles, covers] = await Promise.all([
    releaseFilesAmong(db, ids),
    songCoversAmong(db, ids),
  ]);
  return [...new Set([...releaseFiles, ...covers])];
}

/**
 * Release artwork: decoded whole by sharp when the last byte arrives, in
 * its turn of the check queue; refusals are the contract's sentences.
 */
export function releaseArtworkPurpose(db: Kysely<Database>, checks: FileCheckQueue): UploadPurpose {
  return {
    name: RELEASE_ARTWORK_PURPOSE,
    cacheControl: NEVER_KEPT,
    maxBytes: RELEASE_ARTWORK_MAX_BYTES,
    tooLargeMessage: m.artworkTooManyBytes,
    kinds: ["image"],
    async authorize(user, metadata) {
      return { scope: await ownEditableRelease(db, user.id, metadata.releaseId) };
    },
    canRead: (user, file) => canReadReleaseFile(db, user, file.scope),
    async inspect(file, storage): Promise<UploadInspection> {
      const check = await checks.run(file.ownerId, async () =>
        checkArtwork(await storage.open(file.id)),
      );
      if (!check.ok) return check;
      await insertCheckedFile(db, {
        fileId: file.id,
        releaseId: file.scope ?? "",
        trackId: null,
        purpose: RELEASE_ARTWORK_PURPOSE,
        details: JSON.stringify(check.details),
      });
      const mimeType = check.details.format === "JPG" ? "image/jpeg" : "image/png";
      const artwork = { fileId: file.id, url: fileUrl(file.id), size: file.size, ...check.details };
      return { ok: true, kind: "image", mimeType, details: { artwork } };
    },
    attached: attachedReleaseFiles,
  };
}

/** Release audio: one reading and a decode of every sample as it streams, in its turn of the queue. */
export function releaseAudioPurpose(db: Kysely<Database>, checks: FileCheckQueue): UploadPurpose {
  return {
    name: RELEASE_AUDIO_PURPOSE,
    cacheControl: NEVER_KEPT,
    maxBytes: RELEASE_AUDIO_MAX_BYTES,
    tooLargeMessage: m.audioTooManyBytes,
    kinds: ["audio"],
    async authorize(user, metadata) {
      const scope = await ownEditableRelease(db, user.id, metadata.releaseId);
      if (!trackIdSchema.safeParse(metadata.trackId).success) {
        throw new HttpError(400, m.uploadNeedsTrack);
      }
      return { scope };
    },
    canRead: (user, file) => canReadReleaseFile(db, user, file.scope),
    async inspect(file, storage): Promise<UploadInspection> {
      const check = await checks.run(file.ownerId, () =>
        checkAudio({
          open: () => storage.open(file.id),
          head: (bytes) => storage.head(file.id, bytes),
          size: file.size,
        }),
      );
      if (!check.ok) return check;
      const { mimeType, ...details } = check.details;
      await insertCheckedFile(db, {
        fileId: file.id,
        releaseId: file.scope ?? "",
        trackId: null,
        purpose: RELEASE_AUDIO_PURPOSE,
        details: JSON.stringify(details),
      });
      const audio = { fileId: file.id, url: fileUrl(file.id), name: file.name, ...details };
      return { ok: true, kind: "audio", mimeType, details: { audio } };
    },
    attached: attachedReleaseFiles,
  };
}

/** Both release purposes, sharing one check queue (one check per core, one per account). */
export function releaseUploadPurposes(db: Kysely<Database>): UploadPurpose[] {
  const checks = new FileCheckQueue();
  return [releaseArtworkPurpose(db, checks), releaseAudioPurpose(db, checks)];
}
