import type { QueryClient } from "@tanstack/react-query";
import type { ChatContact, ChatMessage } from "../../../../shared/chat";
import {
  TYPING_SHOWN_MS,
  type PeerTypingEvent,
  type RoomReadEvent,
} from "../../../../shared/chat-events";
import { fetchSessionUser, sessionQueryKey } from "../../../lib/auth/session";
import { ChatSocket, type ConnectionStatus } from "../../../lib/chat-socket";
import { notifyIfHidden } from "../../../lib/notifications";
import { lastMessagePreview } from "../../../../shared/chat-format";
import type { Outbox, OutboxItem } from "../outbox/outbox";
import type { OutboxStore } from "../outbox/outbox-store";
import { chatKeys } from "../api/query-keys";
import { mergeMessages, type Thread, type ThreadMessage } from "../thread";

type Listener = () => void;
const NO_ITEMS: readonly OutboxItem[] = [];

/** The link as the banner shows it; "offline" when the browser says so. */
export type LinkStatus = ConnectionStatus | "offline";

interface Current {
  userId: string;
  socket: Promise<ChatSocket>;
  outbox: Promise<{ outbox: Outbox; store: OutboxStore }>;
}

/**
 * The tab's chat connection and outbox for one signed-in user, owned by
 * ChatConnectionProvider (one per QueryClient, no module state). Live events
 * land in the query cache; components read the status through subscribe.
 */
export class ChatConnection {
  private current: Current | null = null;
  private status: ConnectionStatus = "connecting";
  private offline = typeof navigator !== "undefined" && !navigator.onLine;
  /** Rooms where the other person is typing: room id → until when (epoch ms). */
  private typing: ReadonlyMap<string, number> = new Map();
  /** Read marks announced live: "roomId userId" → lastReadAt. */
  private reads: ReadonlyMap<string, number> = new Map();
  /** The last message that arrived live (not from history), for polite announcements. */
  private lastLive: ChatMessage | null = null;
  /** Bumped when names or pictures changed; an open conversation reloads its peer. */
  private directoryVersion = 0;
  private readonly listeners = new Set<Listener>();

  constructor(private readonly queryClient: QueryClient) {}

  /** Opens the connection for this user; a different user's is closed first. */
  open(userId: string): void {
    if (this.current?.userId === userId) return;
    this.close();
    const socket = ChatSocket.connect(this.handlers(userId));
    // A failed import (offline on first load) must not leave a rejection unhandled.
    socket.catch((error: unknown) => console.error("Chat connection failed", error));
    const outbox = import("../outbox/start-outbox").then(({ startOutbox }) => {
      const started = startOutbox(userId, this.queryClient, () => socket);
      if (this.current?.userId !== userId) {
        started.outbox.stop();
        return started;
      }
      this.loadedOutbox = started.outbox;
      started.outbox.subscribe(() => this.notify());
      this.notify();
      return started;
    });
    outbox.catch((error: unknown) => console.error("Outbox failed", error));
    this.current = { userId, socket, outbox };
    if (typeof window !== "undefined") {
      window.addEventListener("online", this.onOnline);
      window.addEventListener("offline", this.onOffline);
    }
  }

  close(): void {
    const closing = this.current;
    this.current = null;
    this.loadedOutbox = null;
    this.setStatus("connecting");
    if (typeof window !== "undefined") {
      window.removeEventListener("online", this.onOnline);
      window.removeEventListener("offline", this.onOffline);
    }
    void closing?.socket.then((s) => s.close()).catch(() => undefined);
    void closing?.outbox
      .then(({ outbox, store }) => {
        outbox.stop();
        store.close();
      })
      .catch(() => undefined);
  }

  /** The user's outbox, once loaded (it loads right after the connection opens). */
  outbox(): Promise<Outbox> {
    if (!this.current) return Promise.reject(new Error("The chat is not connected."));
    return this.current.outbox.then((o) => o.outbox);
  }

  /** Synchronous view for rendering; null until loaded. */
  private loadedOutbox: Outbox | null = null;

  readonly getOutboxItems = (): readonly OutboxItem[] =>
    this.loadedOutbox?.getSnapshot() ?? NO_ITEMS;

  /** The open socket; rejects when no user is signed in. */
  socket(): Promise<ChatSocket> {
    return this.current?.socket ?? Promise.reject(new Error("The chat is not connected."));
  }

  get userId(): string | undefined {
    return this.current?.userId;
  }

  readonly subscribe = (listener: Listener): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  readonly getStatus = (): LinkStatus => (this.offline ? "offline" : this.status);

  /**
   * The browser lost the network: the socket is closed at once (a socket can
   * look alive for a long while) and messages wait in the outbox.
   */
  private readonly onOffline = () => {
    this.offline = true;
    void this.current?.socket.then((s) => s.pause()).catch(() => undefined);
    this.notify();
  };

