import type { Query, QueryClient } from "@tanstack/react-query";
import type { Socket } from "socket.io-client";
import { SOCKET_TOO_MANY } from "../../shared/chat-events";
import type {
  ClientToServerEvents,
  ServerEventName,
  ServerToClientEvents,
} from "../../shared/socket-events";
import { checkSessionAfterServerClose } from "../lib/auth/session-after-server-close";
import { checkFirstAnswersAfterLink, currentAddress } from "./first-answers-after-link";
import { isLiveQuery } from "./live-query";
import { screenAnswered } from "./screen-answered";

/** What the tab knows of its link to the server, for banners. */
export type ConnectionStatus = "connecting" | "connected" | "reconnecting" | "too-many";
/** The link as banners show it; "offline" when the browser says so. */
export type LinkStatus = ConnectionStatus | "offline";

type TypedSocket = Socket<ServerToClientEvents, ClientToServerEvents>;
/**
 * The same socket seen untyped: the one place events are routed by name. Every
 * way in (on, emit, request) is typed by the contract above it.
 */
type RoutingSocket = Socket;
type ClientEventName = keyof ClientToServerEvents;
/** The payload a client event is sent with. */
type ClientPayload<E extends ClientEventName> = Parameters<ClientToServerEvents[E]>[0];
/** The server's answer to a client event sent with an acknowledgement. */
type AckOf<E extends ClientEventName> = ClientToServerEvents[E] extends (
  payload: never,
  ack: (answer: infer A) => void,
) => void
  ? A
  : never;
interface Subscription {
  name: string;
  handler: ServerToClientEvents[ServerEventName];
}

/** After a refusal for too many open tabs, when to try again (Socket.IO does not by itself). */
const TOO_MANY_RETRY_MS = 30_000;

/**
 * The tab's one real-time link for the signed-in user, owned by
 * RealtimeProvider (one per QueryClient, no module state): the Socket.IO
 * connection, its status, the typed subscriptions of every feature, and the
 * one resync rule. Screens never see the socket: they use useSocketEvent and
 * the typed emit helpers; features build on `on`, `emit`, `request` and
 * `onConnect` (chat's sends and watched rooms: features/conversations/realtime).
 *
 * Resync: after every connect (the first too: the page's first fetches may
 * have been answered before the socket joined its channels), after the
 * server's "sync:required", and after a gap a feature detects (resync()),
 * every live query (liveQuery) is fetched again and resync listeners run.
 * After the first connect, a live query first answered later is fetched once
 * more: its answer may be the page's preload, older than the link.
 */
export class RealtimeClient {
  private current: {
    userId: string;
    /** Which opening this is: a link closed and opened again for the same user is another. */
    opening: number;
    socket: Promise<RoutingSocket>;
    /** The socket once created, so subscriptions attach at once. */
    ready?: RoutingSocket;
  } | null = null;
  private openings = 0;
  private readonly subscriptions = new Set<Subscription>();
  /** Rooms this tab shows (an agent's open conversations): room id → who asked, to tell each once watched. */
  private readonly connectListeners = new Set<() => void>();
  private readonly resyncListeners = new Set<() => void>();
  private readonly listeners = new Set<() => void>();
  private status: ConnectionStatus = "connecting";
  /** Whether the link was ever up: only the first time can answers be older than it. */
  private linkedOnce = false;
  /** Ends the check of first answers that may be older than the link. */
  private stopCheckingFirstAnswers: (() => void) | null = null;
  private readonly firstAddress = currentAddress();
  private offline = typeof navigator !== "undefined" && !navigator.onLine;

  constructor(private readonly queryClient: QueryClient) {}

