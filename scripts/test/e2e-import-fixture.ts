/**
 * For the browser journey: generates the small hosted-service export and
 * imports it into DATA_DIR (next to the demo data) with the compiled CLI,
 * as an operator would.
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import {
  SMALL_FIXTURE,
  generateHostedExport,
} from "../../src/cli/import/fixtures/hosted-export-fixture";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "e2e-hosted-export-"));
try {
  const { paths } = await generateHostedExport(dir, SMALL_FIXTURE);
  const result = spawnSync(
    process.execPath,
    [
      "dist/cli/main.js",
      "import-hosted",
      ...["--auth", paths.auth, "--hash-config", paths.hashConfig],
      ...["--documents", paths.documents, "--files", paths.files],
      ...["--report", path.join(dir, "report.json")],
    ],
    { env: process.env, stdio: "inherit" },
  );
  if (result.status !== 0) process.exitCode = result.status ?? 1;
} finally {
  fs.rmSync(dir, { recursive: true, force: true });
}