  private readonly onOnline = () => {
    this.offline = false;
    void this.current?.socket.then((s) => s.resume()).catch(() => undefined);
    void this.current?.outbox.then(({ outbox }) => outbox.resume()).catch(() => undefined);
    this.notify();
  };

  readonly getDirectoryVersion = (): number => this.directoryVersion;

  readonly getLastLive = (): ChatMessage | null => this.lastLive;

  readonly getTyping = (): ReadonlyMap<string, number> => this.typing;

  readonly getReads = (): ReadonlyMap<string, number> => this.reads;

  /** Tells the other person this user is typing in the room. */
  sendTyping(roomId: string): void {
    void this.current?.socket.then((s) => s.typing(roomId)).catch(() => undefined);
  }

  private setTyping(roomId: string, until: number | null): void {
    const next = new Map(this.typing);
    if (until === null) next.delete(roomId);
    else next.set(roomId, until);
    this.typing = next;
    this.notify();
  }

  private notify(): void {
    for (const listener of this.listeners) listener();
  }

  private setStatus(status: ConnectionStatus): void {
    if (this.status === status) return;
    this.status = status;
    this.notify();
  }

  private handlers(userId: string) {
    const queryClient = this.queryClient;
    const isCurrent = () => this.current?.userId === userId;
    const refreshLists = () => queryClient.invalidateQueries({ queryKey: chatKeys.allContacts });
    return {
      onMessage: (message: ThreadMessage) => {
        this.lastLive = message;
        if (message.userId !== userId) {
          // A message ends its sender's typing.
          if (this.typing.has(message.roomId)) this.setTyping(message.roomId, null);
          notifyIfHidden(message.senderName, lastMessagePreview(message), message.roomId);
        }
        this.notify();
        const key = chatKeys.messages(message.roomId);
        // Only an open conversation holds messages; the others load when opened.
        if (queryClient.getQueryData(key)) {
          queryClient.setQueryData<Thread>(key, (held) => ({
            messages: mergeMessages(held?.messages ?? [], [message]),
            hasOlder: held?.hasOlder ?? false,
          }));
        } else {
          // Still loading: its fetch may have been answered before this message
          // was stored, so fetch again (merged by id, nothing doubles). The
          // fetch in flight is cancelled first: without data, an invalidation
          // would only join it.
          void queryClient
            .cancelQueries({ queryKey: key })
            .then(() => queryClient.invalidateQueries({ queryKey: key }));
        }
        void refreshLists();
      },
      onRead: (event: RoomReadEvent) => {
        const next = new Map(this.reads);
        next.set(`${event.roomId} ${event.userId}`, event.lastReadAt);
        this.reads = next;
        this.notify();
        // The lists show only this user's unread counts. Their own mark (this
        // tab or another) leaves nothing unread in the room: no refetch. A
        // later message arrives after this event, with its own refresh.
        if (event.userId !== userId) return;
        queryClient.setQueriesData<ChatContact[]>({ queryKey: chatKeys.allContacts }, (list) =>
          list?.map((contact) =>
            contact.roomId === event.roomId && contact.unread > 0
              ? { ...contact, unread: 0 }
              : contact,
          ),
        );
      },
      onPeerTyping: (event: PeerTypingEvent) => {
        if (event.userId === userId) return;
        const until = Date.now() + TYPING_SHOWN_MS;
        this.setTyping(event.roomId, until);
        setTimeout(() => {
          if (this.typing.get(event.roomId) === until) this.setTyping(event.roomId, null);
        }, TYPING_SHOWN_MS);
      },
      onDirectoryChanged: () => {
        void refreshLists();
        // The open conversation's header and profile pane show names too.
        this.directoryVersion += 1;
        this.notify();
      },
      onConnected: () => {
        void this.current?.outbox.then(({ outbox }) => outbox.resume()).catch(() => undefined);
        // Each open conversation fetches only what came after its last seq;
        // the lists (and so the unread counts) are fetched again.
        void queryClient.invalidateQueries({ queryKey: chatKeys.allMessages });
        void refreshLists();
      },
      onServerDisconnect: (reconnect: () => void) => {
        // After the user's own password change this tab holds a fresh session
        // cookie: reconnect. After sign-out (or deletion) the session is gone.
        // The close can overtake the answer that carries the new cookie, so a
        // missing session is asked again once before the tab counts as signed out.
        const check = async () => {
          let user = await fetchSessionUser();
          if (user?.id !== userId) {
            await new Promise((resolve) => setTimeout(resolve, 1500));
            user = await fetchSessionUser();
          }
          if (user?.id === userId) {
            if (isCurrent()) reconnect();
          } else {
            queryClient.setQueryData(sessionQueryKey, user);
          }
        };
        void check().catch(() => undefined);
      },
      onStatus: (status: ConnectionStatus) => {
        if (isCurrent()) this.setStatus(status);
      },
    };
  }
}
