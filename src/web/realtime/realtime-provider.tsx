import {
  createContext,
  useContext,
  useEffect,
  useEffectEvent,
  useState,
  useSyncExternalStore,
} from "react";
import { useQueryClient } from "@tanstack/react-query";
import type { ServerEventName, ServerToClientEvents } from "../../shared/socket-events";
import { RealtimeClient, type LinkStatus } from "./realtime-client";

const RealtimeContext = createContext<RealtimeClient | null>(null);

/**
 * Owns the signed-in user's live link for every page below it: the socket,
 * its status and the resync rule. It closes when the user signs out or
 * another user signs in.
 */
export function RealtimeProvider({
  userId,
  children,
}: {
  userId: string;
  children: React.ReactNode;
}) {
  const queryClient = useQueryClient();
  const [client] = useState(() => new RealtimeClient(queryClient));
  useEffect(() => {
    client.open(userId);
    return () => client.close();
  }, [client, userId]);
  return <RealtimeContext value={client}>{children}</RealtimeContext>;
}

/** The live link, for feature stores and the typed emit helpers (never the socket itself). */
export function useRealtime(): RealtimeClient {
  const client = useContext(RealtimeContext);
  if (!client) throw new Error("useRealtime needs a RealtimeProvider");
  return client;
}

/**
 * Runs `handler` for every `event` the server sends while the component is
 * mounted; the payload is typed by src/shared/socket-events.ts. The latest
 * handler is called, so it may close over fresh state without resubscribing.
 */
export function useSocketEvent<E extends ServerEventName>(
  event: E,
  handler: ServerToClientEvents[E],
): void {
  const client = useRealtime();
  // Always the latest handler, without resubscribing on every render.
  const onEvent = useEffectEvent(handler);
  useEffect(() => client.on(event, onEvent), [client, event]);
}

/** The link as banners show it: connecting, connected, reconnecting, too-many or offline. */
export function useLinkStatus(): LinkStatus {
  const client = useRealtime();
  return useSyncExternalStore(client.subscribe, client.getStatus);
}

/**
 * Runs `handler` after every resync (each time the link comes up, and when
 * the server asks for one) while the component is mounted, without
 * re-rendering it for the link's status: what failed while out of touch is
 * tried again, as the outbox does (chat-connection.ts).
 */
export function useOnResync(handler: () => void): void {
  const client = useRealtime();
  const run = useEffectEvent(handler);
  useEffect(() => client.onResync(run), [client]);
}
