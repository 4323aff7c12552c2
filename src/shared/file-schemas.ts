import { z } from "zod";
import { thumbnailWidthFor } from "./files";
import { plainString } from "./plain-text";

/** The {id} of /api/files/{id}. */
export const fileParamsSchema = z.object({ id: plainString().min(1).max(200) });
/** The {uploadId} of a tus upload (/api/uploads/{uploadId}). */
export const uploadParamsSchema = z.object({ uploadId: plainString().min(1).max(200) });
export const WIDTH_MESSAGE = "The width must be a whole number of pixels.";
export const fileQuerySchema = z.object({
  download: plainString().max(10).optional(),
  /** Any width is taken to the next one made (a page from before a change of widths still works). */
  w: z.coerce
    .number({ error: WIDTH_MESSAGE })
    .int({ error: WIDTH_MESSAGE })
    .min(1, { error: WIDTH_MESSAGE })
    .max(100_000, { error: WIDTH_MESSAGE })
    .transform(thumbnailWidthFor)
    .optional(),
});
