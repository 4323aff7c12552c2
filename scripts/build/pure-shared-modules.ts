import ts from "typescript";
import type { Plugin } from "vite";

const PURE = "/* @__PURE__ */ ";

/**
 * The shared modules (src/shared/) keep each rule's constants, helpers and
 * zod schema side by side. A screen that imports only a constant or a helper
 * still got every schema of the module, and zod with them: the bundler must
 * assume a call made at module load (`z.object(...)`) has side effects.
 * Building a schema has none outside the value it returns, so this marks every
 * call made in a top-level `const` initializer of those modules as pure
 * (not inside functions, which do not run at load). An unused schema is then
 * dropped, and zod with it when nothing on the screen validates.
 */
export function pureSharedModules(): Plugin {
  return {
    name: "pure-shared-modules",
    apply: "build",
    enforce: "pre",
    transform(code, id) {
      if (!/[\\/]src[\\/]shared[\\/].*\.ts$/.test(id) || id.endsWith(".test.ts")) return null;
      const source = ts.createSourceFile(id, code, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
      // Each call is wrapped as `(/* @__PURE__ */ call)`, so every call of a
      // chain carries its own mark: `z.string().min(1)` becomes
      // `(PURE (PURE z.string()).min(1))`. The inserted texts are the same at
      // any one position, so their order there does not matter.
      const inserts: { at: number; text: string }[] = [];
      const visit = (node: ts.Node): void => {
        if (ts.isFunctionLike(node) || ts.isClassLike(node)) return;
        if (ts.isCallExpression(node) || ts.isNewExpression(node)) {
          // An optional chain cut in two would throw where it short-circuited.
          if (node.flags & ts.NodeFlags.OptionalChain) return;
          inserts.push({ at: node.getStart(source), text: `(${PURE}` });
          inserts.push({ at: node.getEnd(), text: ")" });
        }
        ts.forEachChild(node, visit);
      };
      for (const statement of source.statements) {
        if (!ts.isVariableStatement(statement)) continue;
        for (const declaration of statement.declarationList.declarations) {
          if (declaration.initializer) visit(declaration.initializer);
        }
      }
      if (inserts.length === 0) return null;
      let out = code;
      for (const { at, text } of inserts.sort((a, b) => b.at - a.at)) {
        out = out.slice(0, at) + text + out.slice(at);
      }
      return { code: out, map: null };
    },
  };
}
