import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { statementMessages as m } from "../../shared/statement-messages";
import { insertClaimedRelease } from "../../server/test/statement-fixtures";
import { ensureAccount } from "../../server/features/users/user-accounts";
import { openCliContext, type CliContext } from "../cli-context";
import { importStatement, ledgerCheck } from "./import-statement";

/*
 * `npm run cli -- import-statement` and `ledger-check` (issue 46): the
 * page's recognition, refusals and messages from a shell.
 */

let ctx: CliContext;
let dataDir: string;
let artistId: string;

const file = (name: string, text: string) => {
  const at = path.join(dataDir, name);
  fs.writeFileSync(at, text);
  return at;
};

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "portal-cli-statement-"));
  ctx = await openCliContext({ DATA_DIR: dataDir });
  ({ id: artistId } = await ensureAccount(ctx.auth, ctx.database, {
    email: "earner@example.test",
    password: "Artist-pass-1",
    name: "Earner",
  }));
  await insertClaimedRelease(ctx.database.db, artistId, {
    upc: "8901234560031",
    tracks: [{ title: "Shell Song", isrc: "INA1B2600031" }],
  });
}, 60_000);
afterAll(async () => {
  await ctx.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe("import-statement", () => {
  const tsv = [
    "ISRC\tCountry\tSale Month\tStreams\tEarnings (USD)\tTrack Title",
    "INA1B2600031\tIN\t2026-10\t1000\t2.00\tShell Song",
    "USZZ12600001\tUS\t2026-10\t10\t0.10\tSomeone Else",
  ].join("\n");

  it("refuses what the page refuses, with the same sentences", async () => {
    const at = file("needs-store.tsv", tsv);
    await expect(importStatement(ctx, [at], () => undefined)).rejects.toThrow(m.needsStore);
    const bad = file("bad.tsv", `${tsv}\nINA1B2600031\tIN\t2026-10\t1\tabc\tShell Song\n`);
    await expect(
      importStatement(
        ctx,
        [bad, "--store", "Spotify", "--currency", "USD", "--rate", "USD=84.5"],
        () => undefined,
      ),
    ).rejects.toThrow(`Line 4: Net revenue "abc" is not a number.\n${m.hasLineErrors}`);
    await expect(
      importStatement(ctx, [at, "--store", "Spotify", "--currency", "USD"], () => undefined),
    ).rejects.toThrow(m.rateRequired("USD"));
  });

  it("imports with a rate, shows progress, and ends with the preview's line and totals", async () => {
    const at = file("october.tsv", tsv);
    const shown: string[] = [];
    const out = await importStatement(
      ctx,
      [at, "--store", "spotify", "--currency", "USD", "--rate", "USD=84.5"],
      (line) => shown.push(line),
    );
    // 2.00 USD × 84.5 = 169.00 (85 %: 143.65); 0.10 × 84.5 = 8.45 unmatched.
    expect(out).toBe(
      [
        "Imported october.tsv.",
        "2 lines · 1 matched · 1 unmatched",
        "Total Rs.177.45",
        "Artists Rs.143.65",
        "Label Rs.25.35",
        "Unmatched Rs.8.45",
      ].join("\n"),
    );
    expect(shown.some((line) => /^(Reading|Importing) \d+%$/.test(line))).toBe(true);
    expect(await ledgerCheck(ctx)).toMatch(/agrees/);
    // The artist's earnings email is recorded for the server's job engine to send.
    const mails = await ctx.database.db
      .selectFrom("mail_job")
      .select(["kind", "payload", "status"])
      .execute();
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ kind: "mail", status: "pending" });
    expect(mails[0]!.payload).toContain("earner@example.test");
    expect(mails[0]!.payload).toContain("Rs.143.65");
    // The same bytes again, under another name.
    const again = file("copy.csv", tsv);
    await expect(
      importStatement(
        ctx,
        [again, "--store", "Spotify", "--currency", "USD", "--rate", "USD=84.5"],
        () => undefined,
      ),
    ).rejects.toThrow(/^This statement was already imported on \d{1,2} [A-Z][a-z]{2} \d{4}\.$/);
  });

  it("ledger-check exits with what disagrees", async () => {
    const { db } = ctx.database;
    await db.updateTable("ledger_account").set({ balance: 1 }).where("id", "=", "label").execute();
    await expect(ledgerCheck(ctx)).rejects.toThrow(
      /Account label: balance 1 paise, its entries sum to 2535\./,
    );
    await db
      .updateTable("ledger_account")
      .set({ balance: 2535 })
      .where("id", "=", "label")
      .execute();
  });

  it("never takes a file's amounts for rupees: no currency column needs --currency, and every --rate a line", async () => {
    const balance = async () =>
      (
        await ctx.database.db
          .selectFrom("ledger_account")
          .select("balance")
          .where("id", "=", `artist:${artistId}`)
          .executeTakeFirst()
      )?.balance;
    const before = await balance();
    // DistroKid's shape: Earnings (USD), no currency column. It was credited at 1 USD = Rs.1.
    const at = file("distrokid.tsv", tsv.replace("\t2.00\t", "\t5.00\t"));
    await expect(
      importStatement(ctx, [at, "--store", "Spotify", "--rate", "USD=84.5"], () => undefined),
    ).rejects.toThrow(new Error(m.needsCurrency));
    // A rate no line reads is refused, not ignored.
    await expect(
      importStatement(
        ctx,
        [at, "--store", "Spotify", "--currency", "USD", "--rate", "USD=84.5", "--rate", "EUR=90"],
        () => undefined,
      ),
    ).rejects.toThrow(
      new Error("--rate EUR: no line of this file is in EUR; leave it out or check the code."),
    );
    await expect(
      importStatement(
        ctx,
        [at, "--store", "Spotify", "--currency", "USD", "--rate", "USD=84.5", "--rate", "INR=1"],
        () => undefined,
      ),
    ).rejects.toThrow(new Error("--rate INR: amounts in rupees need no rate; leave it out."));
    expect(await balance()).toBe(before);
    expect(await ledgerCheck(ctx)).toMatch(/agrees/);
  });
});
