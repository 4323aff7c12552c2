import type { QueryClient } from "@tanstack/react-query";
import type { ChatContact, ChatMessage } from "../../../../shared/chat";
import {
  TYPING_SHOWN_MS,
  type PeerTypingEvent,
  type RoomReadEvent,
} from "../../../../shared/chat-events";
import { notifyIfHidden } from "../../../lib/notifications";
import { lastMessagePreview } from "../../../../shared/chat-format";
import type { RealtimeClient } from "../../../realtime/realtime-client";
import type { Outbox, OutboxItem } from "../outbox/outbox";
import type { OutboxStore } from "../outbox/outbox-store";
import { chatKeys } from "../api/query-keys";
import { lastStoredSeq, mergeMessages, type Thread } from "../thread";
import { RoomWatcher } from "./room-watcher";
import { sendOverLink } from "./send-over-link";

type Listener = () => void;
const NO_ITEMS: readonly OutboxItem[] = [];

interface Current {
  userId: string;
  outbox: Promise<{ outbox: Outbox; store: OutboxStore }>;
  unsubscribe: () => void;
}

/**
 * The chat's live state for one signed-in user, on top of the tab's
 * RealtimeClient: live messages and read marks land in the query cache;
 * typing, live read marks and the outbox are read through subscribe. Owned by
 * ChatConnectionProvider (no module state). Reconnects and resyncs are the
 * realtime layer's: the chat's lists and threads are live queries.
 */
export class ChatConnection {
  private current: Current | null = null;
  /** Rooms where the other person is typing: room id → until when (epoch ms). */
  private typing: ReadonlyMap<string, number> = new Map();
  /** Read marks announced live: "roomId userId" → lastReadAt. */
  private reads: ReadonlyMap<string, number> = new Map();
  /** This user's own read marks (any tab): room id → lastReadAt. */
  private ownReads: ReadonlyMap<string, number> = new Map();
  /** The last message that arrived live (not from history), for polite announcements. */
  private lastLive: ChatMessage | null = null;
  /** Bumped when names or pictures changed; an open conversation reloads its peer. */
  private directoryVersion = 0;
  private readonly listeners = new Set<Listener>();
  private readonly rooms: RoomWatcher;

  constructor(
    private readonly queryClient: QueryClient,
    private readonly realtime: RealtimeClient,
  ) {
    this.rooms = new RoomWatcher(realtime);
  }

