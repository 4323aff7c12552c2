import { gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { statementMessages as m } from "../../../shared/statement-messages";
import type { TestUser } from "../../test/chat-test-helpers";
import { createFinanceAgent, uploadStatement } from "../../test/statement-fixtures";
import { createTestApp, type TestApp } from "../../test/test-app";

/*
 * A gzip is held to the statement's size limit once uncompressed too: a few
 * kilobytes of gzip can unpack to gigabytes of lines, which the preview
 * would read and stage for hours. Refused at upload, before any line is read.
 */

let t: TestApp;
let finance: TestUser;

beforeAll(async () => {
  t = await createTestApp({}, undefined, undefined, { STATEMENT_MAX_MB: "1" });
  finance = await createFinanceAgent(t.app);
}, 60_000);
afterAll(() => t.close());

/** A statement of `lines` identical lines: gzip makes them tiny. */
function statementOf(lines: number): Buffer {
  const header = "ISRC,Store,Country,Sales Month,Quantity,Net Revenue,Currency\n";
  return Buffer.from(header + "INA1B2600061,Spotify,IN,2026-10,1,10,INR\n".repeat(lines));
}

describe("statements: a gzip's text is held to STATEMENT_MAX_MB", () => {
  it("refuses a small gzip whose text is over the limit, and takes one under it", async () => {
    const bomb = gzipSync(statementOf(40_000)); // 1.6 MB of text
    expect(bomb.length).toBeLessThan(64 * 1024);
    const refused = await uploadStatement(t.app, finance.cookie, bomb, "bomb.csv.gz");
    expect(refused).toMatchObject({ status: 422, message: m.tooLargeUnpacked(1024 * 1024) });
    expect(m.tooLargeUnpacked(1024 * 1024)).toBe("This statement is over 1 MB once uncompressed.");

    const fine = await uploadStatement(
      t.app,
      finance.cookie,
      gzipSync(statementOf(20_000)),
      "ok.gz",
    );
    expect(fine).toHaveProperty("id");
  });
});
