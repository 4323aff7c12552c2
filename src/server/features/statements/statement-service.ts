import { randomUUID } from "node:crypto";
import { artistsAfter, artistsCursorOf, statementsAfter, statementsCursorOf } from "./desk-cursors";
import type { FastifyBaseLogger } from "fastify";
import type {
  FinanceArtist,
  StatementDetail,
  StatementList,
  TrackMatch,
  UnmatchedCode,
} from "../../../shared/responses/statements";
import { statementMessages as m } from "../../../shared/statement-messages";
import type { StatementPreviewInput } from "../../../shared/statement-schemas";
import type { DatabaseHandle } from "../../db/database";
import type { DomainEvents } from "../../events/domain-events";
import { HttpError } from "../../http/errors";
import type { FileStorage } from "../../storage/file-storage";
import { balancesOf } from "../ledger/ledger-service";
import { findStoredFile } from "../uploads/stored-files";
import { proposeMapping } from "./statement-columns";
import {
  importDay,
  readingSettings,
  toDetail,
  toSummary,
  type ReadingSettings,
} from "./statement-detail";
import { compactIsrc } from "./statement-lines";
import { basisPointsFromPercent, percentText } from "../../../shared/basis-points";
import {
  assignCode,
  claimImport,
  reverseStatement,
  runImport,
  type PostingDeps,
} from "./statement-posting-service";
import { runPreview, settingsWith } from "./statement-preview";
import { hashesOf, readShape, type OpenFile } from "./statement-reader";
import { searchTracks } from "./code-owner-repository";
import { findArtist, listArtists, upsertRoyaltyRate } from "./royalty-repository";
import { booksDisagreeing } from "./statement-check-service";
import {
  activeStatementOfHashes,
  findStatement,
  insertStatement,
  listStatements,
  statementsInStates,
  unmatchedCodes,
  updateStatement,
} from "./statement-repository";

export interface StatementServiceDeps {
  database: DatabaseHandle;
  events: DomainEvents;
  log: FastifyBaseLogger;
  /** Where uploaded statements are; the CLI reads its files from disk instead. */
  storage?: FileStorage;
  defaultRoyaltyBasisPoints: number;
  /** The most text a statement may hold, gunzipped or not (STATEMENT_MAX_MB). */
  maxTextBytes?: number;
}

const PAGE = 50;

/** Who imports a statement from the command line (no user: an operator on the server). */
export const CLI_IMPORTER = "cli";
const notFound = () => new HttpError(404, m.notFound, undefined, "NOT_FOUND");

/** A statement file read from elsewhere than the uploads (the CLI's, from disk). */
export interface FileSource {
  open: OpenFile;
  size: number;
}

/** The sentence and ok of a new statement file, as an upload inspection or the CLI wants it. */
export type NewStatement =
  { ok: true; id: string; mimeType: string } | { ok: false; message: string };

/**
 * Store statements (issue 46): a file becomes a statement, is previewed and
 * imported by background jobs, can be reversed, its unmatched codes
 * assigned; and the royalty rates of the artists. Jobs found unfinished at
 * start-up (a killed process) are run again: they finish once.
 */
export class StatementService {
  private readonly jobs = new Set<Promise<void>>();
  private readonly posting: PostingDeps;

  constructor(private readonly deps: StatementServiceDeps) {
    this.posting = deps;
  }

