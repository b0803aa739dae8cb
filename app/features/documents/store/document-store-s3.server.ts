/**
 * The `s3` document store: objects in an S3-compatible bucket (AWS S3, MinIO, Ceph, R2...):
 * `${S3_PREFIX}staging/<key>` and `${S3_PREFIX}documents/<key>`. An upload streams the encrypted
 * bytes to a local spool file (its size is then known, so the PUT streams it with a Content-Length:
 * no multipart upload, no buffering in memory), then streams that file to the staging object,
 * outside any database transaction. Commit is a server-side copy to the final key plus a delete of
 * the staging object; reads stream the object from the bucket. Every app server sees the same
 * documents.
 */
import type { S3Client } from "@aws-sdk/client-s3";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import fsp from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import type { Readable } from "node:stream";
import { getEnv, type Env } from "~/platform/env.server";
import type { DocumentStore, StoredObject } from "./document-store.server";
import { assertKey, KEY_RE, writeNewFile } from "./document-store-io.server";

export type S3StoreConfig = {
  bucket: string;
  region: string;
  endpoint?: string;
  forcePathStyle: boolean;
  accessKeyId?: string;
  secretAccessKey?: string;
  prefix: string;
  /** Where uploads are spooled before they are sent (default: the OS temp directory). */
  spoolDir?: string;
};

type Sdk = typeof import("@aws-sdk/client-s3");
let sdkLoad: Promise<Sdk> | undefined;
/**
 * The AWS SDK is loaded when a store first talks to its bucket, not when the server starts: the
 * import alone cost 300 ms of CPU (measured 2026-12-01), paid at every start of a server that keeps
 * its documents on disk (the default) and never needs it.
 */
const loadSdk = () => (sdkLoad ??= import("@aws-sdk/client-s3"));

const isNotFound = (sdk: Sdk, e: unknown) =>
  e instanceof sdk.NoSuchKey ||
  (e instanceof sdk.S3ServiceException && (e.name === "NotFound" || e.name === "NoSuchKey" || e.$metadata?.httpStatusCode === 404));

export class S3DocumentStore implements DocumentStore {
  private clientLoad: Promise<{ sdk: Sdk; client: S3Client }> | undefined;
  readonly bucket: string;
  readonly prefix: string;
  private readonly spoolDir: string;

  constructor(readonly config: S3StoreConfig) {
    this.bucket = config.bucket;
    this.prefix = config.prefix;
    this.spoolDir = config.spoolDir ?? path.join(os.tmpdir(), "lm-document-spool");
  }

  /** The SDK and this store's client, made at the first call. */
  private connect() {
    const config = this.config;
    this.clientLoad ??= loadSdk().then((sdk) => ({
      sdk,
      client: new sdk.S3Client({
        region: config.region,
        endpoint: config.endpoint,
        forcePathStyle: config.forcePathStyle,
        credentials:
          config.accessKeyId && config.secretAccessKey
            ? { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey }
            : undefined,
        // Checksums only where S3 requires them: S3-compatible servers differ in what else they accept.
        requestChecksumCalculation: "WHEN_REQUIRED",
        responseChecksumValidation: "WHEN_REQUIRED",
        maxAttempts: 3,
        requestHandler: { connectionTimeout: 5_000, requestTimeout: 60_000 },
      }),
    }));
    return this.clientLoad;
  }

  stagingKey(key: string) {
    assertKey(key);
    return `${this.prefix}staging/${key}`;
  }
  finalKey(key: string) {
    assertKey(key);
    return `${this.prefix}documents/${key}`;
  }

  async put(key: string, data: AsyncIterable<Uint8Array>): Promise<number> {
    const objectKey = this.stagingKey(key);
    await fsp.mkdir(this.spoolDir, { recursive: true, mode: 0o700 });
    const spool = path.join(this.spoolDir, `${key}.${randomBytes(4).toString("hex")}`);
    try {
      const bytes = await writeNewFile(spool, data, { fsync: false });
      const { sdk, client } = await this.connect();
      await client.send(
        new sdk.PutObjectCommand({
          Bucket: this.bucket,
          Key: objectKey,
          Body: fs.createReadStream(spool),
          ContentLength: bytes,
          ContentType: "application/octet-stream",
        }),
      );
      return bytes;
    } finally {
      await fsp.rm(spool, { force: true }).catch(() => {});
    }
  }

