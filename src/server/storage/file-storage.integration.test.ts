import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { solidPng } from "../../cli/seed/solid-png";
import { readAll } from "../test/read-all";
import { s3StorageOn, startS3TestServer, type S3TestServer } from "../test/s3-test-server";
import { ORIGIN, createTestApp, signUp, type TestApp } from "../test/test-app";
import type { FileStorage } from "./file-storage";
import { createLocalFileStorage } from "./local-file-storage";

let s3: S3TestServer;
const localDir = fs.mkdtempSync(path.join(os.tmpdir(), "storage-contract-"));
beforeAll(async () => {
  s3 = await startS3TestServer();
});
afterAll(async () => {
  await s3.close();
  fs.rmSync(localDir, { recursive: true, force: true });
});

const engines: [string, () => FileStorage][] = [
  ["local", () => createLocalFileStorage(localDir)],
  ["s3", () => s3StorageOn(s3)],
];

describe.each(engines)("%s file storage contract", (_name, make) => {
  it("puts, reads whole and head, removes, and checks", async () => {
    const storage = make();
    await storage.check();
    const data = Buffer.from("0123456789".repeat(1000));
    await storage.put("contract1", data);
    expect((await readAll(await storage.open("contract1"))).equals(data)).toBe(true);
    expect((await storage.head("contract1", 12)).toString()).toBe("012345678901");
    expect((await storage.head("contract1", 50_000)).length).toBe(data.length);
    await storage.remove("contract1");
    await expect(storage.open("contract1").then(readAll)).rejects.toThrow();
    await storage.remove("never-existed");
  });

  it("reads a byte range (an HTTP Range answer), streamed", async () => {
    const storage = make();
    const data = Buffer.from("0123456789".repeat(1000));
    await storage.put("contract-range", data);
    const part = await readAll(await storage.openRange("contract-range", 10, 29));
    expect(part.equals(data.subarray(10, 30))).toBe(true);
    const tail = await readAll(await storage.openRange("contract-range", 9990, 9999));
    expect(tail.toString()).toBe("0123456789");
    await storage.remove("contract-range");
  });

  it("takes a resumable upload in two requests and serves the finished file", async () => {
    const storage = make();
    const t: TestApp = await createTestApp({
      storage,
      extraUploadPurposes: [
        {
          name: "contract",
          maxBytes: 1_000_000,
          kinds: ["image"],
          authorize: () => Promise.resolve({ scope: null }),
          canRead: () => Promise.resolve(true),
        },
      ],
    });
    try {
      const { cookie } = await signUp(t.app);
      const png = solidPng(64, 64, [10, 120, 200]);
      const headers = { cookie, origin: ORIGIN, "tus-resumable": "1.0.0" };
      const create = await t.app.inject({
        method: "POST",
        url: "/api/uploads",
        headers: {
          ...headers,
          "upload-length": String(png.length),
          "upload-metadata": `purpose ${Buffer.from("contract").toString("base64")},filename ${Buffer.from("a.png").toString("base64")}`,
        },
      });
      expect(create.statusCode).toBe(201);
      const location = create.headers.location as string;
      const half = Math.floor(png.length / 2);
      const patch = (offset: number, body: Buffer) =>
        t.app.inject({
          method: "PATCH",
          url: location,
          headers: {
            ...headers,
            "upload-offset": String(offset),
            "content-type": "application/offset+octet-stream",
          },
          payload: body,
        });
      expect((await patch(0, png.subarray(0, half))).statusCode).toBe(204);
      // A client that lost its connection asks where to resume.
      const head = await t.app.inject({ method: "HEAD", url: location, headers });
      expect(head.headers["upload-offset"]).toBe(String(half));
      const last = await patch(half, png.subarray(half));
      expect(last.statusCode).toBe(200);
      const id = last.json().id as string;
      const file = await t.app.inject({ url: `/api/files/${id}`, headers: { cookie } });
      expect(file.statusCode).toBe(200);
      expect(file.headers["content-type"]).toBe("image/png");
      expect(file.rawPayload.equals(png)).toBe(true);
    } finally {
      await t.close();
    }
  });
});
