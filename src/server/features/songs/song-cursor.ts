import { z } from "zod";
import { plainString } from "../../../shared/plain-text";
import { decodePageCursor, encodePageCursor } from "../../http/page-cursor";

/** Position after which the next page starts: the (date, id) of the last item shown. */
export interface SongCursor {
  date: string;
  id: string;
}

// Decoded from the client's cursor and compared in a query: no NUL either.
const cursorShape = z.object({ d: plainString().max(20), i: plainString().max(100) });

export function encodeSongCursor(cursor: SongCursor): string {
  return encodePageCursor({ d: cursor.date, i: cursor.id });
}

export function decodeSongCursor(raw: string | undefined): SongCursor | null {
  const parsed = decodePageCursor(raw, cursorShape);
  return parsed && { date: parsed.d, id: parsed.i };
}
