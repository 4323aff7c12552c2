import { useRef } from "react";
import { TYPING_EVERY_MS } from "../../../../shared/chat-events";
import { useChatConnection } from "../realtime/chat-connection-provider";

/** Tells the other side "typing", at most once every TYPING_EVERY_MS. */
export function useTypingSignal(roomId: string | undefined) {
  const connection = useChatConnection();
  const lastTypingSignal = useRef(0);
  return () => {
    const now = Date.now();
    if (!roomId || now - lastTypingSignal.current < TYPING_EVERY_MS) return;
    lastTypingSignal.current = now;
    connection.sendTyping(roomId);
  };
}