  /**
   * Reads a new file's header line and hash; refuses one already imported,
   * under any name, compressed or not, saved again with CRLF or a BOM: the
   * hash is of its canonical text. A row hashed before that (of a .gz's
   * bytes as stored, or of a text as it was) still refuses those bytes.
   */
  async createStatement(
    file: { id: string | null; name: string; ownerId: string },
    open: OpenFile,
  ): Promise<NewStatement> {
    const shape = await readShape(open);
    if ("problem" in shape) return { ok: false, message: shape.problem };
    const maxTextBytes = this.deps.maxTextBytes ?? Infinity;
    const hashes = await hashesOf(open, shape.gzip, maxTextBytes);
    if (hashes === "unreadable") return { ok: false, message: m.notReadable };
    if (hashes === "too large") return { ok: false, message: m.tooLargeUnpacked(maxTextBytes) };
    const known = [hashes.content, hashes.text ?? hashes.content, hashes.stored];
    const active = await activeStatementOfHashes(this.deps.database.db, known);
    if (active) {
      const at = active.importedAt ?? active.createdAt;
      return { ok: false, message: m.alreadyImported(importDay(at)) };
    }
    const settings: ReadingSettings = {
      ...shape,
      mapping: proposeMapping(shape.headers),
      store: null,
      saleMonth: null,
      currency: null,
    };
    const id = randomUUID();
    await insertStatement(this.deps.database.db, {
      id,
      fileId: file.id,
      fileName: file.name.slice(0, 255),
      fileSha256: hashes.content,
      state: "uploaded",
      mapping: JSON.stringify(settings),
      createdBy: file.ownerId,
      createdAt: Date.now(),
    });
    const mimeType = shape.gzip
      ? "application/gzip"
      : shape.delimiter === "\t"
        ? "text/tab-separated-values"
        : "text/csv";
    return { ok: true, id, mimeType };
  }

  async list(cursor: string | undefined): Promise<StatementList> {
    const before = statementsAfter(cursor);
    const rows = await listStatements(this.deps.database.db, before, PAGE + 1);
    const page = rows.slice(0, PAGE);
    const last = page.at(-1);
    return {
      items: page.map(toSummary),
      nextCursor: rows.length > PAGE && last ? statementsCursorOf(last.createdAt, last.id) : null,
    };
  }

  async detail(id: string): Promise<StatementDetail> {
    const row = await findStatement(this.deps.database.db, id);
    if (!row) throw notFound();
    return toDetail(row);
  }

  /** Starts a preview with these columns and rates (202); the file is read by a job. */
  async startPreview(
    id: string,
    input: StatementPreviewInput,
    source?: FileSource,
  ): Promise<StatementDetail> {
    const { db } = this.deps.database;
    const row = await findStatement(db, id);
    if (!row) throw notFound();
    if (row.state === "importing" || row.state === "previewing")
      throw new HttpError(409, m.alreadyImporting);
    if (row.state === "imported") {
      throw new HttpError(409, m.alreadyImported(importDay(row.importedAt ?? Date.now())));
    }
    if (row.state === "reversed") throw new HttpError(409, m.alreadyReversed);
    const settings = readingSettings(row);
    const unknown = Object.entries(input.mapping).find(
      ([, header]) => header !== null && !settings.headers.includes(header),
    );
    if (unknown) {
      throw new HttpError(400, m.notReadable, { [`mapping.${unknown[0]}`]: m.notReadable });
    }
    const changed = await updateStatement(
      db,
      id,
      {
        state: "previewing",
        mapping: JSON.stringify(settingsWith(settings, input)),
        rates: JSON.stringify(input.rates),
        progress: 0,
        failure: null,
        lineErrors: "[]",
        lineErrorCount: 0,
      },
      ["uploaded", "preview", "failed"],
    );
    if (changed === 0) throw new HttpError(409, m.alreadyImporting);
    this.runJob(() => this.preview(id, source));
    return this.detail(id);
  }

  /** Claims the import (409 for the second press) and credits in a job (202). */
  async startImport(id: string, by: string): Promise<StatementDetail> {
    await claimImport(this.posting, id, by);
    this.runJob(() => runImport(this.posting, id));
    return this.detail(id);
  }

  async reverse(id: string, by: string): Promise<StatementDetail> {
    await reverseStatement(this.posting, id, by);
    return this.detail(id);
  }

  async unmatched(id: string): Promise<{ items: UnmatchedCode[] }> {
    const { db } = this.deps.database;
    if (!(await findStatement(db, id))) throw notFound();
    return { items: await unmatchedCodes(db, id) };
  }

  async assign(id: string, input: { code: string; trackId: string }, by: string) {
    await assignCode(this.posting, id, input, by);
    return this.detail(id);
  }

