import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import Fastify, { type FastifyInstance } from "fastify";
import { serializerCompiler, validatorCompiler } from "fastify-type-provider-zod";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadWebPages } from "./web-pages";
import { IMMUTABLE_CACHE, registerWebRoot } from "./web-root";
import { pictureLinks } from "./route-data-links";

// A built web root run through the real post-build step (scripts/build/precompress.mjs).
const script = `console.log(${JSON.stringify("portal ".repeat(400))});`;
const page = `<!doctype html><html><body><div id=root></div>${"<!-- pad -->".repeat(100)}</body></html>`;
let webRoot: string;
let app: FastifyInstance;

beforeAll(async () => {
  webRoot = fs.mkdtempSync(path.join(os.tmpdir(), "web-root-"));
  fs.mkdirSync(path.join(webRoot, "assets"));
  fs.writeFileSync(path.join(webRoot, "index.html"), page);
  fs.writeFileSync(path.join(webRoot, "assets", "app-abc123.js"), script);
  fs.writeFileSync(path.join(webRoot, "assets", "tiny-abc123.js"), "1");
  execFileSync(process.execPath, ["scripts/build/precompress.mjs", webRoot]);
  app = Fastify();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  await registerWebRoot(app, webRoot, loadWebPages(webRoot));
});
afterAll(async () => {
  await app.close();
  fs.rmSync(webRoot, { recursive: true, force: true });
});

const get = (url: string, acceptEncoding?: string) =>
  app.inject({ url, headers: acceptEncoding ? { "accept-encoding": acceptEncoding } : {} });

describe("web root", () => {
  it("writes brotli and gzip beside every compressible file, not beside tiny ones", () => {
    for (const name of ["index.html", "assets/app-abc123.js"]) {
      expect(fs.existsSync(path.join(webRoot, `${name}.br`))).toBe(true);
      expect(fs.existsSync(path.join(webRoot, `${name}.gz`))).toBe(true);
    }
    expect(fs.existsSync(path.join(webRoot, "assets/tiny-abc123.js.br"))).toBe(false);
  });

  it("sends the brotli file to a browser that accepts it, immutable for hashed assets", async () => {
    const res = await get("/assets/app-abc123.js", "gzip, deflate, br, zstd");
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-encoding"]).toBe("br");
    expect(res.headers["vary"]).toMatch(/accept-encoding/i);
    expect(res.headers["content-type"]).toMatch(/javascript/);
    expect(res.headers["cache-control"]).toBe(IMMUTABLE_CACHE);
    expect(res.rawPayload.length).toBeLessThan(script.length / 10);
    expect(zlib.brotliDecompressSync(res.rawPayload).toString()).toBe(script);
  });

  it("sends gzip when brotli is not accepted, and the plain file when nothing is", async () => {
    const gz = await get("/assets/app-abc123.js", "gzip");
    expect(gz.headers["content-encoding"]).toBe("gzip");
    expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe(script);

    const plain = await get("/assets/app-abc123.js");
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.headers["vary"]).toMatch(/accept-encoding/i);
    expect(plain.body).toBe(script);
  });

  it("sends a file without a compressed variant as it is", async () => {
    const res = await get("/assets/tiny-abc123.js", "br, gzip");
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-encoding"]).toBeUndefined();
    expect(res.body).toBe("1");
  });

  it("answers client routes with index.html, compressed, never cached", async () => {
    const res = await get("/songs", "br");
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toMatch(/text\/html/);
    expect(res.headers["content-encoding"]).toBe("br");
    expect(res.headers["cache-control"]).toBe("no-cache");
    expect(zlib.brotliDecompressSync(res.rawPayload).toString()).toBe(page);
  });

  it("finds any built file at request time, and nothing outside the root", async () => {
    const head = await app.inject({ method: "HEAD", url: "/assets/app-abc123.js" });
    expect(head.statusCode).toBe(200);
    expect(head.headers["content-type"]).toMatch(/javascript/);
    // A file the build did not write, or a folder, is the app's page, as any unknown path is.
    for (const url of ["/assets/gone-abc123.js", "/assets/", "/assets", "/"]) {
      const missing = await get(url);
      expect(missing.statusCode, url).toBe(200);
      expect(missing.headers["content-type"], url).toMatch(/text\/html/);
      expect(missing.headers["cache-control"], url).toBe("no-cache");
      expect(missing.body, url).toBe(page);
    }
    const outside = path.join(path.dirname(webRoot), `outside-${path.basename(webRoot)}.txt`);
    fs.writeFileSync(outside, "secret");
    try {
      for (const url of [`/../${path.basename(outside)}`, `/%2e%2e/${path.basename(outside)}`]) {
        expect((await get(url)).body).not.toContain("secret");
      }
    } finally {
      fs.rmSync(outside);
    }
  });

  it("keeps unknown API routes a JSON 404", async () => {
    const res = await get("/api/nope", "br");
    expect(res.statusCode).toBe(404);
    expect(res.headers["content-encoding"]).toBeUndefined();
  });
});

