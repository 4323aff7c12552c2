import type { z } from "zod";
import { HttpError } from "./errors";

export const INVALID_CURSOR_MESSAGE = "Invalid page cursor.";

/** A list's position as an opaque token for the client: its JSON, base64url. */
export function encodePageCursor(position: unknown): string {
  return Buffer.from(JSON.stringify(position)).toString("base64url");
}

/**
 * A client's cursor read back through `shape` (which keeps NUL and
 * unsafe numbers out of the query); absent is null, anything malformed a
 * 400, never a 500.
 */
export function decodePageCursor<T>(raw: string | undefined, shape: z.ZodType<T>): T | null {
  if (!raw) return null;
  try {
    return shape.parse(JSON.parse(Buffer.from(raw, "base64url").toString("utf8")));
  } catch {
    throw new HttpError(400, INVALID_CURSOR_MESSAGE, { cursor: INVALID_CURSOR_MESSAGE });
  }
}
