import { useCallback, useRef, useState } from "react";
import { useQueryClient } from "@tanstack/react-query";
import { chatKeys } from "../api/query-keys";
import type { Thread } from "../thread";
import { messageDomId } from "./message-tools-context";

/** Waits for React to render a message's bubble (a few frames at most). */
async function rendered(id: string): Promise<HTMLElement | null> {
  for (let frame = 0; frame < 120; frame++) {
    const element = document.getElementById(messageDomId(id));
    if (element) {
      // Two more frames: the list settles its own scrolling (keeping the
      // reading position, following the end) after older pages went in.
      await new Promise((resolve) => requestAnimationFrame(resolve));
      await new Promise((resolve) => requestAnimationFrame(resolve));
      return element;
    }
    await new Promise((resolve) => requestAnimationFrame(resolve));
  }
  return null;
}

/**
 * Scrolls to a message anywhere in the history: older pages are loaded (by
 * key, one after another) until it is held, then it is scrolled to the
 * middle and highlighted. Resolves false if it is not in the history.
 */
export function useJumpToMessage(roomId: string | undefined, loadOlder: () => Promise<void>) {
  const queryClient = useQueryClient();
  const [highlightedId, setHighlightedId] = useState<string | null>(null);
  const latest = useRef(0);

  const jump = useCallback(
    async (target: { id: string; seq: number }, options: { focus?: boolean } = {}) => {
      if (!roomId) return false;
      const attempt = ++latest.current;
      const key = chatKeys.messages(roomId);
      for (;;) {
        const thread = queryClient.getQueryData<Thread>(key);
        if (!thread) return false;
        if (thread.messages.some((m) => m.id === target.id)) break;
        const oldest = thread.messages.find((m) => m.status === "sent")?.seq;
        if (!thread.hasOlder || oldest === undefined || oldest < target.seq) return false;
        await loadOlder();
        // A newer jump (the next search match) took over.
        if (attempt !== latest.current) return false;
        const after = queryClient.getQueryData<Thread>(key);
        if (after?.messages.find((m) => m.status === "sent")?.seq === oldest) return false;
      }
      setHighlightedId(target.id);
      const element = await rendered(target.id);
      if (!element || attempt !== latest.current) return false;
      element.scrollIntoView({ block: "center" });
      if (options.focus) element.focus({ preventScroll: true });
      return true;
    },
    [loadOlder, queryClient, roomId],
  );
  const clearHighlight = useCallback(() => setHighlightedId(null), []);
  return { jump, highlightedId, clearHighlight };
}
