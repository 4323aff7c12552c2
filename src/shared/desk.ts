import { z } from "zod";
import { MESSAGE_MAX_LENGTH, type ChatMessage, type LastMessage } from "./chat";
import { plainString } from "./plain-text";
import { DAY_MS, HOUR_MS, MINUTE_MS } from "./durations";

/**
 * The support desk as a team: views, assignment, resolve/reopen and internal
 * notes. The artist's side never sees any of it (docs/decisions/040-team-inbox.md).
 */
export const DESK_VIEWS = ["mine", "team", "resolved"] as const;
export type DeskView = (typeof DESK_VIEWS)[number];
export const DESK_VIEW_LABELS: Record<DeskView, string> = {
  mine: "Mine",
  team: "Team",
  resolved: "Resolved",
};

export type ConversationStatus = "open" | "resolved";

/** Message kinds only agents ever receive: internal notes and desk lines (assigned, resolved). */
export const AGENT_ONLY_KINDS = ["note", "event"] as const;
/** Message kinds both people see. */
export const SHARED_KINDS = ["text", "system"] as const;

const agentOnlyKinds: ReadonlySet<string> = new Set(AGENT_ONLY_KINDS);

export function isAgentOnly(message: Pick<ChatMessage, "kind">): boolean {
  return message.kind !== undefined && agentOnlyKinds.has(message.kind);
}

/** The views the Awaiting reply filter narrows (a resolved conversation awaits nobody). */
export const AWAITING_VIEWS = ["mine", "team"] as const satisfies readonly DeskView[];
export type AwaitingView = (typeof AWAITING_VIEWS)[number];
export const AWAITING_LABEL = "Awaiting reply";

export const deskInboxQuerySchema = z
  .object({
    view: z.enum(DESK_VIEWS, { error: "Choose Mine, Team or Resolved." }).default("mine"),
    q: plainString().trim().max(100, { error: "Search at most 100 characters." }).default(""),
    /** `?awaiting=1`: only the conversations where the artist spoke last. */
    awaiting: z
      .enum(["0", "1"], { error: "Awaiting reply is 1 (on) or 0 (off)." })
      .default("0")
      .transform((on) => on === "1"),
  })
  .refine((query) => !query.awaiting || query.view !== "resolved", {
    error: "Awaiting reply narrows Mine or Team, not Resolved.",
    path: ["awaiting"],
  });
export type DeskInboxQuery = z.infer<typeof deskInboxQuerySchema>;

export interface DeskAgent {
  id: string;
  name: string;
}

/** One row of a desk view. */
export interface DeskConversation {
  roomId: string;
  artist: { id: string; name: string; email: string; picture: string | null };
  assignee: DeskAgent | null;
  status: ConversationStatus;
  /** The last message agents see (notes included). */
  lastMessage: LastMessage | null;
  /** The artist's first message with no agent reply after it; null when nobody waits. */
  waitingSince: number | null;
  /** Latest message, or when the room was made. */
  activityAt: number;
  /** Messages from others after this agent's read mark. */
  unread: number;
  /** This agent is named in a note they have not seen yet. */
  mentioned: boolean;
}

export interface DeskInbox {
  view: DeskView;
  /** Whether the rows are only those awaiting a reply. */
  awaiting: boolean;
  conversations: DeskConversation[];
  counts: Record<DeskView, number>;
  /** How many conversations of Mine and of Team await a reply (search aside). */
  awaitingCounts: Record<AwaitingView, number>;
}

/** GET /api/desk/unread: an agent's navigation badge, the unread of what is theirs (Mine). */
export interface DeskUnread {
  unread: number;
}

/** What the conversation header's desk controls show. */
export interface DeskRoom {
  roomId: string;
  artistId: string;
  assigneeId: string | null;
  status: ConversationStatus;
  agents: DeskAgent[];
}

/** PUT /api/chat/rooms/with/{artistId}?room=: an agent opens this room of the artist's. */
export const openRoomQuerySchema = z.object({ room: plainString().min(3).max(200).optional() });

export const deskRoomParamsSchema = z.object({ id: plainString().min(3).max(200) });

export const assignSchema = z.object({
  assigneeId: plainString().min(1, { error: "Choose an agent." }).max(200),
});

/** An internal note; the id is made by the client so a retried post is stored once. */
export const noteSchema = z.object({
  id: z.uuid({ error: "A note needs a valid id." }),
  text: plainString()
    .max(MESSAGE_MAX_LENGTH, {
      error: `A note can have at most ${MESSAGE_MAX_LENGTH} characters.`,
    })
    .transform((t) => t.trim())
    .refine((t) => t.length > 0, { error: "Type a note before saving." }),
});
export type NoteInput = z.input<typeof noteSchema>;

/** The lines agents see in the conversation when its desk state changes. */
export const deskLines = {
  assigned: (by: string, to: string) => `${by} assigned this to ${to}`,
  resolved: (by: string) => `Resolved by ${by}`,
  reopened: (by: string) => `Reopened by ${by}`,
  reopenedByArtist: (artist: string) => `Reopened: new message from ${artist}`,
};

/** "Waiting 4 min", "Waiting 2 h", "Waiting 3 d": whole units, never below one minute. */
export function formatWaiting(since: number, now: number): string {
  const waited = Math.max(0, now - since);
  if (waited < HOUR_MS) return `Waiting ${Math.max(1, Math.floor(waited / MINUTE_MS))} min`;
  if (waited < DAY_MS) return `Waiting ${Math.floor(waited / HOUR_MS)} h`;
  return `Waiting ${Math.floor(waited / DAY_MS)} d`;
}

/**
 * The agents a note names: `@` followed by an agent's name (case-insensitive,
 * not followed by a letter or digit). Longer names are tried first, so
 * "@Agent Two" never also names an agent called "Agent".
 */
export function mentionedAgents(text: string, agents: readonly DeskAgent[]): string[] {
  const lower = text.toLowerCase();
  const found = new Set<string>();
  let rest = lower;
  for (const agent of agents.toSorted((a, b) => b.name.length - a.name.length)) {
    const name = agent.name.trim().toLowerCase();
    if (!name) continue;
    let at = rest.indexOf(`@${name}`);
    while (at !== -1) {
      const next = rest.charAt(at + name.length + 1);
      if (!/[\p{L}\p{N}]/u.test(next)) {
        found.add(agent.id);
        // Blank it out so a shorter name cannot match inside it.
        rest = rest.slice(0, at) + " ".repeat(name.length + 1) + rest.slice(at + name.length + 1);
        break;
      }
      at = rest.indexOf(`@${name}`, at + 1);
    }
  }
  return [...found];
}
