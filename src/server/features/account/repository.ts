import { randomBytes } from "node:crypto";
import type { Kysely, Transaction } from "kysely";
import { hashPassword } from "../../auth/password-hasher";
import type { Database } from "../../db/schema";

/** The password hash of the user's email-and-password account, if any. */
export async function findPasswordHash(
  db: Kysely<Database>,
  userId: string,
): Promise<string | null> {
  const row = await db
    .selectFrom("account")
    .select("password")
    .where("userId", "=", userId)
    .where("providerId", "=", "credential")
    .executeTakeFirst();
  return row?.password ?? null;
}

/** True when another user already holds this (lower-case) email. */
export async function isEmailTakenByOther(
  db: Kysely<Database>,
  email: string,
  userId: string,
): Promise<boolean> {
  const row = await db
    .selectFrom("user")
    .select("id")
    .where("email", "=", email)
    .where("id", "!=", userId)
    .executeTakeFirst();
  return row !== undefined;
}

/** The account's current email, or null when it is gone. */
export async function findUserEmail(db: Kysely<Database>, userId: string): Promise<string | null> {
  const row = await db
    .selectFrom("user")
    .select("email")
    .where("id", "=", userId)
    .executeTakeFirst();
  return row?.email ?? null;
}

/**
 * Replaces the password with one nobody knows (undoing an email change: the
 * person who made it may know the password); the owner sets a new one with
 * the reset link mailed meanwhile.
 */
export async function scramblePassword(db: Kysely<Database>, userId: string): Promise<void> {
  const password = await hashPassword(randomBytes(32).toString("base64url"));
  await db
    .updateTable("account")
    .set({ password, updatedAt: new Date().toISOString() })
    .where("userId", "=", userId)
    .where("providerId", "=", "credential")
    .execute();
}

/** Puts an earlier email back (undoing a change). */
export async function restoreEmail(
  db: Kysely<Database>,
  userId: string,
  email: string,
): Promise<void> {
  await db
    .updateTable("user")
    .set({ email, updatedAt: new Date().toISOString() })
    .where("id", "=", userId)
    .execute();
}

/**
 * Removes the user row and, explicitly, the auth account and sessions (the
 * foreign keys cascade too; being explicit keeps it true on any engine setup).
 */
export async function deleteUserRows(trx: Transaction<Database>, userId: string): Promise<void> {
  await trx.deleteFrom("user").where("id", "=", userId).execute();
  await trx.deleteFrom("account").where("userId", "=", userId).execute();
  await trx.deleteFrom("session").where("userId", "=", userId).execute();
}

/** Stores an email-change undo row (a verification row) under its hashed identifier. */
export async function insertUndoRow(
  db: Kysely<Database>,
  row: { identifier: string; value: string; expiresAt: Date; now: Date },
): Promise<void> {
  await db
    .insertInto("verification")
    .values({
      id: crypto.randomUUID(),
      identifier: row.identifier,
      value: row.value,
      expiresAt: row.expiresAt.toISOString(),
      createdAt: row.now.toISOString(),
      updatedAt: row.now.toISOString(),
    })
    .execute();
}

/** Deletes the verification row of this identifier; answers what it held (or nothing). */
export async function deleteUndoRow(db: Kysely<Database>, identifier: string) {
  const rows = await db
    .deleteFrom("verification")
    .where("identifier", "=", identifier)
    .returning(["value", "expiresAt"])
    .execute();
  return rows[0];
}
