import type { Kysely } from "kysely";
import { HttpError } from "../../../http/errors";
import { CHAT_FILE_MAX_BYTES, CHAT_UPLOAD_PURPOSE } from "../../../../shared/chat";
import { fileUrl } from "../../../../shared/files";
import type { PublicUser } from "../../../../shared/user";
import type { Database } from "../../../db/schema";
import { findStoredFile } from "../../uploads/stored-files";
import type { UploadPurpose } from "../../uploads/upload-purposes";
import { filesAttachedToMessages } from "../repositories/attached-files";
import type { RoomMembers } from "../access/room-members";
import type { ChatFileResolver } from "./chat-service";
import { NOT_A_MEMBER } from "../access/access-rule";

export const FILE_NOT_ATTACHABLE = "The attached file could not be found.";

/**
 * Chat attachments: images and audio, uploaded into a room by one of its two
 * people or any agent (scope = room id) and readable only by them, asked of
 * the instance's member cache (a room's images load without a query each).
 */
export function chatUploadPurpose(members: RoomMembers): UploadPurpose {
  const isMember = async (roomId: string | null, user: PublicUser) =>
    roomId !== null && (await members.mayUse(roomId, user));
  return {
    name: CHAT_UPLOAD_PURPOSE,
    maxBytes: CHAT_FILE_MAX_BYTES,
    kinds: ["image", "audio"],
    async authorize(user, metadata) {
      const roomId = metadata.roomId;
      if (!roomId) throw new HttpError(400, "Choose a conversation before attaching a file.");
      if (!(await isMember(roomId, user))) throw new HttpError(403, NOT_A_MEMBER);
      return { scope: roomId };
    },
    canRead: (user, file) => isMember(file.scope, user),
    attached: filesAttachedToMessages,
  };
}

/** A message may carry only a finished chat file its sender uploaded into that room. */
export function chatFileResolver(db: Kysely<Database>): ChatFileResolver {
  return async (user, roomId, fileId) => {
    const file = await findStoredFile(db, fileId);
    // Chat files are images and audio; no other kind is ever attached.
    const kind = file?.kind === "image" || file?.kind === "audio" ? file.kind : null;
    const usable =
      file?.status === "ready" &&
      file.purpose === CHAT_UPLOAD_PURPOSE &&
      file.scope === roomId &&
      file.ownerId === user.id &&
      kind !== null;
    if (!usable) throw new HttpError(400, FILE_NOT_ATTACHABLE);
    return {
      fileId: file.id,
      fileUrl: fileUrl(file.id),
      fileType: kind,
      fileName: file.name,
      fileSize: file.size,
    };
  };
}