  /** Opens the link for this user; a different user's is closed first. */
  open(userId: string): void {
    if (this.current?.userId === userId) return;
    this.close();
    const opening = ++this.openings;
    const socket = this.connect(userId, opening);
    // A failed import (offline on first load) must not leave a rejection unhandled.
    socket.catch((error: unknown) => console.error("Live connection failed", error));
    this.current = { userId, opening, socket };
    if (typeof window !== "undefined") {
      window.addEventListener("online", this.onOnline);
      window.addEventListener("offline", this.onOffline);
    }
  }

  close(): void {
    const closing = this.current;
    this.current = null;
    this.stopCheckingFirstAnswers?.();
    this.stopCheckingFirstAnswers = null;
    this.setStatus("connecting");
    if (typeof window !== "undefined") {
      window.removeEventListener("online", this.onOnline);
      window.removeEventListener("offline", this.onOffline);
    }
    void closing?.socket.then((s) => s.disconnect()).catch(() => undefined);
  }

  get userId(): string | undefined {
    return this.current?.userId;
  }

  /** Hears a server event for as long as the returned function is not called. */
  on<E extends ServerEventName>(event: E, handler: ServerToClientEvents[E]): () => void {
    // The contract types the handler; the socket only routes by name.
    const name: string = event;
    const subscription: Subscription = { name, handler };
    this.subscriptions.add(subscription);
    // Before the socket exists, connect() attaches every subscription.
    const socket = this.current?.ready;
    socket?.on(name, handler);
    return () => {
      this.subscriptions.delete(subscription);
      socket?.off(name, handler);
    };
  }

  /** Runs after every resync (e.g. the outbox sends what waits). */
  onResync(listener: () => void): () => void {
    this.resyncListeners.add(listener);
    return () => this.resyncListeners.delete(listener);
  }

  /** The one resync rule: every live view is brought up to date from the server. */
  resync(): void {
    const queryClient = this.queryClient;
    // A first fetch still in flight may have been answered before what was
    // missed: an invalidation would only join it, so it is cancelled first.
    const firstLoads = (query: Query) =>
      isLiveQuery(query) &&
      query.state.data === undefined &&
      query.state.fetchStatus === "fetching";
    void queryClient
      .cancelQueries({ predicate: firstLoads })
      .then(() => queryClient.invalidateQueries({ predicate: isLiveQuery }));
    for (const listener of this.resyncListeners) listener();
  }

  /** Sends an event; it is buffered while the link is down. */
  async emit<E extends ClientEventName>(event: E, payload: ClientPayload<E>): Promise<void> {
    const socket = await this.socket();
    const name: string = event;
    socket.emit(name, payload);
  }

  /**
   * Sends an event and resolves with the server's answer. Retried until
   * answered (the socket's `retries`), in order; on a connected socket it
   * leaves at once, in the caller's turn.
   */
  request<E extends ClientEventName>(event: E, payload: ClientPayload<E>): Promise<AckOf<E>> {
    const name: string = event;
    const send = (socket: RoutingSocket) => socket.emitWithAck(name, payload) as Promise<AckOf<E>>;
    const ready = this.current?.ready;
    return ready ? send(ready) : this.socket().then(send);
  }

  /** Sends an event only if the link is up now (what a new connection forgets anyway). */
  emitIfConnected<E extends ClientEventName>(event: E, payload: ClientPayload<E>): void {
    const socket = this.current?.ready;
    const name: string = event;
    if (socket?.connected) socket.emit(name, payload);
  }

  /** Whether the link is up now. */
  isConnected(): boolean {
    return this.current?.ready?.connected ?? false;
  }

  /**
   * Runs each time the link comes up, before the resync: a new connection
   * hears only the user's own channels, so a feature asks again for more.
   */
  onConnect(listener: () => void): () => void {
    this.connectListeners.add(listener);
    return () => this.connectListeners.delete(listener);
  }

