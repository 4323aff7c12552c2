import fs from "node:fs";
import path from "node:path";
import { randomBytes } from "node:crypto";
import { createPrivateDir, PRIVATE_FILE_MODE } from "../storage/private-files";

/**
 * Publishes `secret` as `file` unless the file exists, whole or not at all:
 * written to a file of its own first, then linked into place (a link fails
 * when the name is taken). Written in place, a second process starting at
 * the same moment could read the file between its creation and its write,
 * and start with an empty secret.
 */
function publishOnce(file: string, secret: string): string {
  const draft = `${file}.${randomBytes(6).toString("hex")}.draft`;
  fs.writeFileSync(draft, secret, { mode: PRIVATE_FILE_MODE, flag: "wx" });
  try {
    fs.linkSync(draft, file);
    return secret;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== "EEXIST") throw err;
    return readSecret(file);
  } finally {
    fs.rmSync(draft, { force: true });
  }
}

/**
 * The secret a file holds. An empty one (left by a version that wrote in
 * place and stopped between creating and writing) is refused: it would
 * sign sessions with nothing, or lose the key payout details need.
 */
function readSecret(file: string): string {
  const secret = fs.readFileSync(file, "utf8").trim();
  if (secret === "") throw new Error(`${file} is empty: restore it from a backup`);
  return secret;
}

/**
 * A secret kept in DATA_DIR: read when the file exists, else generated once
 * and written private (0600), so it survives restarts without any setup.
 * Two processes starting at once on one folder end with the same secret:
 * the one whose link loses reads the winner's file.
 */
export function dataDirSecret(dataDir: string, fileName: string, generate: () => string): string {
  const file = path.join(dataDir, fileName);
  if (!fs.existsSync(file)) {
    createPrivateDir(dataDir);
    return publishOnce(file, generate());
  }
  return readSecret(file);
}

/** The files dataDirSecret keeps in DATA_DIR (made private again at start-up). */
export const DATA_DIR_SECRET_FILES = ["auth-secret", "payout-details-key"] as const;

/**
 * The session-signing secret: from config when given, else generated once and
 * kept in DATA_DIR/auth-secret.
 */
export function resolveAuthSecret(configured: string | undefined, dataDir: string): string {
  if (configured) return configured;
  return dataDirSecret(dataDir, "auth-secret", () => randomBytes(48).toString("base64url"));
}

/**
 * The key payout details are encrypted with (AES-256-GCM): PAYOUT_DETAILS_KEY
 * when given, else 32 random bytes generated once into DATA_DIR/payout-details-key.
 */
export function resolvePayoutDetailsKey(configured: Buffer | undefined, dataDir: string): Buffer {
  if (configured) return configured;
  const hex = dataDirSecret(dataDir, "payout-details-key", () => randomBytes(32).toString("hex"));
  const key = Buffer.from(hex, "hex");
  if (key.length !== 32) {
    throw new Error(`${path.join(dataDir, "payout-details-key")} is not 64 hex digits`);
  }
  return key;
}
