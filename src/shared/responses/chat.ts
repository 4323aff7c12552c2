import { z } from "zod";
import type { AgentAvailability } from "../availability";
import type { ChatContact, ChatMessage, ChatPeer, OpenedRoom } from "../chat";

const fileType = z.enum(["image", "audio"]);

export const agentAvailabilitySchema = z.object({
  away: z.boolean(),
  awayUntil: z.string().nullable(),
  medianReplyMs: z.number().nullable(),
}) satisfies z.ZodType<AgentAvailability>;

export const chatMessageSchema = z.object({
  id: z.string(),
  roomId: z.string(),
  seq: z.number(),
  userId: z.string(),
  senderName: z.string(),
  text: z.string(),
  createdAt: z.number(),
  status: z.enum(["sending", "sent"]),
  from_msg_num: z.number(),
  to_msg_num: z.number(),
  fileUrl: z.string().nullable(),
  fileType: fileType.nullable(),
  fileName: z.string().nullable(),
  fileSize: z.number().nullable(),
  kind: z.enum(["system", "note", "event"]).optional(),
  song: z
    .object({
      id: z.string(),
      title: z.string(),
      status: z.string(),
      coverUrl: z.string().nullable(),
    })
    .nullable()
    .optional(),
  quote: z
    .object({
      id: z.string(),
      seq: z.number(),
      userId: z.string(),
      senderName: z.string(),
      excerpt: z.string(),
      fileType: fileType.nullable(),
    })
    .nullable()
    .optional(),
}) satisfies z.ZodType<ChatMessage>;

export const chatMessagesSchema = z.array(chatMessageSchema);

export const chatContactSchema = z.object({
  userId: z.string(),
  name: z.string(),
  email: z.string(),
  picture: z.string().nullable(),
  roomId: z.string(),
  lastMessage: z
    .object({
      text: z.string(),
      fileType: fileType.nullable(),
      createdAt: z.number(),
      senderId: z.string(),
    })
    .nullable(),
  unread: z.number(),
  availability: agentAvailabilitySchema.optional(),
}) satisfies z.ZodType<ChatContact>;

export const chatContactsSchema = z.array(chatContactSchema);

export const chatPeerSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  picture: z.string().nullable(),
  admin: z.boolean(),
  bio: z.string().nullable(),
  spotifyUrl: z.string().nullable(),
  appleMusicUrl: z.string().nullable(),
  youtubeUrl: z.string().nullable(),
}) satisfies z.ZodType<ChatPeer>;

export const openedRoomSchema = z.object({
  roomId: z.string(),
  peer: chatPeerSchema,
  lastReadAt: z.number().nullable(),
  peerLastReadAt: z.number().nullable(),
  firstUnread: z.object({ seq: z.number(), count: z.number() }).nullable().optional(),
  peerAvailability: agentAvailabilitySchema.nullable().optional(),
}) satisfies z.ZodType<OpenedRoom>;

export const lastReadSchema = z.object({ lastReadAt: z.number() });