  /**
   * Sends an event now or not at all (typing signals), and answers whether it
   * went. Volatile, so it never waits in the retry queue behind a message's
   * acknowledgement; socket.io drops a volatile event while the transport is
   * still writing the last packet, so this answers false then instead of
   * dropping it in silence, and the caller tries again at its next occasion.
   */
  emitNowOrNever<E extends ClientEventName>(event: E, payload: ClientPayload<E>): boolean {
    const socket = this.current?.ready;
    const name: string = event;
    if (!socket?.connected || !socket.io.engine.transport.writable) return false;
    socket.volatile.emit(name, payload);
    return true;
  }

  readonly subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  readonly getStatus = (): LinkStatus => (this.offline ? "offline" : this.status);

  private socket(): Promise<RoutingSocket> {
    return this.current?.socket ?? Promise.reject(new Error("Not connected."));
  }

  private notify(): void {
    for (const listener of this.listeners) listener();
  }

  private setStatus(status: ConnectionStatus): void {
    if (this.status === status) return;
    this.status = status;
    this.notify();
  }

  /**
   * The browser lost the network: the socket is closed at once (a socket can
   * look alive for a long while); sends wait in the socket's buffer and the outbox.
   */
  private readonly onOffline = () => {
    this.offline = true;
    void this.current?.socket.then((s) => s.disconnect()).catch(() => undefined);
    this.notify();
  };

  private readonly onOnline = () => {
    this.offline = false;
    void this.current?.socket
      .then((s) => {
        if (!s.connected) s.connect();
      })
      .catch(() => undefined);
    this.notify();
  };

  /**
   * socket.io-client is loaded on first use, once the screen's first answers
   * are in (screenAnswered): off the first route and off its largest paint.
   * The first connect's resync brings what happened meanwhile.
   */
  private async connect(userId: string, opening: number): Promise<RoutingSocket> {
    await screenAnswered(this.queryClient);
    const { io } = await import("./socket-io");
    const routing: RoutingSocket = io({
      transports: ["websocket"],
      withCredentials: true,
      // Keep retrying an acknowledged emit until the server answers; order is kept.
      retries: Number.MAX_SAFE_INTEGER,
      ackTimeout: 10_000,
      // Opened below, once the subscriptions are in place.
      autoConnect: false,
    });
    const socket: TypedSocket = routing;
    // An opening closed meanwhile (even if the same user's link opened again)
    // owns nothing: its socket neither connects nor speaks for the link.
    const isCurrent = () => this.current?.opening === opening;
    if (this.current?.opening === opening) this.current.ready = routing;
    for (const { name, handler } of this.subscriptions) routing.on(name, handler);
    let wasConnected = false;
    socket.on("connect", () => {
      wasConnected = true;
      if (!isCurrent()) return;
      this.setStatus("connected");
      for (const listener of this.connectListeners) listener();
      this.startFirstAnswerCheck();
      this.resync();
    });
    socket.on("sync:required", () => {
      if (isCurrent()) this.resync();
    });
    socket.on("disconnect", (reason) => {
      if (isCurrent()) this.setStatus("reconnecting");
      if (reason === "io server disconnect") {
        checkSessionAfterServerClose(this.queryClient, userId, () => {
          if (isCurrent()) socket.connect();
        });
      }
    });
    socket.on("connect_error", (error) => {
      if (error.message === SOCKET_TOO_MANY) {
        // The account has too many connections open: say so, and try again later.
        if (isCurrent()) this.setStatus("too-many");
        setTimeout(() => {
          if (isCurrent() && !socket.active) socket.connect();
        }, TOO_MANY_RETRY_MS);
        return;
      }
      if (wasConnected && isCurrent()) this.setStatus("reconnecting");
      console.error("Live connection failed", error.message);
    });
    if (!this.offline && isCurrent()) socket.connect();
    return routing;
  }

  /** Only the first time the link comes up can a first answer be older than it. */
  private startFirstAnswerCheck(): void {
    if (this.linkedOnce) return;
    this.linkedOnce = true;
    this.stopCheckingFirstAnswers = checkFirstAnswersAfterLink(this.queryClient, this.firstAddress);
  }
}
