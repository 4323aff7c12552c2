import { z } from "zod";
import { plainString } from "../../../shared/plain-text";
import { HttpError } from "../../http/errors";

/** Position after which the next page starts: the (date, id) of the last item shown. */
export interface SongCursor {
  date: string;
  id: string;
}

// Decoded from the client's cursor and compared in a query: no NUL either.
const cursorShape = z.object({ d: plainString().max(20), i: plainString().max(100) });

export function encodeSongCursor(cursor: SongCursor): string {
  return Buffer.from(JSON.stringify({ d: cursor.date, i: cursor.id })).toString("base64url");
}

/** Decodes a client's cursor; anything malformed is a 400, never a 500. */
export function decodeSongCursor(raw: string | undefined): SongCursor | null {
  if (!raw) return null;
  try {
    const parsed = cursorShape.parse(JSON.parse(Buffer.from(raw, "base64url").toString("utf8")));
    return { date: parsed.d, id: parsed.i };
  } catch {
    throw new HttpError(400, "Invalid page cursor.", { cursor: "Invalid page cursor." });
  }
}
