import { useEffect, useState } from "react";
import type { SearchMatch } from "../../../../shared/message-search";
import { useMessageSearch } from "../api/search-messages";

/** How long typing pauses before the server is asked. */
const SEARCH_DELAY_MS = 300;

/**
 * The search bar's state: the typed text, asked after a pause; the matches
 * of the answer, stepped through newest first ("Next" one older, "Previous"
 * one newer), each handed to `onMatch`; and the status line to announce.
 */
export function useConversationSearch(
  roomId: string | undefined,
  onTerms: (terms: readonly string[]) => void,
  onMatch: (match: SearchMatch) => void,
) {
  const [text, setText] = useState("");
  const [q, setQ] = useState("");
  // The position belongs to one answer: a new answer starts again at the newest match.
  const [position, setPosition] = useState<{ of: unknown; index: number }>({ of: null, index: 0 });
  const search = useMessageSearch(roomId, q);
  const matches = search.data?.matches ?? [];
  const index = position.of === search.data ? position.index : 0;

  useEffect(() => {
    const timer = setTimeout(() => setQ(text.trim()), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [text]);

  // A new answer starts at the newest match.
  const data = search.data;
  useEffect(() => {
    onTerms(data?.terms ?? []);
    const first = data?.matches[0];
    if (first) onMatch(first);
  }, [data, onMatch, onTerms]);

  const step = (by: number) => {
    if (matches.length === 0) return;
    const next = (index + by + matches.length) % matches.length;
    setPosition({ of: search.data, index: next });
    onMatch(matches[next]!);
  };

  const total = `${matches.length}${search.data?.more ? "+" : ""}`;
  const status = !q
    ? ""
    : search.isError
      ? search.error.message
      : search.isFetching
        ? "Searching…"
        : matches.length === 0
          ? "No matches"
          : `${index + 1} of ${total}`;
  return { text, setText, canStep: matches.length >= 2, step, status };
}
