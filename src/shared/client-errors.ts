import { z } from "zod";
import { plainString } from "./plain-text";

export const CLIENT_ERROR_ENDPOINT = "/api/client-errors";

/** A failure the browser saw, for the server log (what, why, where). */
export const clientErrorSchema = z.object({
  kind: z.enum(["upload", "send", "outbox-store", "recording", "history"], {
    error: "Unknown kind of client error.",
  }),
  message: plainString().trim().min(1).max(500, { error: "At most 500 characters." }),
  page: plainString().max(200).optional(),
});
export type ClientErrorReport = Omit<z.input<typeof clientErrorSchema>, "page">;