  async commit(key: string) {
    const from = this.stagingKey(key);
    const { sdk, client } = await this.connect();
    await client.send(
      new sdk.CopyObjectCommand({
        Bucket: this.bucket,
        Key: this.finalKey(key),
        CopySource: `${this.bucket}/${from.split("/").map(encodeURIComponent).join("/")}`,
      }),
    );
    // A staging object left behind (the delete failed) is removed by the orphan sweep.
    await client.send(new sdk.DeleteObjectCommand({ Bucket: this.bucket, Key: from })).catch(() => {});
  }

  async discard(key: string) {
    const { sdk, client } = await this.connect();
    await client.send(new sdk.DeleteObjectCommand({ Bucket: this.bucket, Key: this.stagingKey(key) }));
  }

  async get(key: string): Promise<Buffer | null> {
    const { sdk, client } = await this.connect();
    try {
      const res = await client.send(new sdk.GetObjectCommand({ Bucket: this.bucket, Key: this.finalKey(key) }));
      if (!res.Body) return null;
      // Streamed from the bucket; collected because the whole file is verified before a byte is sent.
      const chunks: Buffer[] = [];
      for await (const chunk of res.Body as Readable) chunks.push(Buffer.from(chunk as Uint8Array));
      return Buffer.concat(chunks);
    } catch (e) {
      if (isNotFound(sdk, e)) return null;
      throw e;
    }
  }

  async remove(key: string) {
    const { sdk, client } = await this.connect();
    await client.send(new sdk.DeleteObjectCommand({ Bucket: this.bucket, Key: this.finalKey(key) }));
  }

  private async list(prefix: string): Promise<StoredObject[]> {
    const out: StoredObject[] = [];
    const { sdk, client } = await this.connect();
    let token: string | undefined;
    do {
      const page = await client.send(new sdk.ListObjectsV2Command({ Bucket: this.bucket, Prefix: prefix, ContinuationToken: token }));
      for (const o of page.Contents ?? []) {
        const name = o.Key?.slice(prefix.length);
        if (name && KEY_RE.test(name)) out.push({ key: name, mtimeMs: o.LastModified?.getTime() ?? Date.now() });
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
    return out;
  }

  listStaged() {
    return this.list(`${this.prefix}staging/`);
  }
  listCommitted() {
    return this.list(`${this.prefix}documents/`);
  }
}

/** The S3 settings from the environment; throws a clear message when the bucket is missing. */
export function s3ConfigFromEnv(env: Env = getEnv()): S3StoreConfig {
  if (!env.S3_BUCKET) throw new Error("Invalid configuration: DOCUMENT_STORE=s3 needs S3_BUCKET (and S3_ENDPOINT for a non-AWS server)");
  if (Boolean(env.S3_ACCESS_KEY_ID) !== Boolean(env.S3_SECRET_ACCESS_KEY)) {
    throw new Error("Invalid configuration: set both S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY, or neither (default AWS credentials)");
  }
  const pathStyle = env.S3_FORCE_PATH_STYLE;
  return {
    bucket: env.S3_BUCKET,
    region: env.S3_REGION,
    endpoint: env.S3_ENDPOINT,
    forcePathStyle: pathStyle === undefined ? Boolean(env.S3_ENDPOINT) : pathStyle === "1" || pathStyle === "true",
    accessKeyId: env.S3_ACCESS_KEY_ID,
    secretAccessKey: env.S3_SECRET_ACCESS_KEY,
    prefix: env.S3_PREFIX,
    spoolDir: path.join(env.DATA_DIR, "spool"),
  };
}
