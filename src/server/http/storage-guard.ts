import type { FastifyInstance } from "fastify";
import { DiskFullError, freeSpaceCheck } from "../storage/free-space";
import { HttpError } from "./errors";
import { addRouteHook, isWriteMethod, routeTakesWrites } from "./route-hooks";
import { SERVICE_UNAVAILABLE_MESSAGE, STORAGE_FULL_MESSAGE } from "./unavailable-errors";

/**
 * With SQLite or local files, a full DATA_DIR disk fails every write, and
 * some failures surface as another error (better-auth answers a failed
 * sign-up 422, tus a 500). Writes are refused up front with one clear 503
 * while the disk is full; reads keep working. One statfs call (at most one a
 * second while the disk has a gigabyte free: freeSpaceCheck), no thread
 * pool. PostgreSQL's and S3's disks are theirs: their errors map to 503 in
 * the error handler (unavailable-errors.ts).
 */
export function registerStorageGuard(app: FastifyInstance): void {
  const { database, storage, config } = app.ctx;
  if (!database.file && storage.engine !== "local") return;
  const checkFreeSpace = freeSpaceCheck(config.dataDir);
  addRouteHook(app, "onRequest", routeTakesWrites, (request, _reply, done) => {
    // An `all` route's reads pass.
    if (!isWriteMethod(request.method)) return done();
    try {
      checkFreeSpace();
    } catch (err) {
      if (err instanceof DiskFullError) {
        return done(new HttpError(503, STORAGE_FULL_MESSAGE, undefined, "STORAGE_FULL", 60));
      }
      // Not a full disk (DATA_DIR gone, no permission): say so to the operator, not "full".
      request.log.error({ err }, "storage guard: cannot read DATA_DIR's disk");
      return done(
        new HttpError(503, SERVICE_UNAVAILABLE_MESSAGE, undefined, "SERVICE_UNAVAILABLE", 5),
      );
    }
    done();
  });
}
