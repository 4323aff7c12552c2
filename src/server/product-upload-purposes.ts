import type { Kysely } from "kysely";
import type { Database } from "./db/schema";
import { chatUploadPurpose } from "./features/conversations/messages/chat-upload-purpose";
import { avatarUploadPurpose } from "./features/profile/avatar-files";
import { coverUploadPurpose } from "./features/songs/cover-upload-purpose";
import {
  releaseArtworkPurpose,
  releaseAudioPurpose,
} from "./features/releases/release-upload-purposes";
import type { UploadPurpose } from "./features/uploads/upload-purposes";

/** Every kind of upload the product takes; the app and the sweep command share the list. */
export function productUploadPurposes(db: Kysely<Database>): UploadPurpose[] {
  return [
    chatUploadPurpose(db),
    avatarUploadPurpose,
    coverUploadPurpose(db),
    releaseArtworkPurpose(db),
    releaseAudioPurpose(db),
  ];
}
