import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openCliContext, type CliContext } from "../cli-context";
import {
  SMALL_FIXTURE,
  generateHostedExport,
  type HostedFixture,
} from "../import/fixtures/hosted-export-fixture";
import type { ImportReport } from "../import/import-report";
import { importHosted } from "./import-hosted";

let dir: string;
let fixture: HostedFixture;
let ctx: CliContext;

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "import-cli-"));
  fixture = await generateHostedExport(path.join(dir, "export"), SMALL_FIXTURE);
  ctx = await openCliContext({ DATA_DIR: path.join(dir, "data"), LOG_LEVEL: "silent" });
});
afterAll(async () => {
  await ctx.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const args = (...extra: string[]) => [
  ...["--auth", fixture.paths.auth, "--hash-config", fixture.paths.hashConfig],
  ...["--documents", fixture.paths.documents, "--files", fixture.paths.files],
  ...extra,
];

describe("npm run cli -- import-hosted", () => {
  it("explains missing arguments", async () => {
    await expect(importHosted(ctx, ["--auth", "users.json"])).rejects.toThrow(
      /--hash-config: the password-hash parameters are required\n.*--documents: .*\n.*--files: .*\nUsage: import-hosted/,
    );
    await expect(importHosted(ctx, args("--check-email", "a@b.test"))).rejects.toThrow(
      /give --check-email and --check-password together/,
    );
  });

  it("dry run: prints the report and writes nothing, not even the report file", async () => {
    const out = await importHosted(ctx, args("--dry-run"));
    expect(out).toMatch(/^Dry run: nothing was written/);
    expect(out).toMatch(new RegExp(`messages\\s+${fixture.counts.messages}\\s+0\\s+0\\s+0\\s+0`));
    expect(out).not.toContain("Report:");
    expect(await ctx.database.db.selectFrom("user").select("id").execute()).toEqual([]);
  });

  it("imports, writes the JSON report, and says so when a second run changes nothing", async () => {
    const reportFile = path.join(dir, "report.json");
    const known = fixture.users.find((u) => u.password)!;
    const out = await importHosted(
      ctx,
      args(
        "--report",
        reportFile,
        "--check-email",
        known.email,
        "--check-password",
        known.password!,
      ),
    );
    expect(out).toMatch(/^Import finished\./);
    expect(out).toContain(`Report: ${reportFile}`);
    expect(out).toMatch(/user\(s\) have no usable password|^(?![\s\S]*no usable)/);
    const report = JSON.parse(fs.readFileSync(reportFile, "utf8")) as ImportReport;
    expect(report.counts.messages.imported).toBe(fixture.counts.messages);
    expect(report.counts.users.imported).toBe(fixture.counts.users);

    const again = await importHosted(ctx, args("--report", reportFile));
    expect(again).toContain("Nothing changed: everything in this export was already imported.");
    expect(again).toMatch(new RegExp(`users\\s+0\\s+${fixture.counts.users}\\s+0\\s+0\\s+0`));
  });

  it("writes the report into DATA_DIR/import-reports when no --report is given, private to the portal", async () => {
    const out = await importHosted(ctx, args());
    const folder = path.join(dir, "data", "import-reports");
    const [name] = fs.readdirSync(folder);
    expect(name).toMatch(/^import-report-.+\.json$/);
    expect(out).toContain(`Report: ${path.join(folder, name!)}`);
    expect(fs.statSync(path.join(folder, name!)).mode & 0o777).toBe(0o600);
    expect(fs.statSync(folder).mode & 0o777).toBe(0o700);
  });
});
