import { z } from "zod";
import {
  BROKEN_CHARACTER_MESSAGE,
  NUL_CHARACTER_MESSAGE,
  hasLoneSurrogate,
  hasNulCharacter,
} from "./nul-character";

/**
 * z.string() for anything a client sends that reaches the database, a query
 * or a file name: NUL is refused with a 400 and a readable message, so both
 * engines answer the same instead of PostgreSQL failing with a 500; so is half
 * of a UTF-16 pair, which both would store as U+FFFD instead of what was sent.
 */
export function plainString(params?: Parameters<typeof z.string>[0]) {
  return z
    .string(params)
    .refine((value) => !hasNulCharacter(value), { error: NUL_CHARACTER_MESSAGE, abort: true })
    .refine((value) => !hasLoneSurrogate(value), { error: BROKEN_CHARACTER_MESSAGE, abort: true });
}
