import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import S3rver from "s3rver";
import type { FileStorage } from "../storage/file-storage";
import { createS3FileStorage } from "../storage/s3-file-storage";

/**
 * A real S3-compatible server (the s3rver npm package) on loopback, for the
 * S3 storage tests. s3rver lacks ListParts, which tus's S3 store calls to
 * resume; `listParts` below answers it from s3rver's own upload folder.
 */
export interface S3TestServer {
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  close: () => Promise<void>;
}

interface KoaContext {
  method: string;
  path: string;
  query: Record<string, string | undefined>;
  status: number;
  type: string;
  body: string;
}

function listParts(root: string) {
  return async (ctx: KoaContext, next: () => Promise<void>) => {
    const uploadId = ctx.query.uploadId;
    const [, bucket, ...keyParts] = ctx.path.split("/");
    if (ctx.method !== "GET" || !uploadId || !bucket || keyParts.length === 0) return next();
    const dir = path.join(root, bucket, "._S3rver_uploads", path.basename(uploadId));
    ctx.type = "application/xml";
    if (!fs.existsSync(dir)) {
      ctx.status = 404;
      ctx.body = `<?xml version="1.0" encoding="UTF-8"?><Error><Code>NoSuchUpload</Code><Message>The specified upload does not exist.</Message></Error>`;
      return;
    }
    const numbers = fs
      .readdirSync(dir)
      .filter((name) => /^\d+$/.test(name))
      .map(Number)
      .sort((a, b) => a - b);
    const parts = numbers.map((n) => {
      const size = fs.statSync(path.join(dir, String(n))).size;
      const etag = fs.readFileSync(path.join(dir, `${n}.md5`), "utf8");
      return `<Part><PartNumber>${n}</PartNumber><ETag>"${etag}"</ETag><Size>${size}</Size></Part>`;
    });
    ctx.status = 200;
    ctx.body = `<?xml version="1.0" encoding="UTF-8"?><ListPartsResult><Bucket>${bucket}</Bucket><Key>${keyParts.join("/")}</Key><UploadId>${uploadId}</UploadId><IsTruncated>false</IsTruncated>${parts.join("")}</ListPartsResult>`;
  };
}

export async function startS3TestServer(bucket = "portal-test"): Promise<S3TestServer> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), "s3rver-"));
  const server = new S3rver({
    address: "127.0.0.1",
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket, configs: [] }],
  });
  (server as unknown as { middleware: unknown[] }).middleware.unshift(listParts(directory));
  const address = await server.run();
  return {
    endpoint: `http://127.0.0.1:${address.port}`,
    bucket,
    region: "us-east-1",
    accessKeyId: "S3RVER",
    secretAccessKey: "S3RVER",
    close: async () => {
      await server.close();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}

/** The app's S3 file storage on this test server (path-style addressing, as s3rver needs). */
export function s3StorageOn(s3: S3TestServer): FileStorage {
  return createS3FileStorage({
    bucket: s3.bucket,
    region: s3.region,
    endpoint: s3.endpoint,
    accessKeyId: s3.accessKeyId,
    secretAccessKey: s3.secretAccessKey,
    forcePathStyle: true,
  });
}
