import type { Kysely } from "kysely";
import type { Database } from "./db/schema";
import { RoomMembers } from "./features/conversations/access/room-members";
import { chatUploadPurpose } from "./features/conversations/messages/chat-upload-purpose";
import { avatarUploadPurpose } from "./features/profile/avatar-files";
import { coverUploadPurpose } from "./features/songs/cover-upload-purpose";
import { releaseUploadPurposes } from "./features/releases/release-upload-purposes";
import { statementUploadPurpose } from "./features/statements/statement-upload-purpose";
import type { StatementService } from "./features/statements/statement-service";
import type { UploadPurpose } from "./features/uploads/upload-purposes";

/**
 * Every kind of upload the product takes; the app and the sweep command share
 * the list. The app passes its room member cache (shared with the chat) and
 * its statements service (which turns a statement file into a statement); a
 * one-off sweep never reads a file and makes its own.
 */
export function productUploadPurposes(
  db: Kysely<Database>,
  roomMembers = new RoomMembers(db),
  statements?: { service: StatementService; maxBytes: number },
): UploadPurpose[] {
  return [
    chatUploadPurpose(roomMembers),
    avatarUploadPurpose,
    coverUploadPurpose(db),
    ...releaseUploadPurposes(db),
    statementUploadPurpose(
      db,
      statements?.maxBytes ?? Number.MAX_SAFE_INTEGER,
      statements?.service,
    ),
  ];
}