  /** Find a track: by title or ISRC (hyphens and spaces ignored). */
  async tracks(q: string): Promise<{ items: TrackMatch[] }> {
    const rows = await searchTracks(this.deps.database.db, q, compactIsrc(q), 20);
    return {
      items: rows.map((r) => ({
        trackId: r.trackId,
        title: r.title,
        isrc: r.isrcClaim ?? "",
        releaseTitle: r.releaseTitle,
        artistName: r.artistName,
      })),
    };
  }

  async artists(q: string | undefined, cursor: string | undefined) {
    const { database, defaultRoyaltyBasisPoints } = this.deps;
    const after = artistsAfter(cursor);
    const rows = await listArtists(database.db, database.bool(false), q, after, PAGE + 1);
    const page = rows.slice(0, PAGE);
    const balances = await balancesOf(
      database.db,
      page.map((r) => r.id),
    );
    const last = page.at(-1);
    const items: FinanceArtist[] = page.map((r) => ({
      id: r.id,
      name: r.artistName || r.name,
      email: r.email,
      royaltyPercent: percentText(r.basisPoints ?? defaultRoyaltyBasisPoints),
      isDefaultRate: r.basisPoints === null,
      balancePaise: balances.get(r.id) ?? 0,
    }));
    return {
      items,
      nextCursor: rows.length > PAGE && last ? artistsCursorOf(last.name, last.id) : null,
    };
  }

  /** Sets an artist's royalty rate; statements imported from now on use it. */
  async setRoyaltyRate(artistId: string, percent: string, by: string): Promise<FinanceArtist> {
    const { database } = this.deps;
    const artist = await findArtist(database.db, artistId);
    if (!artist || Boolean(artist.admin)) {
      throw new HttpError(404, m.artistNotFound, undefined, "NOT_FOUND");
    }
    const basisPoints = basisPointsFromPercent(percent);
    await upsertRoyaltyRate(database.db, { artistId, basisPoints, by, now: Date.now() });
    const balances = await balancesOf(database.db, [artistId]);
    return {
      id: artist.id,
      name: artist.artistName || artist.name,
      email: artist.email,
      royaltyPercent: percentText(basisPoints),
      isDefaultRate: false,
      balancePaise: balances.get(artistId) ?? 0,
    };
  }

  /** Jobs a killed process left: previews are read again, imports finish (once). */
  async resumeJobs(): Promise<void> {
    const { db } = this.deps.database;
    for (const row of await statementsInStates(db, ["previewing", "importing"])) {
      if (row.state === "importing") this.runJob(() => runImport(this.posting, row.id));
      else this.runJob(() => this.preview(row.id));
    }
  }

  /** Resolves once every job started so far has ended (tests, the CLI, shutdown). */
  async idle(): Promise<void> {
    while (this.jobs.size > 0) await Promise.allSettled([...this.jobs]);
  }

  /** What disagrees in the books, one sentence each (`ledger-check`). */
  async ledgerCheck(): Promise<string[]> {
    return booksDisagreeing(this.deps.database.db);
  }

  private async preview(id: string, given?: FileSource): Promise<void> {
    const { database, storage, defaultRoyaltyBasisPoints } = this.deps;
    const row = await findStatement(database.db, id);
    if (!row) return;
    const file = row.fileId ? await findStoredFile(database.db, row.fileId) : undefined;
    const source: FileSource | undefined =
      given ??
      (file && storage ? { open: () => storage.open(file.id), size: file.size } : undefined);
    if (!source) {
      await updateStatement(database.db, id, { state: "failed", failure: m.notReadable }, [
        "previewing",
      ]);
      return;
    }
    try {
      await runPreview({ database, defaultRoyaltyBasisPoints, ...source }, id);
    } catch (err) {
      this.deps.log.error({ err, statementId: id }, "statement preview failed");
      await updateStatement(database.db, id, { state: "failed", failure: m.notReadable }, [
        "previewing",
      ]);
    }
  }

  private runJob(job: () => Promise<void>) {
    const running = job().catch((err: unknown) => {
      this.deps.log.error({ err }, "statement job failed");
    });
    this.jobs.add(running);
    void running.finally(() => this.jobs.delete(running));
  }
}
