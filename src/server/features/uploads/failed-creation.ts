import type { FastifyInstance } from "fastify";
import { deleteUploadingFile } from "./stored-file-repository";

/**
 * Undoes an upload creation the store could not complete: its `uploading`
 * row and whatever bytes or bookkeeping the store wrote. Failures here are
 * logged, never thrown: tus is already answering the original error.
 */
export async function forgetFailedCreation(app: FastifyInstance, uploadId: string): Promise<void> {
  const { database, storage } = app.ctx;
  try {
    await deleteUploadingFile(database.db, uploadId);
    await storage.remove(uploadId);
  } catch (err) {
    app.log.warn({ err, uploadId }, "could not clean up a failed upload creation");
  }
}
