import type { Migration } from "kysely";
import type { MigrationDialect } from "../dialect-types";
import { accountsMigration } from "./0001-accounts";
import { storedFilesMigration } from "./0001b-stored-files";
import { chatMigration } from "./0002-chat";
import { songsMigration } from "./0003-songs";

/**
 * Every migration, in order. New features append here; names never change
 * once released because the migrator records them.
 */
export function allMigrations(dialect: MigrationDialect): Record<string, Migration> {
  return {
    "0001-accounts": accountsMigration(dialect),
    "0001b-stored-files": storedFilesMigration,
    "0002-chat": chatMigration,
    "0003-songs": songsMigration(),
  };
}
