import type { LinkStatus } from "./realtime-client";

/** What of the live link a caller watches: its status and its changes. */
interface StatusSource {
  getStatus(): LinkStatus;
  subscribe(listener: () => void): () => void;
}

/**
 * Runs `listener` each time the link comes up, and for no other change of
 * its status: a caller that acts on the link's return need not re-render
 * for every status it passes through. Returns how to stop.
 */
export function onLinkUp(link: StatusSource, listener: () => void): () => void {
  let was = link.getStatus();
  return link.subscribe(() => {
    const now = link.getStatus();
    if (now === "connected" && was !== "connected") listener();
    was = now;
  });
}
