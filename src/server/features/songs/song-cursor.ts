import { z } from "zod";
import { HttpError } from "../../http/errors";

/** Position after which the next page starts: the (date, id) of the last item shown. */
export interface SongCursor {
  date: string;
  id: string;
}

const cursorShape = z.object({ d: z.string().max(20), i: z.string().max(100) });

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
