import type { Kysely } from "kysely";
import type { FileKind } from "../../../shared/files";
import type { Database } from "../../db/schema";
import type { PublicUser } from "../../../shared/user";
import type { FileStorage } from "../../storage/file-storage";
import type { StoredFile } from "./stored-files";

/**
 * What a purpose's own file check found once the last byte arrived: the
 * file's type and details to answer with (sent with the tus finish), or
 * the sentence that refuses it (the file is then deleted).
 */
export type UploadInspection =
  | { ok: true; kind: FileKind; mimeType: string; details?: Record<string, unknown> }
  | { ok: false; message: string };

/**
 * What an upload is for (chat attachment, profile picture, song cover) and
 * the rules that go with it. The composition root (app.ts) hands the full
 * list to the uploads plugin at start-up.
 */
export interface UploadPurpose {
  name: string;
  maxBytes: number;
  /** The refusal of a file over maxBytes at creation, when the purpose says it its own way. */
  tooLargeMessage?: string;
  kinds: readonly FileKind[];
  /**
   * May this user start this upload? Throw HttpError (400/403) when not.
   * The returned scope is stored with the file (a room id, an artist id...).
   */
  authorize(user: PublicUser, metadata: Record<string, string>): Promise<{ scope: string | null }>;
  /** May this user read this finished file? */
  canRead(user: PublicUser, file: StoredFile): Promise<boolean>;
  /**
   * Reads the finished file (streamed from storage) and judges it, instead
   * of the generic sniff of its first bytes. May store what it found.
   */
  inspect?(file: StoredFile, storage: FileStorage): Promise<UploadInspection>;
  /**
   * Which of these finished files of this purpose something refers to (a
   * message, a song, a profile). The sweeper removes the others once old;
   * without this, the purpose's files are never swept.
   */
  attached?(db: Kysely<Database>, ids: readonly string[]): Promise<string[]>;
  /** How a browser may keep a finished file; unset: kept, asked again each time (private, no-cache). */
  cacheControl?: string;
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
