/**
 * Import cycles in src, type-only ones included. ESLint's import/no-cycle
 * skips `import type` (erased at build time), but a type cycle still ties two
 * modules together: neither can be read, moved or tested without the other.
 * This follows every import and re-export (`import type` too, `import("x")`
 * types and dynamic imports), resolved the way tsconfig.json resolves them,
 * and lists each cycle. `npm run check` runs it.
 */
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";

/** Every module a file names: imports, re-exports, `import("x")` types and calls. */
export function moduleSpecifiers(fileName: string, text: string): string[] {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  const visit = (node: ts.Node): void => {
    if (
      (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) &&
      node.moduleSpecifier &&
      ts.isStringLiteral(node.moduleSpecifier)
    ) {
      found.push(node.moduleSpecifier.text);
    } else if (
      ts.isImportTypeNode(node) &&
      ts.isLiteralTypeNode(node.argument) &&
      ts.isStringLiteral(node.argument.literal)
    ) {
      found.push(node.argument.literal.text);
    } else if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments[0] &&
      ts.isStringLiteral(node.arguments[0])
    ) {
      found.push(node.arguments[0].text);
    } else if (
      ts.isImportEqualsDeclaration(node) &&
      ts.isExternalModuleReference(node.moduleReference) &&
      ts.isStringLiteral(node.moduleReference.expression)
    ) {
      found.push(node.moduleReference.expression.text);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** The .ts and .tsx files under a folder (declaration files aside). */
export function sourceFiles(root: string): string[] {
  return fs
    .readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && /\.tsx?$/.test(e.name) && !e.name.endsWith(".d.ts"))
    .map((e) => path.join(e.parentPath, e.name));
}

/**
 * Each cycle among the files, as the files in import order (the first one
 * again at the end): one cycle per strongly connected group of modules.
 */
export function findCycles(files: readonly string[], options: ts.CompilerOptions): string[][] {
  const inSet = new Set(files.map((f) => path.resolve(f)));
  const host = ts.createCompilerHost(options);
  const edges = new Map<string, string[]>();
  for (const file of inSet) {
    const targets = new Set<string>();
    for (const specifier of moduleSpecifiers(file, fs.readFileSync(file, "utf8"))) {
      const resolved = ts.resolveModuleName(specifier, file, options, host).resolvedModule;
      const target = resolved && path.resolve(resolved.resolvedFileName);
      if (target && inSet.has(target)) targets.add(target);
    }
    edges.set(file, [...targets].sort());
  }
  return stronglyConnected(edges)
    .filter((group) => group.length > 1 || (edges.get(group[0]!) ?? []).includes(group[0]!))
    .map((group) => cycleThrough(group, edges));
}

/** Tarjan's strongly connected components. */
function stronglyConnected(edges: Map<string, string[]>): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const groups: string[][] = [];
  const visit = (node: string): void => {
    index.set(node, next);
    low.set(node, next);
    next++;
    stack.push(node);
    onStack.add(node);
    for (const to of edges.get(node) ?? []) {
      if (!index.has(to)) {
        visit(to);
        low.set(node, Math.min(low.get(node)!, low.get(to)!));
      } else if (onStack.has(to)) {
        low.set(node, Math.min(low.get(node)!, index.get(to)!));
      }
    }
    if (low.get(node) === index.get(node)) {
      const group: string[] = [];
      let member: string | undefined;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        group.push(member);
      } while (member !== node);
      groups.push(group.sort());
    }
  };
  for (const node of [...edges.keys()].sort()) if (!index.has(node)) visit(node);
  return groups;
}

/** One cycle inside a group: the shortest way from its first file back to itself. */
function cycleThrough(group: string[], edges: Map<string, string[]>): string[] {
  const members = new Set(group);
  const start = group[0]!;
  const cameFrom = new Map<string, string>();
  const queue = [start];
  while (queue.length > 0) {
    const node = queue.shift()!;
    for (const to of edges.get(node) ?? []) {
      if (!members.has(to)) continue;
      if (to === start) {
        const cycle = [node];
        for (let at = node; at !== start;) {
          at = cameFrom.get(at)!;
          cycle.unshift(at);
        }
        return [...cycle, start];
      }
      if (!cameFrom.has(to)) {
        cameFrom.set(to, node);
        queue.push(to);
      }
    }
  }
  return [...group, start];
}

/** The compiler options of a tsconfig.json, for resolving as tsc does. */
export function compilerOptionsOf(configPath: string): ts.CompilerOptions {
  const read = ts.readConfigFile(configPath, (p) => ts.sys.readFile(p));
  if (read.error) throw new Error(ts.flattenDiagnosticMessageText(read.error.messageText, "\n"));
  const config: unknown = read.config;
  return ts.parseJsonConfigFileContent(config, ts.sys, path.dirname(configPath)).options;
}

function main(): void {
  const root = path.resolve(fileURLToPath(import.meta.url), "../../..");
  const options = compilerOptionsOf(path.join(root, "tsconfig.json"));
  const cycles = findCycles(sourceFiles(path.join(root, "src")), options);
  if (cycles.length === 0) return;
  console.error(`Import cycles in src (type-only imports count too): ${cycles.length}`);
  for (const cycle of cycles) {
    console.error(`  ${cycle.map((f) => path.relative(root, f)).join(" -> ")}`);
  }
  console.error("Move what both sides need into a module both import (see docs/architecture.md).");
  process.exitCode = 1;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main();
