import type { Kysely } from "kysely";
import { STATEMENT_PURPOSE } from "../../../shared/statement-fields";
import { statementMessages as m } from "../../../shared/statement-messages";
import { isFinanceAgent } from "../../auth/finance-role";
import type { Database } from "../../db/schema";
import { HttpError } from "../../http/errors";
import type { UploadPurpose } from "../uploads/upload-purposes";
import { statementFilesAmong } from "./statement-repository";
import type { StatementService } from "./statement-service";

const NEVER_KEPT = "private, no-store";

/**
 * Store statements (issue 46): finance agents upload them (CSV or TSV,
 * either gzipped); the whole file is read once at its end (header line,
 * sha256) and becomes a statement, or is refused with the sentence why.
 * Without the service (the sweep command) a file is only kept or swept.
 */
export function statementUploadPurpose(
  db: Kysely<Database>,
  maxBytes: number,
  statements?: StatementService,
): UploadPurpose {
  return {
    name: STATEMENT_PURPOSE,
    maxBytes,
    kinds: ["statement"],
    cacheControl: NEVER_KEPT,
    async authorize(user) {
      if (!(await isFinanceAgent(db, user))) throw new HttpError(403, m.financeOnly);
      return { scope: null };
    },
    canRead: (user) => isFinanceAgent(db, user),
    async inspect(file, storage) {
      if (!statements) return { ok: false, message: m.notReadable };
      const created = await statements.createStatement(file, () => storage.open(file.id));
      if (!created.ok) return created;
      return {
        ok: true,
        kind: "statement",
        mimeType: created.mimeType,
        details: { statement: { id: created.id } },
      };
    },
    attached: statementFilesAmong,
  };
}
