import fs from "node:fs";
import path from "node:path";
import { randomBytes } from "node:crypto";
import { createPrivateDir } from "../storage/private-files";

/**
 * The session-signing secret: from config when given, else generated once and
 * kept in DATA_DIR so sessions survive restarts without any setup.
 */
export function resolveAuthSecret(configured: string | undefined, dataDir: string): string {
  if (configured) return configured;
  const file = path.join(dataDir, "auth-secret");
  try {
    return fs.readFileSync(file, "utf8").trim();
  } catch {
    createPrivateDir(dataDir);
    const secret = randomBytes(48).toString("base64url");
    fs.writeFileSync(file, secret, { mode: 0o600, flag: "wx" });
    return secret;
  }
}
