import type { WithdrawalState } from "../../shared/withdrawal-states";
import type { FastifyBaseLogger } from "fastify";
import type { ChatMessage } from "../../shared/chat";
import type { RoomReadEvent } from "../../shared/chat-events";
import type { AgentAvailability } from "../../shared/availability";

/** Who a conversation is between, who owns it now, and whether it is open. */
export interface RoomParties {
  artistId: string | null;
  agentId: string | null;
  assigneeId: string | null;
  status: "open" | "resolved";
}

/** A step of a release's review: who took it and the state it left the release in. */
export interface ReleaseStepEvent {
  releaseId: string;
  artistId: string;
  state: string;
  actorName: string | null;
}

/**
 * Every change one feature makes that others react to. The service that owns
 * the change emits it after its transaction commits; realtime fan-out, cache
 * invalidation, file cleanup and notices subscribe. Payloads are plain JSON,
 * so an event can also travel to the other instances (see cross-instance.ts).
 */
export interface DomainEventMap {
  /** A user's name, picture or profile fields changed. */
  "user.profileChanged": { userId: string; admin: boolean };
  /** A user's password changed: every session but the caller's new one ended. */
  "user.passwordChanged": {
    userId: string;
    email: string;
    at: number;
    /** Changed in Settings, or reset with an emailed link. */
    via?: "settings" | "reset";
  };
  /** A user's sign-in email changed. */
  "user.emailChanged": { userId: string; oldEmail: string; newEmail: string; at: number };
  /** An account and everything of it is gone. */
  "user.deleted": { userId: string; email: string };
  /** One session ended (signed out). */
  "session.ended": { userId: string; sessionId: string };
  /**
   * A message was stored for the first time (never for a retried send).
   * `room` is read once with the message, so listeners (the desk's reopen,
   * the unread mail) need no query of their own on the send path.
   */
  "chat.messageCreated": {
    message: ChatMessage;
    memberIds: readonly string[];
    room: RoomParties | undefined;
  };
  /** Someone is typing in a room (not stored; shown to the recipients for a few seconds). */
  "chat.typing": { roomId: string; userId: string; recipientIds: readonly string[] };
  /** Someone read a room. */
  "chat.roomRead": RoomReadEvent & { memberIds: readonly string[] };
  /**
   * A conversation's assignee or status changed (assigned, resolved, reopened);
   * `line` is the agents-only line written for it.
   */
  "desk.conversationChanged": {
    roomId: string;
    artistId: string;
    assigneeId: string | null;
    status: "open" | "resolved";
    line: ChatMessage;
  };
  /**
   * An internal note was stored. Never `chat.messageCreated`: listeners of
   * that event deliver to the artist, and a note must never reach one.
   */
  "desk.noteCreated": { message: ChatMessage; mentionedIds: readonly string[] };
  /** A song's status changed on the desk (recorded in song_status_event as historyId). */
  "song.statusChanged": {
    songId: string;
    artistId: string;
    title: string;
    from: string;
    to: string;
    agentId: string;
    agentName: string;
    historyId: string;
    at: number;
  };
  /** A song request was created, edited or removed: per-artist caches drop it. */
  "song.changed": { songId: string; artistId: string };
  /**
   * The artist opened their song: its views and the day's count moved. The
   * counts are the database's right after the view (absolute, not +1), so
   * every instance raises its cached record to them in whatever order views
   * arrive (song-detail-cache.ts).
   */
  "song.viewed": {
    songId: string;
    artistId: string;
    /** The song's views after this one. */
    views: number;
    /** The UTC day (YYYY-MM-DD) the view counts on, and that day's views after it. */
    day: string;
    dayViews: number;
  };
  /** An agent set themselves away or back (or changed the return day). */
  "agent.availabilityChanged": { agentId: string; availability: AgentAvailability };
  /**
   * An agent wrote in a conversation: their usual reply time may have moved
   * (its cache goes on every instance). Its own small event, so that
   * `chat.messageCreated`, a whole message, is never relayed to the other
   * instances: its sockets' fan-out already travels through the adapter.
   */
  "agent.replied": { agentId: string };
  /**
   * An artist submitted a release for review: its tracks are now these song
   * requests (pending). Agents hear it as desk activity; the artist gets an email.
   */
  "release.submitted": { releaseId: string; artistId: string; title: string; songIds: string[] };
  /**
   * A release was created, saved, submitted, withdrawn or deleted (`state`
   * "deleted"): the artist's open screens fetch it again.
   */
  "release.changed": {
    releaseId: string;
    artistId: string;
    state: string;
    /** The desk's queue moved too (submitted, withdrawn): every agent refetches. */
    queue?: boolean;
  };
  /** An agent started reviewing a release (decision 099): its songs are in review. */
  "release.reviewStarted": ReleaseStepEvent;
  /** An agent sent a release back with items to fix: the artist gets one email listing them. */
  "release.changesRequested": ReleaseStepEvent & { items: { reason: string; note: string }[] };
  /** An agent approved a release (ISRCs and UPC assigned): the artist gets one email. */
  "release.approved": ReleaseStepEvent;
  /** An agent rejected a release (final): its songs are rejected; one email. */
  "release.rejected": ReleaseStepEvent;
  /** An agent saved store delivery rows of an approved or live release. */
  "release.storesUpdated": ReleaseStepEvent;
  /** The first store went live: the release and its songs are released; one email. */
  "release.live": ReleaseStepEvent & { store: string; link: string };
  /** Stored-file rows are gone; their bytes may now be removed. */
  "files.deleted": { ids: readonly string[] };
  /**
   * A ledger posting committed (issue 46): a statement imported, reversed, or
   * an unmatched code assigned. `artistIds` are the artists whose balance it
   * moved (their wallets refetch, each gets the earnings mail for an import).
   */
  "ledger.posted": {
    postingId: string;
    artistIds: readonly string[];
  } & (
    | { kind: "statement" | "reversal" | "assignment"; statementId: string }
    /** A split's held money moved (issue 47): it spans statements. */
    | { kind: "split-accept" | "split-return"; statementId: null }
  );
  /**
   * A withdrawal was requested, approved, paid or failed (issue 47), its
   * money posted in the same transaction: the artist's wallet refetches and
   * the artist gets one email for the step.
   */
  "withdrawal.changed": {
    withdrawalId: string;
    artistId: string;
    state: WithdrawalState;
  };
}

