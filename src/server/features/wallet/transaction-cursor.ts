import { z } from "zod";
import { plainString } from "../../../shared/plain-text";
import { decodePageCursor, encodePageCursor } from "../../http/page-cursor";
import type { PostingCursor } from "./account-repository";

const cursorShape = z.object({ t: z.number().int(), i: plainString().max(100) });

export function encodeCursor(cursor: PostingCursor): string {
  return encodePageCursor({ t: cursor.at, i: cursor.id });
}

export function decodeCursor(raw: string | undefined): PostingCursor | null {
  const parsed = decodePageCursor(raw, cursorShape);
  return parsed && { at: parsed.t, id: parsed.i };
}
