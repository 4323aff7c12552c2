import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { answerRoutes, callMatchesRoute } from "./answer-routes";

const webDir = path.resolve(import.meta.dirname, "..");

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

interface Call {
  where: string;
  /** "POST /api/x/placeholder", or null when the path is computed by a helper. */
  call: string | null;
  answer: string;
}

/**
 * Every `apiFetch(path, { answer: "name", … })` in the web's source. A path
 * written as a literal (template parts become one segment) is resolved here;
 * one built by a helper is checked at run time by checkAnswer instead.
 */
function apiFetchCalls(): Call[] {
  const calls: Call[] = [];
  for (const file of sourceFiles(webDir)) {
    const source = fs.readFileSync(file, "utf8");
    for (const match of source.matchAll(/apiFetch\(\s*([^,]+?),\s*\{([^}]*)\}/gs)) {
      const [, target = "", init = ""] = match;
      const answer = /answer:\s*"(\w+)"/.exec(init)?.[1];
      if (!answer) continue;
      const method =
        /method:\s*"(\w+)"/.exec(init)?.[1] ?? (/\bbody\b/.test(init) ? "POST" : "GET");
      const literal = /^["`](\/api\/[^"`]*)["`]$/.exec(target.trim())?.[1];
      const pathname = literal
        ?.replace(/\$\{(?:[^{}]|\{[^{}]*\})*\}/g, "placeholder")
        .split("?", 1)[0];
      const line = source.slice(0, match.index).split("\n").length;
      calls.push({
        where: `${path.relative(webDir, file)}:${line}`,
        call: pathname === undefined ? null : `${method} ${pathname}`,
        answer,
      });
    }
  }
  return calls;
}

describe("each apiFetch names the answer of the route it calls (issue 48)", () => {
  const calls = apiFetchCalls();

  it("finds the web's calls, most with a literal path", () => {
    expect(calls.length).toBeGreaterThan(40);
    expect(calls.filter((c) => c.call !== null).length).toBeGreaterThan(20);
  });

  it("names, for every literal path, an answer that route gives", () => {
    const wrong = calls
      .filter((c) => c.call !== null)
      .filter((c) => {
        const byName: Record<string, readonly string[] | undefined> = answerRoutes;
        const routes = byName[c.answer] ?? [];
        return !routes.some((route) => callMatchesRoute(c.call!, route));
      })
      .map((c) => `${c.where}: ${c.call} named ${c.answer}`);
    expect(wrong).toEqual([]);
  });

  it("would notice a wrong name", () => {
    expect(callMatchesRoute("POST /api/auth/forgot-password", answerRoutes.ok[0])).toBe(false);
    expect(
      answerRoutes.okMessage.some((r) => callMatchesRoute("POST /api/auth/forgot-password", r)),
    ).toBe(true);
  });
});
