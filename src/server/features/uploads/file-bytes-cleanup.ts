import type { FastifyBaseLogger } from "fastify";
import type { DomainEvents } from "../../events/domain-events";
import type { FileStorage } from "../../storage/file-storage";

/**
 * Removes the bytes of deleted files once their rows are gone for good (the
 * `files.deleted` event comes after the commit). A failure leaves an orphan
 * blob, logged, never a row without its bytes.
 */
export function removeBytesOfDeletedFiles(
  events: DomainEvents,
  storage: FileStorage,
  log: FastifyBaseLogger,
): void {
  events.on("files.deleted", async ({ ids }) => {
    const results = await Promise.allSettled(ids.map((id) => storage.remove(id)));
    results.forEach((result, i) => {
      if (result.status === "rejected") {
        log.error({ err: result.reason, fileId: ids[i] }, "could not remove a deleted file");
      }
    });
  });
}
