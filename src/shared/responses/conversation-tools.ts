import { z } from "zod";
import type { MessageSearchResult } from "../message-search";
import type { ReplyVariables, SavedReply } from "../saved-replies";
import { agentAvailabilitySchema } from "./chat";

export const savedReplySchema = z.object({
  id: z.string(),
  shortcut: z.string(),
  text: z.string(),
  updatedAt: z.number(),
}) satisfies z.ZodType<SavedReply>;

export const savedRepliesSchema = z.array(savedReplySchema);

export const replyVariablesSchema = z.object({
  "artist.name": z.string(),
  "artist.email": z.string(),
  "agent.name": z.string(),
  "song.title": z.string().optional(),
  "song.status": z.string().optional(),
}) satisfies z.ZodType<ReplyVariables>;

export const messageSearchResultSchema = z.object({
  matches: z.array(z.object({ id: z.string(), seq: z.number() })),
  more: z.boolean(),
  terms: z.array(z.string()),
}) satisfies z.ZodType<MessageSearchResult>;

/** The signed-in agent's own setting, as stored (not only as artists see it). */
export const ownAvailabilitySchema = z.object({
  away: z.boolean(),
  until: z.string().nullable(),
  /** As artists see it now. */
  shown: agentAvailabilitySchema,
});
export type OwnAvailability = z.infer<typeof ownAvailabilitySchema>;
