import type { Kysely } from "kysely";
import { sql } from "kysely";
import { timestampType, type MigrationDialect } from "../dialect-types";

/** better-auth's tables, extended with the spec's user fields. */
export function accountsMigration(dialect: MigrationDialect) {
  const ts = timestampType(dialect);
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable("user")
        .addColumn("id", "text", (c) => c.primaryKey())
        .addColumn("name", "text", (c) => c.notNull())
        .addColumn("email", "text", (c) => c.notNull().unique())
        .addColumn("emailVerified", "boolean", (c) => c.notNull().defaultTo(false))
        .addColumn("image", "text")
        .addColumn("createdAt", ts, (c) => c.notNull())
        .addColumn("updatedAt", ts, (c) => c.notNull())
        .addColumn("username", "text", (c) => c.notNull())
        .addColumn("artistName", "text", (c) => c.notNull())
        .addColumn("admin", "boolean", (c) => c.notNull().defaultTo(false))
        .addColumn("bio", "text")
        .addColumn("profilePicture", "text")
        .addColumn("spotifyUrl", "text")
        .addColumn("appleMusicUrl", "text")
        .addColumn("youtubeUrl", "text")
        .execute();
      await db.schema.createIndex("user_admin_idx").on("user").column("admin").execute();

      await db.schema
        .createTable("session")
        .addColumn("id", "text", (c) => c.primaryKey())
        .addColumn("expiresAt", ts, (c) => c.notNull())
        .addColumn("token", "text", (c) => c.notNull().unique())
        .addColumn("createdAt", ts, (c) => c.notNull())
        .addColumn("updatedAt", ts, (c) => c.notNull())
        .addColumn("ipAddress", "text")
        .addColumn("userAgent", "text")
        .addColumn("userId", "text", (c) => c.notNull().references("user.id").onDelete("cascade"))
        .execute();
      await db.schema.createIndex("session_user_idx").on("session").column("userId").execute();

      await db.schema
        .createTable("account")
        .addColumn("id", "text", (c) => c.primaryKey())
        .addColumn("accountId", "text", (c) => c.notNull())
        .addColumn("providerId", "text", (c) => c.notNull())
        .addColumn("userId", "text", (c) => c.notNull().references("user.id").onDelete("cascade"))
        .addColumn("accessToken", "text")
        .addColumn("refreshToken", "text")
        .addColumn("idToken", "text")
        .addColumn("accessTokenExpiresAt", ts)
        .addColumn("refreshTokenExpiresAt", ts)
        .addColumn("scope", "text")
        .addColumn("password", "text")
        .addColumn("createdAt", ts, (c) => c.notNull())
        .addColumn("updatedAt", ts, (c) => c.notNull())
        .execute();
      await db.schema.createIndex("account_user_idx").on("account").column("userId").execute();

      await db.schema
        .createTable("verification")
        .addColumn("id", "text", (c) => c.primaryKey())
        .addColumn("identifier", "text", (c) => c.notNull())
        .addColumn("value", "text", (c) => c.notNull())
        .addColumn("expiresAt", ts, (c) => c.notNull())
        .addColumn("createdAt", ts, (c) => c.notNull().defaultTo(sql`CURRENT_TIMESTAMP`))
        .addColumn("updatedAt", ts, (c) => c.notNull().defaultTo(sql`CURRENT_TIMESTAMP`))
        .execute();
      await db.schema
        .createIndex("verification_identifier_idx")
        .on("verification")
        .column("identifier")
        .execute();
    },
  };
}