export type DomainEventName = keyof DomainEventMap;
export type DomainListener<K extends DomainEventName> = (
  payload: DomainEventMap[K],
) => void | Promise<void>;

/** Where an event was emitted: here, or on another instance (relayed by Redis). */
export type EventOrigin = "local" | "remote";

interface Subscription<K extends DomainEventName> {
  listener: DomainListener<K>;
  /** Also hear the same event emitted by other instances (cache invalidation). */
  everyInstance: boolean;
}

/** Each event's listeners, typed by the event: a listener only ever gets its own payload. */
type Subscriptions = { [K in DomainEventName]: Subscription<K>[] };

/**
 * No listeners yet. Every event is named here (the compiler refuses a
 * missing or unknown one), so each has its typed list from the start.
 */
function noSubscriptions(): Subscriptions {
  return {
    "user.profileChanged": [],
    "user.passwordChanged": [],
    "user.emailChanged": [],
    "user.deleted": [],
    "session.ended": [],
    "chat.messageCreated": [],
    "chat.typing": [],
    "chat.roomRead": [],
    "desk.conversationChanged": [],
    "desk.noteCreated": [],
    "song.statusChanged": [],
    "song.changed": [],
    "song.viewed": [],
    "agent.availabilityChanged": [],
    "agent.replied": [],
    "release.submitted": [],
    "release.changed": [],
    "release.reviewStarted": [],
    "release.changesRequested": [],
    "release.approved": [],
    "release.rejected": [],
    "release.storesUpdated": [],
    "release.live": [],
    "files.deleted": [],
    "ledger.posted": [],
    "withdrawal.changed": [],
  };
}

