import { useMemo } from "react";
import { TYPING_EVERY_MS } from "../../../../shared/chat-events";
import { useChatConnection } from "../realtime/chat-connection-provider";

/**
 * A typing signal for each keystroke, sent at most once every
 * TYPING_EVERY_MS: `send` answers whether it went, and one that could not go
 * (the link down) is tried again at the next keystroke.
 */
export function typingSignal(send: () => boolean, now: () => number = Date.now): () => void {
  let lastSent = -Infinity;
  return () => {
    const at = now();
    if (at - lastSent < TYPING_EVERY_MS) return;
    if (send()) lastSent = at;
  };
}

/** Tells the other side "typing", at most once every TYPING_EVERY_MS. */
export function useTypingSignal(roomId: string | undefined) {
  const connection = useChatConnection();
  return useMemo(
    () => typingSignal(() => roomId !== undefined && connection.sendTyping(roomId)),
    [connection, roomId],
  );
}
