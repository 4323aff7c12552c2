import type { DatabaseHandle } from "../../../db/database";
import {
  chatRoomId,
  type ChatContact,
  type ChatMessage,
  type MessagesQuery,
} from "../../../../shared/chat";
import type { MessageSearchResult } from "../../../../shared/message-search";
import type { ReplyVariables } from "../../../../shared/saved-replies";
import type { PublicUser } from "../../../../shared/user";
import { listAgentsForUser, listInboxForAgent, listMessages } from "../repositories";
import { searchRoom } from "../repositories/message-search";
import { replyVariables } from "../repositories/reply-variables";
import type { ChatService } from "./chat-service";

/**
 * What the conversation screens read: the contact list, a room's history,
 * search in a room, and the values saved replies fill in. Each room read
 * passes the access rule first (through the chat service's member cache).
 */
export class ConversationReads {
  constructor(
    private readonly database: DatabaseHandle,
    private readonly chat: ChatService,
  ) {}

  /** Artists: every agent with last message and unread count. Agents: their inbox. */
  contacts(user: PublicUser, q: string): Promise<ChatContact[]> {
    if (user.admin) return listInboxForAgent(this.database, user.id, q);
    return listAgentsForUser(this.database, user.id, q, (peerId) => chatRoomId(user.id, peerId));
  }

  async history(user: PublicUser, roomId: string, page: MessagesQuery): Promise<ChatMessage[]> {
    await this.chat.requireAccess(roomId, user);
    return listMessages(this.database.db, roomId, page, user.admin);
  }

  async search(user: PublicUser, roomId: string, q: string): Promise<MessageSearchResult> {
    await this.chat.requireAccess(roomId, user);
    return searchRoom(this.database, roomId, user, q);
  }

  async replyVariables(user: PublicUser, roomId: string): Promise<ReplyVariables> {
    await this.chat.requireAccess(roomId, user);
    return replyVariables(this.database.db, roomId, user);
  }
}
