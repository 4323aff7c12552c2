import { sweepFiles } from "../../server/features/uploads/file-sweeper";
import { uploadPurposeMap } from "../../server/features/uploads/upload-purposes";
import { productUploadPurposes } from "../../server/product-upload-purposes";
import type { CliContext } from "../cli-context";

/** The server's periodic sweep, once, now (UNATTACHED_FILE_HOURS applies). */
export async function sweepFilesCommand(ctx: CliContext): Promise<string> {
  const { db } = ctx.database;
  const result = await sweepFiles(
    { db, storage: ctx.storage, purposes: uploadPurposeMap(productUploadPurposes(db)) },
    ctx.config.fileSweep.olderThanHours * 3_600_000,
  );
  return `Removed ${result.unfinished} unfinished upload(s) and ${result.unattached} unattached file(s).`;
}
