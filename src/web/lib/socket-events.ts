type Handler = (payload: unknown) => void;

const handlers = new Map<string, Set<Handler>>();

/**
 * Server events for features other than chat, delivered over the tab's one
 * Socket.IO connection (lib/chat-socket forwards every event here). Returns
 * the unsubscribe function, for a React effect's cleanup.
 */
export function onSocketEvent(event: string, handler: Handler): () => void {
  let set = handlers.get(event);
  if (!set) {
    set = new Set();
    handlers.set(event, set);
  }
  set.add(handler);
  return () => set.delete(handler);
}

export function dispatchSocketEvent(event: string, payload: unknown): void {
  for (const handler of handlers.get(event) ?? []) handler(payload);
}
