import type { Readable } from "node:stream";
import {
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadBucketCommand,
  PutObjectCommand,
  S3Client,
  type S3ClientConfig,
} from "@aws-sdk/client-s3";
import { S3Store, type MetadataValue } from "@tus/s3-store";
import { IoRedisKvStore } from "@tus/utils";
import type { Redis } from "ioredis";
import type { FileStorage } from "./file-storage";

export interface S3StorageOptions {
  bucket: string;
  region: string;
  endpoint?: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  forcePathStyle: boolean;
  /** With several instances, tus's upload-info cache lives in Redis, not in one process. */
  redis?: Redis;
}

/** Files in an S3-compatible bucket: tus's S3 store for uploads, plain S3 calls for the rest. */
export function createS3FileStorage(options: S3StorageOptions): FileStorage {
  const clientConfig: S3ClientConfig = {
    region: options.region,
    forcePathStyle: options.forcePathStyle,
    // Many S3-compatible servers do not understand the SDK's default streamed
    // checksum trailers (aws-chunked bodies); send checksums only when required.
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
    ...(options.endpoint ? { endpoint: options.endpoint } : {}),
    ...(options.accessKeyId && options.secretAccessKey
      ? {
          credentials: {
            accessKeyId: options.accessKeyId,
            secretAccessKey: options.secretAccessKey,
          },
        }
      : {}),
  };
  const client = new S3Client(clientConfig);
  const Bucket = options.bucket;
  const datastore = new S3Store({
    partSize: 8 * 1024 * 1024,
    s3ClientConfig: { bucket: Bucket, ...clientConfig },
    ...(options.redis
      ? { cache: new IoRedisKvStore<MetadataValue>(options.redis, "portal:tus:") }
      : {}),
  });

  const get = async (key: string, range?: string) => {
    const result = await client.send(
      new GetObjectCommand({ Bucket, Key: key, ...(range ? { Range: range } : {}) }),
    );
    return result.Body as Readable;
  };

  return {
    engine: "s3",
    datastore,
    open: (key) => get(key),
    openRange: (key, start, end) => get(key, `bytes=${start}-${end}`),
    async head(key, bytes) {
      const chunks: Buffer[] = [];
      for await (const chunk of await get(key, `bytes=0-${bytes - 1}`)) {
        chunks.push(chunk as Buffer);
      }
      return Buffer.concat(chunks).subarray(0, bytes);
    },
    async put(key, data) {
      await client.send(new PutObjectCommand({ Bucket, Key: key, Body: data }));
    },
    async remove(key) {
      // The file and tus's bookkeeping objects beside it.
      await client.send(
        new DeleteObjectsCommand({
          Bucket,
          Delete: { Objects: [{ Key: key }, { Key: `${key}.info` }, { Key: `${key}.part` }] },
        }),
      );
    },
    async check() {
      await client.send(new HeadBucketCommand({ Bucket }));
    },
  };
}