  /** Starts the chat for this user; a different user's is stopped first. */
  open(userId: string): void {
    if (this.current?.userId === userId) return;
    this.close();
    const outbox = import("../outbox/start-outbox").then(({ startOutbox }) => {
      const started = startOutbox(userId, this.queryClient, (input) =>
        sendOverLink(this.realtime, input),
      );
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
    const subscriptions = [
      this.realtime.on("message:new", (message) => this.onMessage(userId, message)),
      this.realtime.on("room:read", (event) => this.onRead(userId, event)),
      this.realtime.on("room:peer-typing", (event) => this.onPeerTyping(userId, event)),
      this.realtime.on("directory:changed", () => this.onDirectoryChanged()),
      // Back in touch with the server: uploads and sends that lost the link go again.
      this.realtime.onResync(() => {
        void outbox.then((o) => o.outbox.resume()).catch(() => undefined);
      }),
    ];
    this.current = {
      userId,
      outbox,
      unsubscribe: () => {
        for (const unsubscribe of subscriptions) unsubscribe();
      },
    };
  }

  close(): void {
    const closing = this.current;
    this.current = null;
    this.loadedOutbox = null;
    closing?.unsubscribe();
    void closing?.outbox
      .then(({ outbox, store }) => {
        outbox.stop();
        store.close();
      })
      .catch(() => undefined);
  }

  /** The user's outbox, once loaded (it loads right after the chat opens). */
  outbox(): Promise<Outbox> {
    if (!this.current) return Promise.reject(new Error("The chat is not connected."));
    return this.current.outbox.then((o) => o.outbox);
  }

  /** Synchronous view for rendering; null until loaded. */
  private loadedOutbox: Outbox | null = null;

  /** An empty outbox is always the same array: its loading re-renders nothing. */
  readonly getOutboxItems = (): readonly OutboxItem[] => {
    const items = this.loadedOutbox?.getSnapshot();
    return items && items.length > 0 ? items : NO_ITEMS;
  };

  get userId(): string | undefined {
    return this.current?.userId;
  }

  readonly subscribe = (listener: Listener): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  readonly getDirectoryVersion = (): number => this.directoryVersion;

  readonly getLastLive = (): ChatMessage | null => this.lastLive;

  readonly getTyping = (): ReadonlyMap<string, number> => this.typing;

  readonly getReads = (): ReadonlyMap<string, number> => this.reads;

  readonly getOwnReads = (): ReadonlyMap<string, number> => this.ownReads;

  /**
   * Fetches what a thread lacks (after its last seq, or the latest page while
   * its first load runs). A fetch in flight is cancelled first: an
   * invalidation would only join it, and it may have been answered before
   * what is missing was stored. Nothing to do for a thread never opened.
   */
  refreshThread(roomId: string): void {
    const queryClient = this.queryClient;
    const key = chatKeys.messages(roomId);
    if (!queryClient.getQueryState(key)) return;
    void queryClient
      .cancelQueries({ queryKey: key })
      .then(() => queryClient.invalidateQueries({ queryKey: key }));
  }

  /**
   * An agent's open conversation: its messages, notes and desk lines arrive
   * live while it is shown (other rooms reach the desk as "desk:activity").
   */
  watchRoom(roomId: string): () => void {
    return this.rooms.watch(roomId, () => this.refreshThread(roomId));
  }

  /**
   * Tells the other person this user is typing in the room; answers whether
   * it went. (Sent blind, a signal dropped while the socket was still writing
   * something else, a read mark say, made the next one wait TYPING_EVERY_MS,
   * so a short burst of typing never showed.)
   */
  sendTyping(roomId: string): boolean {
    return this.realtime.emitNowOrNever("room:typing", { roomId });
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

  private refreshLists() {
    return this.queryClient.invalidateQueries({ queryKey: chatKeys.allContacts });
  }

  private onMessage(userId: string, message: ChatMessage): void {
    const queryClient = this.queryClient;
    this.lastLive = message;
    if (message.userId !== userId) {
      // A message ends its sender's typing.
      if (this.typing.has(message.roomId)) this.setTyping(message.roomId, null);
      notifyIfHidden(message.senderName, lastMessagePreview(message), message.roomId);
    }
    this.notify();
    const key = chatKeys.messages(message.roomId);
    const held = queryClient.getQueryData<Thread>(key);
    const last = held ? lastStoredSeq(held.messages) : undefined;
    if (held && last !== undefined && message.seq > last + 1) {
      // A gap: something before this message was not heard (an artist never
      // hears the agents' notes, which take a seq too). The thread fetches
      // what came after its last seq; the lists refetch below.
      this.refreshThread(message.roomId);
    } else if (held) {
      // Only an open conversation holds messages; the others load when opened.
      queryClient.setQueryData<Thread>(key, (current) => ({
        messages: mergeMessages(current?.messages ?? [], [message]),
        hasOlder: current?.hasOlder ?? false,
      }));
    } else {
      // Still loading: its fetch may have been answered before this message
      // was stored, so fetch again (merged by id, nothing doubles).
      this.refreshThread(message.roomId);
    }
    void this.refreshLists();
  }

  private onRead(userId: string, event: RoomReadEvent): void {
    const next = new Map(this.reads);
    next.set(`${event.roomId} ${event.userId}`, event.lastReadAt);
    this.reads = next;
    this.notify();
    // The lists show only this user's unread counts. Their own mark (this tab
    // or another) leaves nothing unread in the room: no refetch. A later
    // message arrives after this event, with its own refresh.
    if (event.userId !== userId) return;
    this.ownReads = new Map(this.ownReads).set(event.roomId, event.lastReadAt);
    this.notify();
    this.queryClient.setQueriesData<ChatContact[]>({ queryKey: chatKeys.allContacts }, (list) =>
      list?.map((contact) =>
        contact.roomId === event.roomId && contact.unread > 0 ? { ...contact, unread: 0 } : contact,
      ),
    );
  }

  private onPeerTyping(userId: string, event: PeerTypingEvent): void {
    if (event.userId === userId) return;
    const until = Date.now() + TYPING_SHOWN_MS;
    this.setTyping(event.roomId, until);
    setTimeout(() => {
      if (this.typing.get(event.roomId) === until) this.setTyping(event.roomId, null);
    }, TYPING_SHOWN_MS);
  }

  private onDirectoryChanged(): void {
    void this.refreshLists();
    // The open conversation's header and profile pane show names too.
    this.directoryVersion += 1;
    this.notify();
  }
}
