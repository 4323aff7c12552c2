import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { gs1CheckDigit } from "../../../shared/release-codes";
import { releaseMessages as m } from "../../../shared/release-messages";
import type { ReleaseDetail, ReleaseDraftInput } from "../../../shared/release-schemas";
import { createUser, type TestUser } from "../../test/chat-test-helpers";
import { createTestApp, type TestApp } from "../../test/test-app";
import { artworkFile, wavFile } from "../../test/release-fixtures";
import { upcCounterMax, upcOf } from "./review/release-codes";
import { caller, releaseInState, submittedRelease } from "./review/review-test-helpers";

/**
 * A UPC is one release's (issue 45, decision 104), typed or assigned, as an
 * ISRC is one track's: on save the form is told, a submit is refused, an
 * approval never hands out or keeps one another release holds, and two
 * submits at the same moment cannot both take it. SQLite by default;
 * PostgreSQL with TEST_DATABASE_URL.
 */
let t: TestApp;
let asha: TestUser;
let ravi: TestUser;
let agent: TestUser;
let files: { artwork: Buffer; audio: Buffer };
let call: ReturnType<typeof caller>;

beforeAll(async () => {
  t = await createTestApp({}, undefined, undefined, { UPLOADS_PER_MINUTE: "100000" });
  call = caller(t.app);
  asha = await createUser(t.app, "Asha Rao");
  ravi = await createUser(t.app, "Ravi Kumar");
  agent = await createUser(t.app, "Agent One", true);
  files = { artwork: await artworkFile(3000), audio: wavFile() };
}, 60_000);
afterAll(() => t.close());

/** A valid UPC-A no other test uses (a random body, its check digit). */
function freshUpc(): string {
  const body = Array.from({ length: 11 }, () => Math.floor(Math.random() * 10)).join("");
  return `${body}${gs1CheckDigit(body)}`;
}

const desk = (id: string, step: string) => `/api/desk/releases/${id}/${step}`;

async function approve({ id, version }: ReleaseDetail): Promise<ReleaseDetail> {
  const started = await call("POST", desk(id, "start-review"), agent.cookie, { version });
  expect(started.statusCode, started.body).toBe(200);
  const approved = await call("POST", desk(id, "approve"), agent.cookie, {
    version: started.json<ReleaseDetail>().version,
  });
  expect(approved.statusCode, approved.body).toBe(200);
  return approved.json();
}

/** A complete draft of `who` (submitted, then withdrawn) to type a UPC into. */
async function draftOf(who: TestUser): Promise<{ id: string; draft: ReleaseDraftInput }> {
  const { detail, draft } = await submittedRelease(t.app, who, files, { tracks: 1 });
  const back = await call("POST", `/api/releases/${detail.id}/withdraw`, who.cookie, {
    version: detail.version,
  });
  expect(back.statusCode, back.body).toBe(200);
  return { id: detail.id, draft: { ...draft, version: back.json<ReleaseDetail>().version } };
}

async function saveUpc(
  who: TestUser,
  release: { id: string; draft: ReleaseDraftInput },
  upc: string,
) {
  const saved = await call("PUT", `/api/releases/${release.id}`, who.cookie, {
    ...release.draft,
    upc,
  });
  expect(saved.statusCode, saved.body).toBe(200);
  const detail = saved.json<ReleaseDetail>();
  release.draft.version = detail.version;
  return detail;
}

const submit = (who: TestUser, detail: ReleaseDetail) =>
  call("POST", `/api/releases/${detail.id}/submit`, who.cookie, {
    version: detail.version,
    acknowledgedWarnings: detail.issues.map((issue) => issue.key),
  });

const messagesOf = (issues: { message: string }[]) => issues.map((issue) => issue.message);

