import type { Kysely } from "kysely";
import type { Database } from "../../db/schema";
import { HttpError } from "../../http/errors";
import {
  SAVED_REPLY_NOT_FOUND,
  SHORTCUT_TAKEN,
  type SavedReply,
} from "../../../shared/saved-replies";
import {
  deleteSavedReply,
  insertSavedReply,
  listSavedReplies,
  shortcutTaken,
  updateSavedReply,
} from "./repository";

type Db = Kysely<Database>;

/** What an agent types for a saved reply. */
interface SavedReplyInput {
  shortcut: string;
  text: string;
}

function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: unknown }).code;
  return code === "SQLITE_CONSTRAINT_UNIQUE" || code === "23505";
}

const taken = () =>
  new HttpError(409, SHORTCUT_TAKEN, { shortcut: SHORTCUT_TAKEN }, "SHORTCUT_TAKEN");

const notFound = () => new HttpError(404, SAVED_REPLY_NOT_FOUND, undefined, "NOT_FOUND");

/** Every saved reply, shared by the whole team. */
export function savedReplies(db: Db): Promise<SavedReply[]> {
  return listSavedReplies(db);
}

/** Adds a saved reply; 409 when its shortcut is taken (ignoring case). */
export async function addSavedReply(
  db: Db,
  { shortcut, text }: SavedReplyInput,
  createdById: string,
): Promise<SavedReply> {
  if (await shortcutTaken(db, shortcut)) throw taken();
  try {
    return await insertSavedReply(db, { shortcut, text, createdById, now: Date.now() });
  } catch (error) {
    // Two agents saving the same shortcut at once: the index refuses the second.
    if (isUniqueViolation(error)) throw taken();
    throw error;
  }
}

/** Changes a saved reply; 404 when it is gone, 409 when another one has the shortcut. */
export async function changeSavedReply(
  db: Db,
  id: string,
  { shortcut, text }: SavedReplyInput,
): Promise<SavedReply> {
  if (await shortcutTaken(db, shortcut, id)) throw taken();
  try {
    const updated = await updateSavedReply(db, id, { shortcut, text, now: Date.now() });
    if (!updated) throw notFound();
    return updated;
  } catch (error) {
    if (isUniqueViolation(error)) throw taken();
    throw error;
  }
}

/** Removes a saved reply; 404 when there is none. */
export async function removeSavedReply(db: Db, id: string): Promise<void> {
  if (!(await deleteSavedReply(db, id))) throw notFound();
}
