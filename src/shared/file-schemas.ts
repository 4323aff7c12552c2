import { z } from "zod";
import { THUMBNAIL_WIDTHS, type ThumbnailWidth } from "./files";
import { plainString } from "./plain-text";

/** The {id} of /api/files/{id}. */
export const fileParamsSchema = z.object({ id: plainString().min(1).max(200) });
/** The {uploadId} of a tus upload (/api/uploads/{uploadId}). */
export const uploadParamsSchema = z.object({ uploadId: plainString().min(1).max(200) });
export const fileQuerySchema = z.object({
  download: plainString().max(10).optional(),
  w: z
    .enum(THUMBNAIL_WIDTHS.map(String) as [string, ...string[]], {
      error: `The width must be one of ${THUMBNAIL_WIDTHS.join(", ")}.`,
    })
    .transform((width) => Number(width) as ThumbnailWidth)
    .optional(),
});