const EVENT_NAMES = new Set(Object.keys(noSubscriptions()));

/** Whether a name (one relayed by another instance) is a domain event's. */
export function isDomainEventName(name: string): name is DomainEventName {
  return EVENT_NAMES.has(name);
}

/** Every domain event's name, as a value: the keys of DomainEventMap. */
export const DOMAIN_EVENT_NAMES: readonly DomainEventName[] = [...EVENT_NAMES].filter(
  isDomainEventName,
);

/**
 * A payload relayed by another instance was emitted there through the typed
 * `emit` of this same code (and came through JSON): every payload is an
 * object, anything else is not an event of ours.
 */
function isRelayedPayload<K extends DomainEventName>(
  _name: K,
  payload: unknown,
): payload is DomainEventMap[K] {
  return typeof payload === "object" && payload !== null;
}

/**
 * A typed, in-process event bus. Listeners run concurrently; one listener's
 * failure is logged and never reaches the emitter or the other listeners,
 * because the change it reports has already committed.
 */
export class DomainEvents {
  private readonly subscriptions = noSubscriptions();
  private readonly relays: ((name: DomainEventName, payload: unknown) => void)[] = [];

  constructor(private readonly log: FastifyBaseLogger) {}

  /** Hears this event when emitted by this instance. */
  on<K extends DomainEventName>(name: K, listener: DomainListener<K>): void {
    this.subscribe(name, { listener, everyInstance: false });
  }

  /** Hears this event from every instance: for state each process keeps (caches). */
  onEveryInstance<K extends DomainEventName>(name: K, listener: DomainListener<K>): void {
    this.subscribe(name, { listener, everyInstance: true });
  }

  /** Sends every event emitted here to the other instances too. */
  relayTo(relay: (name: DomainEventName, payload: unknown) => void): void {
    this.relays.push(relay);
  }

  /** Whether any listener here wants this event from other instances too. */
  hasEveryInstanceListeners(name: DomainEventName): boolean {
    return this.subscriptions[name].some((s) => s.everyInstance);
  }

  /** Emits after the change committed; resolves once every listener has run. */
  emit<K extends DomainEventName>(name: K, payload: DomainEventMap[K]): Promise<void> {
    for (const relay of this.relays) relay(name, payload);
    return this.deliver(name, payload, "local");
  }

  /** An event another instance emitted, relayed here. */
  async receive(name: string, payload: unknown): Promise<void> {
    if (!isDomainEventName(name) || !isRelayedPayload(name, payload)) {
      this.log.warn(
        { event: name },
        "relayed domain event unknown here or without a payload: dropped",
      );
      return;
    }
    await this.deliver(name, payload, "remote");
  }

  private subscribe<K extends DomainEventName>(name: K, subscription: Subscription<K>) {
    this.subscriptions[name].push(subscription);
  }

  /**
   * Calls every listener now and waits only for those that returned a
   * promise: a chat send emits several events, and wrapping each synchronous
   * listener in a promise of its own was a third of the events' allocations.
   */
  private deliver<K extends DomainEventName>(
    name: K,
    payload: DomainEventMap[K],
    origin: EventOrigin,
  ): Promise<void> {
    let pending: Promise<void>[] | undefined;
    for (const { listener, everyInstance } of this.subscriptions[name]) {
      if (origin === "remote" && !everyInstance) continue;
      try {
        const running = listener(payload);
        if (running)
          (pending ??= []).push(running.catch((err: unknown) => this.failed(err, name, origin)));
      } catch (err) {
        this.failed(err, name, origin);
      }
    }
    return pending ? Promise.all(pending).then(done) : DONE;
  }

  private failed(err: unknown, event: DomainEventName, origin: EventOrigin): void {
    this.log.error({ err, event, origin }, "domain event listener failed");
  }
}

const DONE: Promise<void> = Promise.resolve();
const done = (): void => undefined;
