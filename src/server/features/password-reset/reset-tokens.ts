import type { Kysely } from "kysely";
import type { Database } from "../../db/schema";
import { resetTokenExpiry } from "./reset-token-repository";

/** better-auth keeps a reset token as a verification row until it is used or expires. */
export async function isResetTokenUsable(db: Kysely<Database>, token: string): Promise<boolean> {
  const expiresAt = await resetTokenExpiry(db, token);
  return expiresAt !== undefined && new Date(expiresAt).getTime() > Date.now();
}
