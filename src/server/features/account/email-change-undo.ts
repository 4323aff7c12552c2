import { createHash, randomBytes } from "node:crypto";
import type { Kysely } from "kysely";
import type { Database } from "../../db/schema";
import { deleteUndoRow, insertUndoRow } from "./repository";
import { DAY_MS } from "../../../shared/durations";

/** The old address may undo an email change for 7 days. */
export const UNDO_EMAIL_TTL_MS = 7 * DAY_MS;
const PREFIX = "undo-email-change:";

export interface EmailChange {
  userId: string;
  oldEmail: string;
  newEmail: string;
}

/** Only a hash of the token is stored: a leaked database holds no usable link. */
const identifierOf = (token: string) =>
  `${PREFIX}${createHash("sha256").update(token).digest("hex")}`;

/** Records an undo link for this change (a verification row); answers its token. */
export async function createUndoToken(db: Kysely<Database>, change: EmailChange): Promise<string> {
  const token = randomBytes(32).toString("base64url");
  const now = new Date();
  await insertUndoRow(db, {
    identifier: identifierOf(token),
    value: JSON.stringify(change),
    expiresAt: new Date(now.getTime() + UNDO_EMAIL_TTL_MS),
    now,
  });
  return token;
}

/**
 * Spends an undo token: answers its change once, and null for an unknown,
 * expired or already used one. The row is deleted before it is trusted, so
 * two clicks at once cannot both undo.
 */
export async function takeUndoToken(
  db: Kysely<Database>,
  token: string,
): Promise<EmailChange | null> {
  const row = await deleteUndoRow(db, identifierOf(token));
  if (!row || new Date(row.expiresAt).getTime() <= Date.now()) return null;
  return JSON.parse(row.value) as EmailChange;
}
