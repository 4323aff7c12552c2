import fs from "node:fs";
import path from "node:path";
import { DATA_DIR_SECRET_FILES } from "./auth/secret";
import { ConfigError, type AppConfig } from "./config";
import { PRIVATE_FILE_MODE, createPrivateDir } from "./storage/private-files";

/**
 * Before anything opens a file in DATA_DIR: make sure the folder exists, is
 * private (0700) and writable. A wrong DATA_DIR ends the start with one line
 * naming the variable and the path, not a stack trace from SQLite or tus.
 */
export function prepareDataDir(config: AppConfig): void {
  const dir = config.dataDir;
  try {
    createPrivateDir(dir);
    const probe = path.join(dir, `.write-test-${process.pid}`);
    fs.writeFileSync(probe, "", { mode: PRIVATE_FILE_MODE });
    fs.rmSync(probe);
    // An existing deployment's secrets may predate the 0600 rule.
    for (const name of DATA_DIR_SECRET_FILES) {
      const secret = path.join(dir, name);
      if (fs.existsSync(secret)) fs.chmodSync(secret, PRIVATE_FILE_MODE);
    }
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code ?? (err as Error).message;
    throw new ConfigError(
      `DATA_DIR is not a writable folder: ${dir} (${code}). ` +
        "Set DATA_DIR to a folder this user can create and write, or fix its permissions.",
    );
  }
}
