/**
 * Reading a V8 CPU profile (`node --cpu-prof`), shared by the scripts that sum
 * one (profile-summary.ts, profile-startup.ts): each sample's time, the code
 * behind a frame (bundled code traced back through the bundle's source map,
 * so a package keeps its name inside dist/), the package that owns it, and
 * one summing loop.
 */
import fs from "node:fs";
import { SourceMap } from "node:module";
import path from "node:path";

export interface CallFrame {
  functionName: string;
  url: string;
  lineNumber: number;
  columnNumber: number;
}
export interface ProfileNode {
  id: number;
  callFrame: CallFrame;
  children?: number[];
}
export interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

export function readCpuProfile(file: string): CpuProfile {
  return JSON.parse(fs.readFileSync(file, "utf8")) as CpuProfile;
}

/**
 * The package a file belongs to, "app" outside node_modules; in a package
 * nested in another's node_modules, the inner one (whose code it is).
 */
export function packageOf(file: string): string {
  const match = /.*node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(file);
  return match ? match[1]! : "app";
}

/** V8's own entries, with no code behind them: "(garbage collector)", "(program)", "(idle)", "(root)". */
export function isV8Entry(frame: CallFrame): boolean {
  return frame.url === "" && frame.functionName.startsWith("(");
}

const sourceMaps = new Map<string, { map: SourceMap; dir: string } | null>();

/** The bundle's source map, when the file has one beside it. */
function sourceMapOf(url: string): { map: SourceMap; dir: string } | null {
  if (!sourceMaps.has(url)) {
    const file = `${url.replace(/^file:\/\//, "")}.map`;
    sourceMaps.set(
      url,
      fs.existsSync(file)
        ? {
            map: new SourceMap(JSON.parse(fs.readFileSync(file, "utf8")) as never),
            dir: path.dirname(file),
          }
        : null,
    );
  }
  return sourceMaps.get(url)!;
}

/**
 * The source a frame's code comes from (a path, and its 0-based line), null
 * for Node's own code, V8's entries and natives. Code in dist/ is traced back
 * through the bundle's source map when it has one.
 */
export function sourceOf(frame: CallFrame): { file: string; line: number } | null {
  const { url } = frame;
  if (url === "" || url.startsWith("node:")) return null;
  const bundle = url.includes("/dist/") ? sourceMapOf(url) : null;
  const entry = bundle?.map.findEntry(frame.lineNumber, frame.columnNumber);
  // Rolldown maps some generated code (its runtime helpers) to no source.
  if (bundle && entry && "originalSource" in entry && typeof entry.originalSource === "string") {
    return { file: path.resolve(bundle.dir, entry.originalSource), line: entry.originalLine };
  }
  return { file: url.replace(/^file:\/\//, ""), line: frame.lineNumber };
}

/** The package a frame's code belongs to, "app" for our sources, null for Node's own code. */
export function ownerOf(frame: CallFrame): string | null {
  const source = sourceOf(frame);
  return source ? packageOf(source.file) : null;
}

/**
 * Milliseconds by key: each sample counts the time until the next one (the
 * last one's is unknown), for the key of its node; a null key leaves the
 * sample out. `fromMs` leaves out the samples before that time.
 */
export function sumSamples(
  profile: CpuProfile,
  keyOf: (node: ProfileNode) => string | null,
  fromMs = 0,
): Map<string, number> {
  const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
  const totals = new Map<string, number>();
  let elapsed = 0;
  for (const [i, id] of profile.samples.entries()) {
    const ms = (profile.timeDeltas[i + 1] ?? 0) / 1000;
    elapsed += ms;
    const node = nodes.get(id);
    const key = node && elapsed >= fromMs ? keyOf(node) : null;
    if (key !== null) totals.set(key, (totals.get(key) ?? 0) + ms);
  }
  return totals;
}

/** The profile's length: every sample's time summed. */
export function profileMs(profile: CpuProfile): number {
  return profile.timeDeltas.slice(1).reduce((sum, delta) => sum + delta / 1000, 0);
}

/**
 * Milliseconds per owner, Node's own code counted for its nearest caller
 * that has an owner (loading a module counts for the package that required
 * it); V8's entries by name, "(root)" as "node".
 */
export function sumByOwner(profile: CpuProfile): Map<string, number> {
  const parent = new Map<number, number>();
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const owners = new Map<number, string>();
  const owner = (id: number): string => {
    const cached = owners.get(id);
    if (cached) return cached;
    const { callFrame } = byId.get(id)!;
    let found: string;
    if (isV8Entry(callFrame)) found = callFrame.functionName;
    else {
      const up = parent.get(id);
      found = ownerOf(callFrame) ?? (up === undefined ? "node (top level)" : owner(up));
      if (found === "(root)") found = "node";
    }
    owners.set(id, found);
    return found;
  };
  return sumSamples(profile, (node) => owner(node.id));
}
