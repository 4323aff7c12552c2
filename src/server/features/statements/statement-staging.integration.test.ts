import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUser, type TestUser } from "../../test/chat-test-helpers";
import {
  createFinanceAgent,
  insertClaimedRelease,
  uploadStatement,
} from "../../test/statement-fixtures";
import { createTestApp, testDatabaseUrl, type TestApp } from "../../test/test-app";
import { clearStaging, forEachPartitionRange } from "./statement-bulk";
import type { StagedGroup } from "./statement-combiner";
import { stagedGroup } from "../../test/staged-group";
import type { StatementLine } from "./statement-lines";
import { groupStagedLines, lineStager } from "./statement-staging-repository";
import { copyStager, type LineStager } from "./statement-stager-repository";

/*
 * The staged sums finished in SQL (decision 124), on SQLite and, with
 * TEST_DATABASE_URL, PostgreSQL: a group whose lines came in more than one
 * drain of the reader's combiner is staged as several partial sums, and the
 * grouping adds them up exactly and rounds once.
 */

let t: TestApp;
let finance: TestUser;
let artist: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  finance = await createFinanceAgent(t.app);
  artist = await createUser(t.app, "Staged Artist");
  await insertClaimedRelease(t.app.ctx.database.db, artist.id, {
    upc: "8901234569997",
    tracks: [{ title: "Staged Song", isrc: "INA1B2699999" }],
  });
});

afterAll(() => t.close());

const part = (fields: Partial<StagedGroup>) => stagedGroup({ isrc: "INA1B2699999", ...fields });

/** A line as the reading leaves it, for the stager to pass through. */
const passedLine = (title: string): StatementLine => ({
  lineNo: 2,
  isrc: "INA1B2699999",
  upc: null,
  store: "Gaana",
  country: "IN",
  saleMonth: "2026-10",
  quantity: 1n,
  currency: "INR",
  amount: 0n,
  title,
  artist: null,
});

/** A fresh statement's parts staged by `stage`, then grouped as a preview does; its id. */
async function stageAndGroupStatement(stage: (stager: LineStager) => Promise<void>) {
  const uploaded = await uploadStatement(
    t.app,
    finance.cookie,
    Buffer.from("ISRC,Net Revenue\nINA1B2699999,1\n"),
  );
  if (!("id" in uploaded)) throw new Error(uploaded.message);
  const { database } = t.app.ctx;
  const stager = await lineStager(database, uploaded.id);
  await stage(stager);
  await stager.end();
  await forEachPartitionRange(database, (range) =>
    groupStagedLines(database, uploaded.id, 8500, range),
  );
  await clearStaging(database, uploaded.id, false);
  return uploaded.id;
}

/** The groups `stage` makes, by store. */
async function stageAndGroup(stage: (stager: LineStager) => Promise<void>) {
  const statementId = await stageAndGroupStatement(stage);
  return t.app.ctx.database.db
    .selectFrom("statement_group")
    .select(["store", "quantity", "lineCount", "amountPaise", "artistPaise", "title", "artistId"])
    .where("statementId", "=", statementId)
    .orderBy("store")
    .execute();
}

describe("statements: staged sums", () => {
  it("adds up a group's partial sums from several drains, rounding once", async () => {
    // 0.4 paise three times: each part alone rounds to nothing, together to one paisa.
    const fourTenthsOfAPaisa = 4n * 10n ** 13n;
    const groups = await stageAndGroup(async (stager) => {
      await stager.write([
        part({ quantity: 2n, rupeeUnits: fourTenthsOfAPaisa, title: "B side" }),
        part({ store: "JioSaavn", rupeeUnits: 10n ** 16n }),
      ]);
      await stager.write([part({ lineCount: 3, rupeeUnits: fourTenthsOfAPaisa, title: "A side" })]);
      await stager.write([part({ quantity: 4n, rupeeUnits: fourTenthsOfAPaisa })]);
    });
    expect(groups).toEqual([
      {
        store: "JioSaavn",
        quantity: 1,
        lineCount: 1,
        amountPaise: 100,
        artistPaise: 85,
        title: null,
        artistId: artist.id,
      },
      {
        store: "Spotify",
        quantity: 7,
        lineCount: 5,
        amountPaise: 1,
        artistPaise: 1,
        title: "B side",
        artistId: artist.id,
      },
    ]);
  });

  it("stages each line passed through as it was, though the reading reuses one line object", async () => {
    const rupee = 10n ** 16n;
    const groups = await stageAndGroup(async (stager) => {
      const line = passedLine("Passed");
      stager.passLine(line, 2n * rupee);
      Object.assign(line, { store: "Wynk Music", quantity: 3n, title: null });
      stager.passLine(line, 5n * rupee);
      await stager.write([part({ store: "Gaana", rupeeUnits: rupee })]);
      Object.assign(line, { store: "Gaana", quantity: 2n });
      stager.passLine(line, rupee);
    });
    const of = { artistId: artist.id };
    expect(groups).toEqual([
      {
        store: "Gaana",
        quantity: 4,
        lineCount: 3,
        amountPaise: 400,
        artistPaise: 340,
        title: "Passed",
        ...of,
      },
      {
        store: "Wynk Music",
        quantity: 3,
        lineCount: 1,
        amountPaise: 500,
        artistPaise: 425,
        title: null,
        ...of,
      },
    ]);
  });

  it.skipIf(!testDatabaseUrl)(
    "inserts a statement's groups in the order of their (statementId, code) index on PostgreSQL",
    async () => {
      // Staged out of order, and out of order again in a second drain.
      const codes = ["INA1B2600003", "INA1B2600001", "INA1B2600002"];
      const statementId = await stageAndGroupStatement(async (stager) => {
        await stager.write(codes.map((isrc) => part({ isrc, store: "Spotify" })));
        await stager.write(codes.map((isrc) => part({ isrc, store: "Gaana" })).reverse());
      });
      const inserted = await t.app.ctx.database.db
        .selectFrom("statement_group")
        .select(["code", "store"])
        .where("statementId", "=", statementId)
        .orderBy("id")
        .execute();
      expect(inserted.map((g) => `${g.code} ${g.store}`)).toEqual([
        "INA1B2600001 Gaana",
        "INA1B2600001 Spotify",
        "INA1B2600002 Gaana",
        "INA1B2600002 Spotify",
        "INA1B2600003 Gaana",
        "INA1B2600003 Spotify",
      ]);
    },
  );

  it("fails the staging when the COPY fails, lines passed through included", async () => {
    const failing = {
      ...t.app.ctx.database,
      copyFrom: () => Promise.reject(new Error("connection lost")),
    };
    const stager = copyStager(failing, crypto.randomUUID());
    await new Promise((resolve) => setImmediate(resolve));
    const line = passedLine("A title long enough to fill the COPY buffer sooner");
    for (let i = 0; i < 20_000 && !stager.waiting; i++) stager.passLine(line, 1n);
    expect(stager.waiting).toBe(true);
    await expect(stager.flush()).rejects.toThrow("connection lost");
    await expect(stager.end()).rejects.toThrow("connection lost");
  });
});
