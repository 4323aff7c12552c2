import { z } from "zod";
import type { DeskConversation, DeskInbox, DeskRoom, DeskUnread } from "../desk";
import { chatContactSchema } from "./chat";

const agentSchema = z.object({ id: z.string(), name: z.string() });
const statusSchema = z.enum(["open", "resolved"]);

export const deskConversationSchema = z.object({
  roomId: z.string(),
  artist: z.object({
    id: z.string(),
    name: z.string(),
    email: z.string(),
    picture: z.string().nullable(),
  }),
  assignee: agentSchema.nullable(),
  status: statusSchema,
  lastMessage: chatContactSchema.shape.lastMessage,
  waitingSince: z.number().nullable(),
  activityAt: z.number(),
  unread: z.number(),
  mentioned: z.boolean(),
}) satisfies z.ZodType<DeskConversation>;

export const deskInboxSchema = z.object({
  view: z.enum(["mine", "team", "resolved"]),
  awaiting: z.boolean(),
  conversations: z.array(deskConversationSchema),
  counts: z.object({ mine: z.number(), team: z.number(), resolved: z.number() }),
  awaitingCounts: z.object({ mine: z.number(), team: z.number() }),
}) satisfies z.ZodType<DeskInbox>;

export const deskRoomSchema = z.object({
  roomId: z.string(),
  artistId: z.string(),
  assigneeId: z.string().nullable(),
  status: statusSchema,
  agents: z.array(agentSchema),
}) satisfies z.ZodType<DeskRoom>;

export const deskUnreadSchema = z.object({ unread: z.number() }) satisfies z.ZodType<DeskUnread>;
