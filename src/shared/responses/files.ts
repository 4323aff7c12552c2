import { z } from "zod";

/** A tus exchange: its answers are the tus protocol's, not JSON of ours. */
export const tusResponseSchema = z
  .unknown()
  .describe("A tus 1.0 protocol answer (https://tus.io/protocols/resumable-upload)");

/** A stored file's bytes, with its own content type. */
export const fileBytesSchema = z.unknown().describe("The file's bytes, with its content type");

/** A finished upload, as the server judged it from its bytes. */
export const uploadedFileSchema = z.object({
  id: z.string(),
  url: z.string(),
  kind: z.enum(["image", "audio", "statement"]),
  mimeType: z.string(),
  size: z.number().int(),
  name: z.string(),
});