describe("a page's preload lookup", () => {
  const links = ["/api/rooms/__roomId__/messages", "/api/songs/notices"];
  const notices = "</api/songs/notices>; rel=preload; as=fetch; crossorigin=anonymous";

  async function pageWith(
    derive: Parameters<typeof registerWebRoot>[4],
    pictures?: Parameters<typeof registerWebRoot>[5],
    url = "/chat/p1",
  ) {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), "web-root-derive-"));
    fs.mkdirSync(path.join(root, "pages"));
    fs.writeFileSync(path.join(root, "index.html"), page);
    fs.writeFileSync(path.join(root, "pages", "chat.html"), page);
    fs.writeFileSync(
      path.join(root, "pages", "routes.json"),
      JSON.stringify([{ path: "/chat/:peerId", file: "pages/chat.html", data: { artist: links } }]),
    );
    const server = Fastify();
    server.setValidatorCompiler(validatorCompiler);
    server.setSerializerCompiler(serializerCompiler);
    await registerWebRoot(
      server,
      root,
      loadWebPages(root),
      () => Promise.resolve({ role: "artist", userId: "u1" }),
      derive,
      pictures,
    );
    const started = Date.now();
    const response = await server.inject({ url });
    const ms = Date.now() - started;
    await server.close();
    fs.rmSync(root, { recursive: true, force: true });
    return { response, ms };
  }

  it("names what it found", async () => {
    const { response } = await pageWith(() => Promise.resolve({ roomId: "r1" }));
    expect(response.headers.link).toBe(
      `</api/rooms/r1/messages>; rel=preload; as=fetch; crossorigin=anonymous, ${notices}`,
    );
  });

  const messages = "</api/rooms/r1/messages>; rel=preload; as=fetch; crossorigin=anonymous";

  it("decides by the parsed query: an empty one is the default view, a filter is not", async () => {
    const found = () => Promise.resolve({ roomId: "r1" });
    for (const url of ["/chat/p1?", "/chat/p1?&"]) {
      const { response } = await pageWith(found, undefined, url);
      expect({ url, link: response.headers.link }).toEqual({
        url,
        link: `${messages}, ${notices}`,
      });
    }
    const filtered = await pageWith(found, undefined, "/chat/p1?q=rain");
    expect(filtered.response.statusCode).toBe(200);
    expect(filtered.response.headers.link).toBeUndefined();
  });

  it("names the pictures found with what it found", async () => {
    const { response } = await pageWith(
      () => Promise.resolve({ roomId: "r1" }),
      (_viewer, params) => Promise.resolve([`/api/files/newest-in-${params.roomId}`]),
    );
    expect(response.headers.link).toBe(
      `${messages}, ${notices}, ${pictureLinks(["/api/files/newest-in-r1"]).join("")}`,
    );
  });

  it.each([
    ["fails", () => Promise.reject(new Error("database gone"))],
    [
      "throws at once",
      () => {
        throw new Error("a bug");
      },
    ],
    ["never answers", () => new Promise<readonly string[]>(() => {})],
  ])(
    "for pictures, that %s keeps the rest and never holds up the page",
    async (_name, pictures) => {
      const { response, ms } = await pageWith(() => Promise.resolve({ roomId: "r1" }), pictures);
      expect(response.statusCode).toBe(200);
      expect(response.headers.link).toBe(`${messages}, ${notices}`);
      expect(ms).toBeLessThan(1000);
    },
  );

  it.each([
    ["fails", () => Promise.reject(new Error("database gone"))],
    [
      "throws at once",
      () => {
        throw new Error("a bug");
      },
    ],
    ["never answers", () => new Promise<Record<string, string>>(() => {})],
  ])("that %s preloads less and never fails nor holds up the page", async (_name, derive) => {
    const { response, ms } = await pageWith(derive);
    expect(response.statusCode).toBe(200);
    expect(response.headers.link).toBe(notices);
    expect(ms).toBeLessThan(1000);
  });
});
