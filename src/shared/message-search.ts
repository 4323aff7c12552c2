import { z } from "zod";
import { plainString } from "./plain-text";

export const SEARCH_MAX = 200;
/** Matches one search answers at most, newest first; the rest are counted as "more". */
export const SEARCH_MATCH_LIMIT = 500;

export const messageSearchQuerySchema = z.object({
  q: plainString({ error: "Type something to search for." })
    .trim()
    .min(1, { error: "Type something to search for." })
    .max(SEARCH_MAX, { error: `Search at most ${SEARCH_MAX} characters.` }),
});

/** One match: enough to load history up to it and scroll it into view. */
export interface SearchMatch {
  id: string;
  seq: number;
}

export interface MessageSearchResult {
  /** Newest first. */
  matches: SearchMatch[];
  /** More than SEARCH_MATCH_LIMIT messages matched. */
  more: boolean;
  /** The words searched for, as the index saw them: the client highlights these. */
  terms: string[];
}

/** Most words one search uses; the rest of a pasted paragraph is ignored. */
const MAX_TERMS = 8;

/**
 * The words of a search, lower-cased: runs of letters and digits, the way
 * both indexes split text. Each matches words that start with it.
 */
export function searchTerms(q: string): string[] {
  const words = q.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  return [...new Set(words)].slice(0, MAX_TERMS);
}

/**
 * Where the terms occur in a text, as [start, end) ranges: each word that
 * starts with a term is marked up to the term's length (what was matched).
 */
export function highlightRanges(text: string, terms: readonly string[]): [number, number][] {
  if (terms.length === 0) return [];
  const ranges: [number, number][] = [];
  const lower = text.toLowerCase();
  for (const word of lower.matchAll(/[\p{L}\p{N}]+/gu)) {
    const term = terms.find((t) => word[0].startsWith(t));
    if (term) ranges.push([word.index, word.index + term.length]);
  }
  return ranges;
}
