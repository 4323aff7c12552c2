import { createHash } from "node:crypto";
import { gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { StatementDetail } from "../../../shared/responses/statements";
import { statementMessages as m } from "../../../shared/statement-messages";
import { createUser, type TestUser } from "../../test/chat-test-helpers";
import {
  ask,
  createFinanceAgent,
  importStatement,
  insertClaimedRelease,
  previewAsProposed,
  uploadStatement,
} from "../../test/statement-fixtures";
import { createTestApp, type TestApp } from "../../test/test-app";

/*
 * The same statement again, under any name and compressed or not, is
 * refused at upload (issue 46): its hash is of the text, not of the bytes
 * stored, without a BOM and with CRLF as LF (a spreadsheet's re-save). On
 * SQLite and, with TEST_DATABASE_URL, PostgreSQL.
 */

let t: TestApp;
let finance: TestUser;
let artist: TestUser;
let trackId: string;

const ALREADY = /^This statement was already imported on \d{1,2} [A-Z][a-z]{2} \d{4}\.$/;
let serial = 0;
/** A statement of 10 rupees to the artist's track; each call's differs from the others'. */
const statementText = () =>
  Buffer.from(
    [
      "ISRC,Store,Country,Sales Month,Quantity,Net Revenue,Currency",
      `INA1B2600061,Spotify,IN,2026-10,${++serial},10,INR`,
    ].join("\n") + "\n",
  );

async function imported(bytes: Buffer, name: string): Promise<StatementDetail> {
  const previewed = await previewAsProposed(t.app, finance.cookie, bytes, name);
  const detail = await importStatement(t.app, finance.cookie, previewed.id);
  expect(detail.state).toBe("imported");
  return detail;
}

/** The statement's row as an earlier build left it: the hash of these bytes as they are. */
async function hashedAsBefore(statementId: string, bytes: Buffer) {
  const hash = createHash("sha256").update(bytes).digest("hex");
  await t.app.ctx.database.db
    .updateTable("statement")
    .set({ fileSha256: hash, activeHash: hash })
    .where("id", "=", statementId)
    .execute();
}

async function refused(bytes: Buffer, name: string) {
  const again = await uploadStatement(t.app, finance.cookie, bytes, name);
  expect(again).toMatchObject({ status: 422 });
  expect((again as { message: string }).message).toMatch(ALREADY);
}

beforeAll(async () => {
  t = await createTestApp();
  finance = await createFinanceAgent(t.app);
  artist = await createUser(t.app, "Artist");
  const claimed = await insertClaimedRelease(t.app.ctx.database.db, artist.id, {
    upc: "8901234560079",
    tracks: [{ title: "Song", isrc: "INA1B2600061" }],
  });
  trackId = claimed.trackIds[0]!;
}, 60_000);
afterAll(() => t.close());

describe("statements: the same file compressed or not", () => {
  it("refuses the gzip of a file imported plain", async () => {
    const text = statementText();
    await imported(text, "oct.csv");
    await refused(gzipSync(text), "oct.csv.gz");
  });

  it("refuses the plain file of one imported gzipped", async () => {
    const text = statementText();
    await imported(gzipSync(text), "nov.csv.gz");
    await refused(text, "nov.csv");
    // And a gzip of it made otherwise (other bytes, the same text).
    await refused(gzipSync(text, { level: 1 }), "nov-fast.csv.gz");
  });

  it("still refuses a .gz imported before, whose row has the hash of its bytes as stored", async () => {
    const gz = gzipSync(statementText());
    const detail = await imported(gz, "dec.csv.gz");
    await hashedAsBefore(detail.id, gz);
    await refused(gz, "dec-again.csv.gz");
  });

  it("refuses a gzip cut short, whose text cannot be read to its end", async () => {
    const lines = Array.from(
      { length: 2000 },
      (_, i) => `INA1B2600061,Spotify,IN,2026-10,${i},${i % 7}.${i % 100},INR`,
    );
    const gz = gzipSync(
      Buffer.from(
        [`ISRC,Store,Country,Sales Month,Quantity,Net Revenue,Currency`, ...lines].join("\n"),
      ),
    );
    const cut = await uploadStatement(
      t.app,
      finance.cookie,
      gz.subarray(0, gz.length >> 1),
      "cut.csv.gz",
    );
    expect(cut).toEqual({ status: 422, message: m.notReadable });
  });
});

describe("statements: the same lines saved again by a spreadsheet", () => {
  const crlf = (text: Buffer) => Buffer.from(text.toString("utf8").replace(/\n/g, "\r\n"));
  const bom = (text: Buffer) => Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), text]);

  it("refuses them with CRLF line breaks, a BOM, or both", async () => {
    const text = statementText();
    await imported(text, "jan.csv");
    await refused(crlf(text), "jan (saved).csv");
    await refused(bom(text), "jan-utf8.csv");
    await refused(bom(crlf(text)), "jan-excel.csv");
    await refused(gzipSync(bom(crlf(text))), "jan-excel.csv.gz");
  });

  it("refuses the plain LF file of one imported as CRLF with a BOM", async () => {
    const text = statementText();
    await imported(bom(crlf(text)), "feb-excel.csv");
    await refused(text, "feb.csv");
  });

  it("still refuses a CRLF file imported before, whose row has the hash of its text as it was", async () => {
    const text = crlf(statementText());
    const detail = await imported(text, "mar.csv");
    await hashedAsBefore(detail.id, text);
    await refused(text, "mar-again.csv");
  });
});

describe("statements: assigning a code before the preview", () => {
  it("is refused with a message about assigning, not reversing", async () => {
    const uploaded = await uploadStatement(t.app, finance.cookie, statementText(), "early.csv");
    if (!("id" in uploaded)) throw new Error(`refused: ${uploaded.message}`);
    const url = `/api/desk/statements/${uploaded.id}/unmatched/assign`;
    const early = await ask(t.app, finance.cookie, "POST", url, { code: "USZZ12600009", trackId });
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe("Preview the statement before assigning its codes.");
  });
});
