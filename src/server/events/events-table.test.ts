/**
 * The events table in docs/architecture.md ("## Events") against the code:
 * one row per event of DomainEventMap, and the files it names under
 * src/server as emitting and hearing each event are exactly the files whose
 * source calls `events.emit("name"` / `events.on("name"` /
 * `events.onEveryInstance("name"`.
 */
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { DOMAIN_EVENT_NAMES } from "./domain-events";

const serverDir = path.resolve(import.meta.dirname, "..");
const architecture = path.resolve(serverDir, "../../docs/architecture.md");

interface Uses {
  emitters: Set<string>;
  listeners: Set<string>;
}
type UsesByEvent = Map<string, Uses>;

const usesOf = (map: UsesByEvent, name: string): Uses => {
  let uses = map.get(name);
  if (!uses) map.set(name, (uses = { emitters: new Set(), listeners: new Set() }));
  return uses;
};

/** The rows of the table under "## Events": each cell's `*.ts` paths. */
function documentedEvents(markdown: string): UsesByEvent {
  const section = markdown.split(/^## Events$/m)[1]?.split(/^## /m)[0] ?? "";
  const table: UsesByEvent = new Map();
  const paths = (cell: string) => [...cell.matchAll(/`([\w./-]+\.tsx?)`/g)].map((m) => m[1]!);
  for (const line of section.split("\n")) {
    const cells = line.split("|").slice(1, -1);
    const name = /^\s*`([^`]+)`\s*$/.exec(cells[0] ?? "")?.[1];
    if (!name || cells.length !== 3) continue;
    const uses = usesOf(table, name);
    for (const file of paths(cells[1]!)) uses.emitters.add(file);
    for (const file of paths(cells[2]!)) uses.listeners.add(file);
  }
  return table;
}

function serverSources(): string[] {
  return fs
    .readdirSync(serverDir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name))
    .map((e) => path.relative(serverDir, path.join(e.parentPath, e.name)).replaceAll("\\", "/"))
    .filter((file) => !file.startsWith("test/"));
}

/**
 * Where the code emits and hears each event. A listener subscribed with a
 * variable name (`for (const name of [...]) events.on(name, …)`) hears every
 * event the file names in a string.
 */
function eventsInCode(files: Record<string, string>, names: readonly string[]): UsesByEvent {
  const known = new Set(names);
  const code: UsesByEvent = new Map();
  for (const [file, text] of Object.entries(files)) {
    for (const m of text.matchAll(/\bevents\.(emit|on|onEveryInstance)\(\s*"([^"]+)"/g)) {
      if (!known.has(m[2]!)) continue;
      const uses = usesOf(code, m[2]!);
      (m[1] === "emit" ? uses.emitters : uses.listeners).add(file);
    }
    if (/\bevents\.(on|onEveryInstance)\(\s*[A-Za-z_$]/.test(text)) {
      for (const m of text.matchAll(/"([a-z]+\.[A-Za-z]+)"/g)) {
        if (known.has(m[1]!)) usesOf(code, m[1]!).listeners.add(file);
      }
    }
  }
  return code;
}

/** What the table gets wrong, one line each; empty when it matches the code. */
function differences(table: UsesByEvent, code: UsesByEvent, names: readonly string[]): string[] {
  const out: string[] = [];
  for (const name of names) if (!table.has(name)) out.push(`${name}: no row in the table`);
  for (const name of table.keys()) {
    if (!names.includes(name)) out.push(`${name}: in the table, not in DomainEventMap`);
  }
  for (const name of names) {
    const documented = table.get(name);
    const used = code.get(name);
    for (const side of ["emitters", "listeners"] as const) {
      const inTable = documented?.[side] ?? new Set<string>();
      const inCode = used?.[side] ?? new Set<string>();
      if (inCode.size === 0) out.push(`${name}: no ${side} in src/server`);
      for (const file of inCode) {
        if (!inTable.has(file)) out.push(`${name}: ${side} ${file} is not in the table`);
      }
      for (const file of inTable) {
        if (!inCode.has(file))
          out.push(`${name}: the table lists ${file} in ${side}, the code does not`);
      }
    }
  }
  return out;
}

describe("the events table in docs/architecture.md", () => {
  const markdown = fs.readFileSync(architecture, "utf8");
  const files = Object.fromEntries(
    serverSources().map((file) => [file, fs.readFileSync(path.join(serverDir, file), "utf8")]),
  );
  const code = eventsInCode(files, DOMAIN_EVENT_NAMES);

  it("names every event, and where the code emits and hears it", () => {
    expect(DOMAIN_EVENT_NAMES.length).toBeGreaterThan(10);
    expect(differences(documentedEvents(markdown), code, DOMAIN_EVENT_NAMES)).toEqual([]);
  });

  it("notices an event without a row and a listener the table does not name", () => {
    const withoutRow = markdown.replace(/^\| `files\.deleted` .*$/m, "");
    expect(differences(documentedEvents(withoutRow), code, DOMAIN_EVENT_NAMES)).toContain(
      "files.deleted: no row in the table",
    );
    const newListener = {
      ...files,
      "features/extra.ts": 'ctx.events.on("files.deleted", () => {});',
    };
    expect(
      differences(
        documentedEvents(markdown),
        eventsInCode(newListener, DOMAIN_EVENT_NAMES),
        DOMAIN_EVENT_NAMES,
      ),
    ).toEqual(["files.deleted: listeners features/extra.ts is not in the table"]);
  });

  it("notices an event added to DomainEventMap but not to the table", () => {
    const names = [...DOMAIN_EVENT_NAMES, "song.deleted"];
    const withEmitter = { ...files, "features/x.ts": 'this.events.emit("song.deleted", {});' };
    expect(
      differences(documentedEvents(markdown), eventsInCode(withEmitter, names), names),
    ).toEqual(expect.arrayContaining(["song.deleted: no row in the table"]));
  });
});
