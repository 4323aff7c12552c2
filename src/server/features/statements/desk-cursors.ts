import { z } from "zod";
import { plainString } from "../../../shared/plain-text";
import { HttpError } from "../../http/errors";

/** Where the desk's statements list goes on: before this statement. */
const statementsCursor = z.tuple([
  z.number().int().min(0).max(Number.MAX_SAFE_INTEGER),
  plainString().max(100),
]);
/** Where the desk's artists list goes on: after this artist (by name). */
const artistsCursor = z.tuple([plainString().max(200), plainString().max(100)]);

const encode = (parts: (string | number)[]) =>
  Buffer.from(JSON.stringify(parts)).toString("base64url");

/** A client's cursor; anything malformed is a 400, never a 500 (or a NUL sent to PostgreSQL). */
function decode<T>(raw: string | undefined, shape: z.ZodType<T>): T | null {
  if (!raw) return null;
  try {
    return shape.parse(JSON.parse(Buffer.from(raw, "base64url").toString("utf8")));
  } catch {
    throw new HttpError(400, "Invalid page cursor.", { cursor: "Invalid page cursor." });
  }
}

export const statementsCursorOf = (createdAt: number, id: string) => encode([createdAt, id]);
export const artistsCursorOf = (name: string, id: string) => encode([name, id]);

export function statementsAfter(raw: string | undefined) {
  const parts = decode(raw, statementsCursor);
  return parts && { createdAt: parts[0], id: parts[1] };
}

export function artistsAfter(raw: string | undefined) {
  const parts = decode(raw, artistsCursor);
  return parts && { name: parts[0], id: parts[1] };
}
