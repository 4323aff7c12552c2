import type { Kysely } from "kysely";
import { growingLruCache } from "../../../cache/growing-lru-cache";
import type { Database } from "../../../db/schema";
import type { DomainEvents } from "../../../events/domain-events";
import type { PublicUser } from "../../../../shared/user";
import { roomMemberIds } from "../repositories";
import { mayUseRoom } from "./access-rule";

/**
 * Room id → its two members, for every check of a room on this instance
 * (a send, a typing signal, a file download). Membership never changes once
 * a room exists (only account deletion removes rooms), so a hot path skips
 * the query. Bounded, least recently used first; a deleted user's rooms are
 * dropped on every instance when `user.deleted` arrives (followChanges).
 */
export class RoomMembers {
  private readonly cache = growingLruCache<string, readonly string[]>(50_000);

  constructor(private readonly db: Kysely<Database>) {}

  /** Drops a deleted user's rooms on every instance. */
  followChanges(events: DomainEvents): this {
    events.onEveryInstance("user.deleted", ({ userId }) => this.forgetUser(userId));
    return this;
  }

  async of(roomId: string): Promise<readonly string[]> {
    const cached = this.cache.get(roomId);
    if (cached) return cached;
    const ids = await roomMemberIds(this.db, roomId);
    // A room not made yet has no members: asked again, not remembered.
    if (ids.length > 0) this.cache.set(roomId, ids);
    return ids;
  }

  /** The rule of access-rule.ts, with the members from this cache. */
  async mayUse(roomId: string, user: Pick<PublicUser, "id" | "admin">): Promise<boolean> {
    return mayUseRoom(user, await this.of(roomId));
  }

  forgetUser(userId: string): void {
    for (const [roomId, ids] of this.cache.entries()) {
      if (ids.includes(userId)) this.cache.delete(roomId);
    }
  }
}
