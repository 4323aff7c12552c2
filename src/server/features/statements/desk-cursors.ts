import { z } from "zod";
import { plainString } from "../../../shared/plain-text";
import { decodePageCursor, encodePageCursor } from "../../http/page-cursor";

/** Where the desk's statements list goes on: before this statement. */
const statementsCursor = z.tuple([
  z.number().int().min(0).max(Number.MAX_SAFE_INTEGER),
  plainString().max(100),
]);
/** Where the desk's artists list goes on: after this artist (by name). */
const artistsCursor = z.tuple([plainString().max(200), plainString().max(100)]);

export const statementsCursorOf = (createdAt: number, id: string) =>
  encodePageCursor([createdAt, id]);
export const artistsCursorOf = (name: string, id: string) => encodePageCursor([name, id]);

export function statementsAfter(raw: string | undefined) {
  const parts = decodePageCursor(raw, statementsCursor);
  return parts && { createdAt: parts[0], id: parts[1] };
}

export function artistsAfter(raw: string | undefined) {
  const parts = decodePageCursor(raw, artistsCursor);
  return parts && { name: parts[0], id: parts[1] };
}
