import { randomUUID } from "node:crypto";
import type { FastifyInstance } from "fastify";
import type { Kysely } from "kysely";
import type { Database } from "../db/schema";
import { grantRole } from "../auth/role-repository";
import { createUser, type TestUser } from "./chat-test-helpers";
import { ORIGIN } from "./test-app";
import { tusUpload } from "./tus-upload";
import type { StatementDetail } from "../../shared/responses/statements";
import type { StatementPreviewInput } from "../../shared/statement-schemas";

/** A finance agent: a support agent with the finance role, as `create-admin --finance` makes. */
export async function createFinanceAgent(
  app: FastifyInstance,
  name = "Finance",
): Promise<TestUser> {
  const user = await createUser(app, name, true);
  await grantRole(app.ctx.database.db, user.id, "finance", Date.now());
  return user;
}

/** A release of the artist, in review or further, with claimed codes (as an approval leaves it). */
export async function insertClaimedRelease(
  db: Kysely<Database>,
  artistId: string,
  codes: { upc: string; tracks: { title: string; isrc: string }[] },
): Promise<{ releaseId: string; trackIds: string[] }> {
  const releaseId = randomUUID();
  const now = Date.now();
  await db
    .insertInto("release")
    .values({
      id: releaseId,
      artistId,
      state: "live",
      version: 1,
      title: `Release ${codes.upc}`,
      primaryArtist: "Fixture Artist",
      featuredArtists: "[]",
      genre: "Pop",
      language: "Hindi",
      releaseDate: "2026-10-01",
      originalReleaseDate: "",
      pLine: "",
      cLine: "",
      upc: codes.upc,
      artworkFileId: null,
      acknowledgedWarnings: "[]",
      createdAt: now,
      updatedAt: now,
      submittedAt: now,
      reviewerId: null,
      stateChangedAt: now,
      reviewSnapshot: null,
      rejectionReason: null,
      upcClaim: codes.upc,
    })
    .execute();
  const trackIds: string[] = [];
  for (const [position, track] of codes.tracks.entries()) {
    const id = randomUUID();
    trackIds.push(id);
    await db
      .insertInto("release_track")
      .values({
        releaseId,
        id,
        position: position + 1,
        title: track.title,
        version: "",
        featuredArtists: "[]",
        composer: "",
        lyricist: "",
        instrumental: 0,
        producer: "",
        explicit: "no",
        isrc: track.isrc,
        isrcClaim: track.isrc.replace(/-/g, ""),
        lyrics: "",
        audioFileId: null,
        songId: null,
      })
      .execute();
  }
  return { releaseId, trackIds };
}

/** The header tests' statement files use: every field under a name the portal proposes. */
export const STATEMENT_HEADER = "ISRC,Store,Country,Sales Month,Quantity,Net Revenue,Currency";

/** A statement file of these lines (cells in STATEMENT_HEADER's order). */
export const statementFile = (lines: readonly string[]) =>
  Buffer.from([STATEMENT_HEADER, ...lines, ""].join("\n"));

/** Uploads a statement file; its statement's id, or the refusal's status and sentence. */
export async function uploadStatement(
  app: FastifyInstance,
  cookie: string,
  bytes: Buffer,
  filename = "statement.csv",
): Promise<{ id: string } | { status: number; message: string }> {
  const result = await tusUpload(app, cookie, bytes, { purpose: "statement", filename });
  const answer = result.patch ?? result.create;
  if (answer.statusCode !== 200 && answer.statusCode !== 204) {
    return { status: answer.statusCode, message: answer.body };
  }
  const body = answer.json<{ statement: { id: string } }>();
  return { id: body.statement.id };
}

export const ask = (
  app: FastifyInstance,
  cookie: string,
  method: "GET" | "POST" | "PUT",
  url: string,
  payload?: object,
) =>
  app.inject({
    method,
    url,
    headers: { cookie, origin: ORIGIN },
    ...(payload ? { payload } : {}),
  });

/** Waits until the statement leaves `state` (a job finished). */
export async function waitWhile(
  app: FastifyInstance,
  cookie: string,
  id: string,
  states: readonly string[],
): Promise<StatementDetail> {
  for (let i = 0; i < 400; i++) {
    const detail = (
      await ask(app, cookie, "GET", `/api/desk/statements/${id}`)
    ).json<StatementDetail>();
    if (!states.includes(detail.state)) return detail;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`statement ${id} stayed ${states.join("/")}`);
}

/** Previews with this input and waits for the preview's answer. */
export async function preview(
  app: FastifyInstance,
  cookie: string,
  id: string,
  input: Partial<StatementPreviewInput> & Pick<StatementPreviewInput, "mapping">,
): Promise<StatementDetail> {
  const response = await ask(app, cookie, "POST", `/api/desk/statements/${id}/preview`, {
    store: null,
    saleMonth: null,
    currency: null,
    rates: {},
    ...input,
  });
  if (response.statusCode !== 202)
    throw new Error(`preview: ${response.statusCode} ${response.body}`);
  return waitWhile(app, cookie, id, ["previewing"]);
}

/** Uploads a file and previews it with the columns the portal proposed for it. */
export async function previewAsProposed(
  app: FastifyInstance,
  cookie: string,
  bytes: Buffer,
  filename?: string,
): Promise<StatementDetail> {
  const uploaded = await uploadStatement(app, cookie, bytes, filename);
  if (!("id" in uploaded)) throw new Error(`refused: ${uploaded.message}`);
  const first = await ask(app, cookie, "GET", `/api/desk/statements/${uploaded.id}`);
  return preview(app, cookie, uploaded.id, { mapping: first.json<StatementDetail>().mapping });
}

/** Imports and waits for the job. */
export async function importStatement(app: FastifyInstance, cookie: string, id: string) {
  const response = await ask(app, cookie, "POST", `/api/desk/statements/${id}/import`);
  if (response.statusCode !== 202)
    throw new Error(`import: ${response.statusCode} ${response.body}`);
  return waitWhile(app, cookie, id, ["importing"]);
}
