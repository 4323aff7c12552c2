import type { Kysely } from "kysely";
import type { FileKind } from "../../../shared/files";
import type { Database } from "../../db/schema";
import type { PublicUser } from "../../../shared/user";
import type { StoredFile } from "./stored-files";

/**
 * What an upload is for (chat attachment, profile picture, song cover) and
 * the rules that go with it. The composition root (app.ts) hands the full
 * list to the uploads plugin at start-up.
 */
export interface UploadPurpose {
  name: string;
  maxBytes: number;
  kinds: readonly FileKind[];
  /**
   * May this user start this upload? Throw HttpError (400/403) when not.
   * The returned scope is stored with the file (a room id, an artist id...).
   */
  authorize(user: PublicUser, metadata: Record<string, string>): Promise<{ scope: string | null }>;
  /** May this user read this finished file? */
  canRead(user: PublicUser, file: StoredFile): Promise<boolean>;
  /**
   * Which of these finished files of this purpose something refers to (a
   * message, a song, a profile). The sweeper removes the others once old;
   * without this, the purpose's files are never swept.
   */
  attached?(db: Kysely<Database>, ids: readonly string[]): Promise<string[]>;
}

/** Purposes by name; two with one name is a wiring mistake caught at start-up. */
export function uploadPurposeMap(
  purposes: readonly UploadPurpose[],
): ReadonlyMap<string, UploadPurpose> {
  const map = new Map<string, UploadPurpose>();
  for (const purpose of purposes) {
    if (map.has(purpose.name)) throw new Error(`upload purpose ${purpose.name} registered twice`);
    map.set(purpose.name, purpose);
  }
  return map;
}
