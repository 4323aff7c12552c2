import { growingLruCache } from "../../cache/growing-lru-cache";
import type { DatabaseHandle } from "../../db/database";
import type { DomainEvents } from "../../events/domain-events";
import { parseInput } from "../../http/errors";
import {
  REPLY_TIME_MIN_SAMPLES,
  REPLY_TIME_WINDOW_MS,
  isAwayOn,
  median,
  setAvailabilitySchema,
  utcDay,
  type AgentAvailability,
} from "../../../shared/availability";
import type { OwnAvailability } from "../../../shared/responses/conversation-tools";
import { availabilityRow, availabilityRows, saveAvailability } from "./availability-repository";
import { firstReplySamples } from "./reply-time-repository";

/**
 * Agents' "Away" setting and their usual reply time. The median is costly
 * (a window over 30 days of an agent's rooms), so it is kept per agent for
 * ten minutes, and dropped on every instance when that agent sends a message.
 */
export class AvailabilityService {
  private readonly medians = growingLruCache<string, { value: number | null }>(10_000, {
    ttl: 10 * 60_000,
  });

  constructor(
    private readonly database: DatabaseHandle,
    private readonly events: DomainEvents,
    private readonly now: () => number = Date.now,
  ) {
    events.onEveryInstance("agent.replied", ({ agentId }) => {
      this.medians.delete(agentId);
    });
  }

  /** What artists see of these agents, by id. */
  async of(agentIds: readonly string[]): Promise<Map<string, AgentAvailability>> {
    const out = new Map<string, AgentAvailability>();
    if (agentIds.length === 0) return out;
    const rows = await availabilityRows(this.database.db, agentIds);
    const byId = new Map(rows.map((r) => [r.userId, r]));
    const today = utcDay(this.now());
    for (const id of agentIds) {
      const row = byId.get(id);
      const away = row ? isAwayOn(Boolean(row.away), row.awayUntil, today) : false;
      out.set(id, {
        away,
        awayUntil: away ? (row?.awayUntil ?? null) : null,
        medianReplyMs: await this.medianReply(id),
      });
    }
    return out;
  }

  async own(agentId: string): Promise<OwnAvailability> {
    const row = await availabilityRow(this.database.db, agentId);
    const shown = (await this.of([agentId])).get(agentId)!;
    // A return day that has come is "back": the setting shows what artists see.
    return shown.away
      ? { away: true, until: row?.awayUntil ?? null, shown }
      : { away: false, until: null, shown };
  }

  async set(agentId: string, input: unknown): Promise<OwnAvailability> {
    const { away, until } = parseInput(setAvailabilitySchema, input);
    const now = this.now();
    const values = {
      // An integer column on both engines (not a boolean): 1 away, 0 back.
      away: away ? 1 : 0,
      awayUntil: away ? until : null,
      updatedAt: now,
    };
    await saveAvailability(this.database.db, agentId, values);
    const result = await this.own(agentId);
    await this.events.emit("agent.availabilityChanged", {
      agentId,
      availability: result.shown,
    });
    return result;
  }

  private async medianReply(agentId: string): Promise<number | null> {
    const cached = this.medians.get(agentId);
    if (cached) return cached.value;
    const samples = await firstReplySamples(
      this.database.db,
      agentId,
      this.now() - REPLY_TIME_WINDOW_MS,
    );
    const value = samples.length >= REPLY_TIME_MIN_SAMPLES ? median(samples) : null;
    this.medians.set(agentId, { value });
    return value;
  }
}
