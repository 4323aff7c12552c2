import { useEffect, useRef, useState } from "react";

/**
 * Messages sent before the conversation can take them (its room still being
 * opened, on a slow network or a busy server): kept, and sent in order once
 * it can. Pressing Enter a moment too early must not be lost, nor leave the
 * text sitting in the box with no word why.
 */
export function useHeldSend(closed: boolean, send: (text: string) => void) {
  const held = useRef<string[]>([]);
  const [holding, setHolding] = useState(false);
  useEffect(() => {
    if (closed) return;
    for (const text of held.current.splice(0)) send(text);
  }, [closed, send]);
  return {
    /** Shown while something waits: a room, once open, never closes again. */
    holding: holding && closed,
    hold: (text: string) => {
      held.current.push(text);
      setHolding(true);
    },
  };
}
