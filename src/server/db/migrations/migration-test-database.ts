import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { openTestDatabase } from "../../test/test-app";
import { newMigrator, retryingGoneSchemas, type DatabaseHandle } from "../database";

/**
 * A database for a migration's test, not yet migrated: a fresh SQLite file,
 * or a fresh schema on TEST_DATABASE_URL's PostgreSQL. `close` removes it.
 */
export async function openMigrationTestDatabase(): Promise<{
  handle: DatabaseHandle;
  close: () => Promise<void>;
}> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "portal-mig-"));
  const handle = await openTestDatabase(dir);
  return {
    handle,
    close: async () => {
      await handle.close();
      await handle.dropTestSchema?.();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * A migrator over every migration, to move the test database to a given one.
 * Each move is tried again when another schema vanished while the migrator
 * listed them (a test dropping its schema meanwhile), as at start-up.
 */
export function migratorOf(handle: DatabaseHandle) {
  const migrator = newMigrator(handle);
  return {
    migrateTo: (name: string) => retryingGoneSchemas(() => migrator.migrateTo(name), handle.schema),
    migrateToLatest: () => retryingGoneSchemas(() => migrator.migrateToLatest(), handle.schema),
  };
}
