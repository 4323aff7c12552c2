import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../test/test-app";

const theme = "document.documentElement.classList.add('x')";
const css = "body{margin:0}";
const hash = (s: string) => `'sha256-${crypto.createHash("sha256").update(s).digest("base64")}'`;

let t: TestApp;
let webRoot: string;
beforeAll(async () => {
  webRoot = fs.mkdtempSync(path.join(process.env.TMPDIR ?? "/tmp", "web-pages-"));
  fs.mkdirSync(path.join(webRoot, "pages"));
  const page = (body: string) =>
    `<!doctype html><style>${css}</style><script>${theme}</script><div id=root>${body}</div>`;
  fs.writeFileSync(path.join(webRoot, "index.html"), page(""));
  fs.writeFileSync(path.join(webRoot, "pages", "login.html"), page("<form>login</form>"));
  fs.writeFileSync(path.join(webRoot, "pages", "song.html"), page("song"));
  fs.writeFileSync(
    path.join(webRoot, "pages", "routes.json"),
    JSON.stringify([
      { path: "/login", file: "pages/login.html" },
      { path: "/song/:id", file: "pages/song.html" },
    ]),
  );
  t = await createTestApp({ webRoot });
});
afterAll(async () => {
  await t.close();
  fs.rmSync(webRoot, { recursive: true, force: true });
});

describe("built pages", () => {
  it("answers each route with its own page, and unknown routes with index.html", async () => {
    expect((await t.app.inject({ url: "/login" })).body).toContain("<form>login</form>");
    expect((await t.app.inject({ url: "/song/abc?x=1" })).body).toContain(">song</div>");
    const other = await t.app.inject({ url: "/settings" });
    expect(other.statusCode).toBe(200);
    expect(other.body).toContain("<div id=root></div>");
    expect(other.headers["cache-control"]).toBe("no-cache");
  });

  it("allows the inline theme script and stylesheet by hash, and nothing else inline", async () => {
    const csp = String((await t.app.inject({ url: "/login" })).headers["content-security-policy"]);
    expect(csp).toContain(`script-src 'self' ${hash(theme)};`);
    expect(csp).toContain(`style-src 'self' ${hash(css)};`);
    expect(csp).not.toContain("unsafe-inline");
  });
});
