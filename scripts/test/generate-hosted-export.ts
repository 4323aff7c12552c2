import { parseArgs } from "node:util";
import { generateHostedExport } from "../../src/cli/import/fixtures/hosted-export-fixture";

/**
 * Writes a realistic hosted-service export into a folder, to try the import:
 *   tsx scripts/test/generate-hosted-export.ts --out /tmp/export [--users 300] [--messages-per-room 12]
 */
const { values } = parseArgs({
  options: {
    out: { type: "string" },
    users: { type: "string" },
    "messages-per-room": { type: "string" },
    seed: { type: "string" },
  },
});
if (!values.out) {
  console.error(
    "Usage: tsx scripts/test/generate-hosted-export.ts --out <folder> [--users N] [--messages-per-room N]",
  );
  process.exit(2);
}
const fixture = await generateHostedExport(values.out, {
  users: values.users ? Number(values.users) : undefined,
  messagesPerRoom: values["messages-per-room"] ? Number(values["messages-per-room"]) : undefined,
  seed: values.seed ? Number(values.seed) : undefined,
});
const sample = fixture.users.find((u) => !u.admin && u.password)!;
const agent = fixture.users.find((u) => u.admin)!;
console.log(
  `Export in ${fixture.dir}: ${JSON.stringify(fixture.counts)}\n` +
    `An artist: ${sample.email} / ${sample.password}\nAn agent: ${agent.email} / ${agent.password}`,
);