describe("a UPC is one release's", () => {
  it("refuses, on save and at submission, the UPC an approval gave another artist's release", async () => {
    const { detail } = await submittedRelease(t.app, asha, files, { tracks: 1 });
    const assigned = (await approve(detail)).upc;
    expect(assigned).toMatch(/^\d{12}$/);
    const draft = await draftOf(ravi);
    // Typed as it was given, or as an EAN-13 with its leading zero: one code.
    for (const typed of [assigned, `0${assigned}`]) {
      const saved = await saveUpc(ravi, draft, typed);
      expect(saved.issues).toContainEqual(
        expect.objectContaining({ field: "upc", severity: "error", message: m.upcTaken }),
      );
      const refused = await submit(ravi, saved);
      expect(refused.statusCode).toBe(422);
      expect(refused.json().fieldErrors.upc).toBe(m.upcTaken);
      expect(messagesOf(refused.json().issues)).toContain(m.upcTaken);
    }
    const after = await call("GET", `/api/releases/${draft.id}`, ravi.cookie);
    expect(after.json()).toMatchObject({ state: "draft" });
  });

  it("refuses a typed UPC another submitted release holds, and frees it when that one is withdrawn", async () => {
    const upc = freshUpc();
    const first = await submittedRelease(t.app, asha, files, { tracks: 1, upc });
    const second = await draftOf(ravi);
    const saved = await saveUpc(ravi, second, upc);
    expect(messagesOf(saved.issues)).toContain(m.upcTaken);
    expect((await submit(ravi, saved)).statusCode).toBe(422);
    // Withdrawn: the claim goes back, and the other artist may submit it.
    const back = await call("POST", `/api/releases/${first.detail.id}/withdraw`, asha.cookie, {
      version: first.detail.version,
    });
    expect(back.statusCode, back.body).toBe(200);
    const again = (
      await call("GET", `/api/releases/${second.id}`, ravi.cookie)
    ).json<ReleaseDetail>();
    expect(messagesOf(again.issues)).not.toContain(m.upcTaken);
    const ok = await submit(ravi, again);
    expect(ok.statusCode, ok.body).toBe(200);
  });

  it("lets only one of two releases submitted at the same moment with one UPC take it", async () => {
    const upc = freshUpc();
    const [a, b] = [await draftOf(asha), await draftOf(ravi)];
    const [savedA, savedB] = [await saveUpc(asha, a, upc), await saveUpc(ravi, b, upc)];
    const answers = await Promise.all([submit(asha, savedA), submit(ravi, savedB)]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 422]);
    const refused = answers.find((r) => r.statusCode === 422)!;
    expect(refused.json().fieldErrors.upc).toBe(m.upcTaken);
    const holders = await t.app.ctx.database.db
      .selectFrom("release")
      .select("id")
      .where("upcClaim", "=", `0${upc}`)
      .execute();
    expect(holders).toHaveLength(1);
  });

  it("never assigns a UPC someone typed, even in a draft", async () => {
    const db = t.app.ctx.database.db;
    const prefix = "890123456";
    const counter = await db
      .selectFrom("code_counter")
      .select("value")
      .where("name", "=", `upc:${prefix}`)
      .executeTakeFirst();
    const next = (counter?.value ?? 0) + 1;
    expect(next).toBeLessThan(upcCounterMax(prefix));
    const typed = upcOf(prefix, next);
    const draft = await draftOf(ravi);
    await saveUpc(ravi, draft, `0${typed}`);
    const id = await releaseInState(t.app, asha.id, "in_review");
    const approved = await call("POST", desk(id, "approve"), agent.cookie, { version: 1 });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json<ReleaseDetail>().upc).toBe(upcOf(prefix, next + 1));
  });

  it("refuses to approve a release from before the claims whose UPC another release holds", async () => {
    const upc = freshUpc();
    await submittedRelease(t.app, asha, files, { tracks: 1, upc });
    // As migration 0021 leaves a later release repeating an earlier one's UPC: no claim.
    const id = await releaseInState(t.app, ravi.id, "in_review");
    await t.app.ctx.database.db.updateTable("release").set({ upc }).where("id", "=", id).execute();
    const refused = await call("POST", desk(id, "approve"), agent.cookie, { version: 1 });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(m.upcTaken);
    const row = await t.app.ctx.database.db
      .selectFrom("release")
      .select(["state", "upcClaim"])
      .where("id", "=", id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ state: "in_review", upcClaim: null });
  });
});
