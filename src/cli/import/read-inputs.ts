import fs from "node:fs";
import path from "node:path";
import type { z } from "zod";
import type { ModifiedScryptParams } from "../../server/auth/firebase-scrypt-hash";
import { authExportSchema, documentsExportSchema, hashConfigSchema } from "./hosted-export-schemas";
import { firstIssue } from "./source-values";

/** A problem with a whole input file: nothing is imported. */
export class ImportInputError extends Error {}

export interface ImportInputs {
  authUsers: unknown[];
  hashParams: ModifiedScryptParams;
  documents: z.infer<typeof documentsExportSchema>;
  filesRoot: string;
}

function readText(label: string, file: string): string {
  try {
    return fs.readFileSync(file, "utf8");
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new ImportInputError(
      `${label} ${file} cannot be read${code === "ENOENT" ? ": no such file" : `: ${String(error)}`}.`,
    );
  }
}

function parseJson(label: string, file: string, raw: string): unknown {
  try {
    return JSON.parse(raw) as unknown;
  } catch (error) {
    const hint = raw.trim().length === 0 ? " (the file is empty)" : " (is it cut short?)";
    throw new ImportInputError(
      `${label} ${file} is not valid JSON: ${(error as Error).message}${hint}`,
    );
  }
}

function check<T extends z.ZodType>(label: string, file: string, schema: T, value: unknown) {
  const parsed = schema.safeParse(value);
  if (!parsed.success) {
    throw new ImportInputError(`${label} ${file} is not usable: ${firstIssue(parsed.error)}.`);
  }
  return parsed.data;
}

/**
 * The parameters as JSON, or as the block the service's console prints:
 *   hash_config { algorithm: SCRYPT, base64_signer_key: ..., rounds: 8, mem_cost: 14 }
 */
function hashConfigValue(file: string, raw: string): unknown {
  if (raw.trim().startsWith("{")) return parseJson("The hash configuration", file, raw);
  const pairs = [...raw.matchAll(/([a-z0-9_]+)\s*:\s*([^,\s}]+)/gi)];
  if (pairs.length === 0) {
    throw new ImportInputError(
      `The hash configuration ${file} is neither JSON nor the service's hash_config block.`,
    );
  }
  return Object.fromEntries(pairs.map((m) => [m[1]!, m[2]!]));
}

export interface ImportPaths {
  auth: string;
  hashConfig: string;
  documents: string;
  files: string;
}

/** Reads and checks the three exports and the files folder; throws ImportInputError. */
export function readInputs(paths: ImportPaths): ImportInputs {
  const auth = check(
    "The auth export",
    paths.auth,
    authExportSchema,
    parseJson("The auth export", paths.auth, readText("The auth export", paths.auth)),
  );
  const hashParams = check(
    "The hash configuration",
    paths.hashConfig,
    hashConfigSchema,
    hashConfigValue(paths.hashConfig, readText("The hash configuration", paths.hashConfig)),
  );
  const raw = parseJson(
    "The document export",
    paths.documents,
    readText("The document export", paths.documents),
  );
  // Some export tools wrap the collections in "__collections__".
  const unwrapped =
    raw && typeof raw === "object" && "__collections__" in raw ? raw.__collections__ : raw;
  const documents = check("The document export", paths.documents, documentsExportSchema, unwrapped);
  const filesRoot = path.resolve(paths.files);
  if (!fs.existsSync(filesRoot) || !fs.statSync(filesRoot).isDirectory()) {
    throw new ImportInputError(`The files folder ${paths.files} does not exist.`);
  }
  return { authUsers: auth.users, hashParams, documents, filesRoot };
}
