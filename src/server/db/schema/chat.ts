import type { ColumnType, Generated } from "kysely";
import type { Bool, EpochMs } from "./columns";

// The conversations: rooms, their messages, the desk's marks and the live fan-out.

export interface RoomTable {
  id: string;
  createdAt: EpochMs;
  /** The room's two members, named once (migration 0010); filled right after the room is made. */
  artistId: string | null;
  agentId: string | null;
  /** The agent who owns the conversation now; starts as agentId. */
  assigneeId: string | null;
  status: Generated<"open" | "resolved">;
  statusChangedAt: EpochMs | null;
}

/** An agent's read mark in a room they read without being one of its two members. */
export interface DeskReadTable {
  roomId: string;
  agentId: string;
  lastReadAt: EpochMs;
}

/** An agent named with `@Name` in an internal note. */
export interface DeskMentionTable {
  messageId: string;
  agentId: string;
  roomId: string;
  createdAt: EpochMs;
}

/** A stored message whose live fan-out Redis has not confirmed yet (decision 094). */
export interface FanOutPendingTable {
  messageId: string;
  /** The instance that stored it (fan_out_instance). */
  instanceId: string;
  /** The database's clock, ms: when it was marked, or last claimed by a sweep. */
  markedAt: EpochMs;
}

/** An instance's heartbeat for the durable fan-out (decision 094). */
export interface FanOutInstanceTable {
  id: string;
  /** The database's clock, ms. */
  seenAt: EpochMs;
  /** 1 while its link to Redis is up. */
  linkUp: number;
}

export interface RoomMemberTable {
  roomId: string;
  userId: string;
  lastReadAt: EpochMs | null;
}

export interface MessageTable {
  id: string;
  roomId: string;
  seq: number;
  senderId: string;
  senderName: string;
  text: string;
  createdAt: EpochMs;
  status: string;
  fromMsgNum: number;
  toMsgNum: number;
  fileId: string | null;
  fileUrl: string | null;
  fileType: string | null;
  fileName: string | null;
  fileSize: number | null;
  /**
   * "text"; "system" for a line the portal writes for both people (a song's
   * status changed); "note" (an internal note) and "event" (assigned,
   * resolved, reopened) for agents only.
   */
  kind: Generated<string>;
  /** The artist's song the message is about ("Ask about this song"). */
  songId: string | null;
  /** The message of the same room this one quotes (reply with a quote). */
  quoteId: ColumnType<string | null, string | null | undefined, string | null>;
}

/** A reply agents share, inserted with "/shortcut" in the composer (migration 0014). */
export interface SavedReplyTable {
  id: string;
  shortcut: string;
  text: string;
  createdById: string | null;
  createdAt: EpochMs;
  updatedAt: EpochMs;
}

/** An agent's "Away" state and optional return day (YYYY-MM-DD). */
export interface AgentAvailabilityTable {
  userId: string;
  away: Bool;
  awayUntil: string | null;
  updatedAt: EpochMs;
}
