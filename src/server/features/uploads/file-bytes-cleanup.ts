import type { FastifyBaseLogger } from "fastify";
import type { DomainEvents } from "../../events/domain-events";
import type { FileStorage } from "../../storage/file-storage";
import { removeFileAndThumbnails, type ImageThumbnails } from "./image-thumbnails";

/**
 * Removes the bytes of deleted files, and their thumbnails, once their rows
 * are gone for good (the `files.deleted` event comes after the commit). A
 * failure leaves an orphan blob, logged, never a row without its bytes.
 */
export function removeBytesOfDeletedFiles(
  events: DomainEvents,
  storage: FileStorage,
  thumbnails: ImageThumbnails,
  log: FastifyBaseLogger,
): void {
  events.on("files.deleted", async ({ ids }) => {
    thumbnails.forget(ids);
    const results = await Promise.allSettled(ids.map((id) => removeFileAndThumbnails(storage, id)));
    results.forEach((result, i) => {
      if (result.status === "rejected") {
        log.error({ err: result.reason, fileId: ids[i] }, "could not remove a deleted file");
      }
    });
  });
}
