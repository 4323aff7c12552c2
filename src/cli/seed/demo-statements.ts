import { Readable } from "node:stream";
import type { FastifyBaseLogger } from "fastify";
import { DomainEvents } from "../../server/events/domain-events";
import { StatementService } from "../../server/features/statements/statement-service";
import type { CliContext } from "../cli-context";
import { demoReleaseTracks } from "./demo-release";

const HEADER = "ISRC,Track Title,Store,Country,Sales Month,Quantity,Net Revenue,Currency";

/**
 * Two store statements for the demo artist's tracks, fixed text (the same
 * file again is refused, so a re-seed imports nothing twice): one in rupees
 * from Spotify and JioSaavn, one in dollars from Apple Music and YouTube
 * Music with a line whose ISRC matches no track (it stays unmatched).
 */
function demoStatementFiles(): { name: string; text: string; rates: Record<string, string> }[] {
  const [one, two, three] = demoReleaseTracks.map((t) => t.isrc);
  const line = (cells: (string | number)[]) => cells.join(",");
  return [
    {
      name: "demo-spotify-jiosaavn-2026-10.csv",
      rates: {},
      text: [
        HEADER,
        line([one!, "Demo Song 23", "Spotify", "IN", "2026-10", 182_340, "41250.75", "INR"]),
        line([one!, "Demo Song 23", "Spotify", "US", "2026-10", 20_115, "9120.40", "INR"]),
        line([two!, "Demo Song 20", "JioSaavn", "IN", "2026-10", 96_002, "12800.00", "INR"]),
        line([three!, "Demo Song 18", "JioSaavn", "IN", "2026-09", 40_870, "5340.10", "INR"]),
        line([three!, "Demo Song 18", "Spotify", "GB", "2026-09", 3_210, "-120.00", "INR"]),
      ].join("\n"),
    },
    {
      name: "demo-apple-youtube-2026-09.csv",
      rates: { USD: "84.5" },
      text: [
        HEADER,
        line([one!, "Demo Song 23", "Apple Music", "US", "2026-09", 12_400, "61.874", "USD"]),
        line([two!, "Demo Song 20", "YouTube Music", "IN", "2026-09", 58_300, "18.20", "USD"]),
        line([two!, "Demo Song 20", "YouTube Music", "AE", "2026-09", 4_020, "3.05", "USD"]),
        line([
          "IN-Z9Z-26-00077",
          "Unknown Cover",
          "Apple Music",
          "US",
          "2026-09",
          900,
          "4.10",
          "USD",
        ]),
      ].join("\n"),
    },
  ];
}

/** The seed has no server log: problems go to stderr, the rest is quiet. */
function seedLogger(): FastifyBaseLogger {
  const toStderr = (...args: unknown[]) => console.error(...args);
  const quiet = () => undefined;
  const log = {
    level: "warn",
    fatal: toStderr,
    error: toStderr,
    warn: toStderr,
    info: quiet,
    debug: quiet,
    trace: quiet,
    silent: quiet,
    child: () => log,
  };
  return log;
}

/**
 * Imports the two demo statements through the statements feature itself
 * (read, previewed, imported as a finance agent would), so the demo
 * artist's wallet shows real earnings. Answers how many were imported now:
 * a file already imported is refused, and skipped.
 */
export async function seedDemoStatements(ctx: CliContext, financeId: string): Promise<number> {
  const log = seedLogger();
  const statements = new StatementService({
    database: ctx.database,
    events: new DomainEvents(log),
    log,
    defaultRoyaltyBasisPoints: ctx.config.statements.defaultRoyaltyBasisPoints,
  });
  let imported = 0;
  for (const file of demoStatementFiles()) {
    const bytes = Buffer.from(`${file.text}\n`, "utf8");
    const open = () => Promise.resolve(Readable.from([bytes]));
    const created = await statements.createStatement(
      { id: null, name: file.name, ownerId: financeId },
      open,
    );
    if (!created.ok) continue;
    const proposed = await statements.detail(created.id);
    await statements.startPreview(
      created.id,
      {
        mapping: proposed.mapping,
        store: null,
        saleMonth: null,
        currency: null,
        rates: file.rates,
      },
      { open, size: bytes.length },
    );
    await statements.idle();
    const previewed = await statements.detail(created.id);
    if (previewed.state !== "preview" || previewed.lineErrorCount > 0) {
      throw new Error(`Demo statement ${file.name} did not preview: ${previewed.state}`);
    }
    await statements.startImport(created.id, financeId);
    await statements.idle();
    imported += 1;
  }
  return imported;
}
