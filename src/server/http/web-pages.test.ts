import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { hashInlineBlocks, loadWebPages } from "./web-pages";

describe("hashInlineBlocks", () => {
  it("hashes inline scripts and styles, not scripts with a src", () => {
    const html =
      '<style>a{}</style><script>x()</script><script type="module" src="/a.js"></script>';
    const h = (s: string) => `'sha256-${crypto.createHash("sha256").update(s).digest("base64")}'`;
    expect(hashInlineBlocks(html)).toEqual({ scriptSrc: [h("x()")], styleSrc: [h("a{}")] });
  });
});

describe("loadWebPages", () => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), "web-pages-"));
  afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

  it("lists each route's page and hashes the inline blocks of every page", () => {
    fs.mkdirSync(path.join(root, "pages"));
    fs.writeFileSync(path.join(root, "index.html"), "<style>i{}</style>");
    fs.writeFileSync(path.join(root, "pages", "login.html"), "<script>l()</script>");
    fs.writeFileSync(
      path.join(root, "pages", "routes.json"),
      JSON.stringify([
        { path: "/login", file: "pages/login.html" },
        { path: "/desk/songs/new", file: "pages/new.html" },
        { path: "/desk/songs/:id", file: "pages/edit.html" },
      ]),
    );
    const pages = loadWebPages(root);
    expect(pages.pages.map((p) => p.path)).toEqual([
      "/login",
      "/desk/songs/new",
      "/desk/songs/:id",
    ]);
    expect(pages.inlineHashes.scriptSrc).toHaveLength(1);
    expect(pages.inlineHashes.styleSrc).toHaveLength(1);
  });

  it("has no route pages without a page list (every route gets index.html)", () => {
    const bare = fs.mkdtempSync(path.join(os.tmpdir(), "web-pages-bare-"));
    fs.writeFileSync(path.join(bare, "index.html"), "<p>hi</p>");
    const pages = loadWebPages(bare);
    expect(pages.pages).toEqual([]);
    expect(pages.inlineHashes).toEqual({ scriptSrc: [], styleSrc: [] });
    fs.rmSync(bare, { recursive: true, force: true });
  });
});
