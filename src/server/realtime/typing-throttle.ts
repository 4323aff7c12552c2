import { MAX_WATCHED_ROOMS, TYPING_EVERY_MS, isTypingEvent } from "../../shared/chat-events";

/** A room's signals closer than this are dropped: a tab repeats its own every TYPING_EVERY_MS. */
const MIN_GAP_MS = TYPING_EVERY_MS / 2;
/** Signals a socket may pass on a second, whatever their rooms. */
const MAX_PER_SECOND = 5;

/**
 * One socket's typing signals, thinned before any is looked at: each costs
 * a member lookup, a domain event and a frame to the other side (and a
 * Redis relay between instances), and a script could send thousands a
 * second. What a tab sends (one a room every two seconds) all passes.
 */
export class TypingThrottle {
  private readonly lastByRoom = new Map<string, number>();
  private windowStart = 0;
  private inWindow = 0;

  constructor(private readonly now: () => number = Date.now) {}

  /** Whether this signal is passed on: of a typing event's shape, the room still to be checked. */
  allows(payload: unknown): boolean {
    // The shape first: only a plausible room id (at most 200 characters) is kept.
    if (!isTypingEvent(payload)) return false;
    const { roomId } = payload;
    const now = this.now();
    if (now - this.windowStart >= 1_000) {
      this.windowStart = now;
      this.inWindow = 0;
    }
    if (this.inWindow >= MAX_PER_SECOND) return false;
    const last = this.lastByRoom.get(roomId);
    if (last !== undefined && now - last < MIN_GAP_MS) return false;
    // Bounded: a socket naming ever new rooms keeps no more than a tab could use.
    if (this.lastByRoom.size >= MAX_WATCHED_ROOMS) this.lastByRoom.clear();
    this.lastByRoom.set(roomId, now);
    this.inWindow++;
    return true;
  }
}
