import { z } from "zod";
import { plainString } from "../../../shared/plain-text";
import { HttpError } from "../../http/errors";
import type { PostingCursor } from "./account-repository";

const cursorShape = z.object({ t: z.number().int(), i: plainString().max(100) });

export function encodeCursor(cursor: PostingCursor): string {
  return Buffer.from(JSON.stringify({ t: cursor.at, i: cursor.id })).toString("base64url");
}

/** A client's cursor; anything malformed is a 400, never a 500. */
export function decodeCursor(raw: string | undefined): PostingCursor | null {
  if (!raw) return null;
  try {
    const parsed = cursorShape.parse(JSON.parse(Buffer.from(raw, "base64url").toString("utf8")));
    return { at: parsed.t, id: parsed.i };
  } catch {
    throw new HttpError(400, "Invalid page cursor.", { cursor: "Invalid page cursor." });
  }
}
