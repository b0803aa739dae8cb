/**
 * Where encrypted document files live: an interface with two implementations, chosen by
 * DOCUMENT_STORE. Both write to a staging object, commit it (atomic rename / server-side copy),
 * read, remove, and list for the orphan sweep. Only ciphertext ever reaches a store.
 *
 * `local` (default) keeps files under `${DATA_DIR}/documents/` (outside `public/`), named by their
 * random storage key (32 hex characters, never the user's file name), mode 0600, with staging
 * files in `${DATA_DIR}/documents/staging/` on the same file system so commit is one rename(2).
 * Several app servers can share it only through a shared file system.
 *
 * `s3` keeps objects in an S3-compatible bucket (AWS S3, MinIO, Ceph, R2...): `${S3_PREFIX}staging/<key>`
 * and `${S3_PREFIX}documents/<key>`. An upload streams the encrypted bytes to a local spool file
 * (its size is then known, so the PUT streams it with a Content-Length: no multipart upload, no
 * buffering in memory), then streams that file to the staging object, outside any database
 * transaction. Commit is a server-side copy to the final key plus a delete of the staging object;
 * reads stream the object from the bucket. Every app server sees the same documents.
 */
import {
  CopyObjectCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  ListObjectsV2Command,
  NoSuchKey,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from "@aws-sdk/client-s3";
import { randomBytes } from "node:crypto";
import { once } from "node:events";
import fs from "node:fs";
import fsp from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { getEnv, type Env } from "~/utils/env.server";

export type StoredObject = { key: string; mtimeMs: number };

export interface DocumentStore {
  /** Writes `data` to the staging object `key`; on any error (including one thrown by `data`) the
   *  partial object is removed and the error rethrown. Returns the bytes written. */
  put(key: string, data: AsyncIterable<Uint8Array>): Promise<number>;
  /** Makes the staged object `key` the committed one, atomically. */
  commit(key: string): Promise<void>;
  /** Removes the staged object `key` if it is there. */
  discard(key: string): Promise<void>;
  /** The committed object `key`, or null when it does not exist. */
  get(key: string): Promise<Buffer | null>;
  /** Removes the committed object `key` if it is there. */
  remove(key: string): Promise<void>;
  listStaged(): Promise<StoredObject[]>;
  listCommitted(): Promise<StoredObject[]>;
}

const KEY_RE = /^[0-9a-f]{32}$/;
export const isStorageKey = (key: string) => KEY_RE.test(key);
function assertKey(key: string) {
  if (!KEY_RE.test(key)) throw new Error("invalid storage key");
}

const isMissing = (e: unknown) => (e as NodeJS.ErrnoException)?.code === "ENOENT";

async function fsyncDir(dir: string) {
  let fh: fsp.FileHandle | undefined;
  try {
    fh = await fsp.open(dir, "r");
    await fh.sync();
  } catch {
    // Not every platform can fsync a directory; the rename is still atomic.
  } finally {
    await fh?.close().catch(() => {});
  }
}

/**
 * Streams `data` into a file that must not exist yet (mode 0600), counting the bytes. On any
 * failure the stream is closed and the partial file removed, so nothing half written remains.
 */
async function writeNewFile(file: string, data: AsyncIterable<Uint8Array>, opts: { fsync: boolean }): Promise<number> {
  let bytes = 0;
  async function* counted() {
    for await (const chunk of data) {
      bytes += chunk.byteLength;
      yield chunk;
    }
  }
  // 'wx': never overwrite; 0600: only the app's user can read it.
  const out = fs.createWriteStream(file, { flags: "wx", mode: 0o600 });
  try {
    await pipeline(counted, out);
    if (opts.fsync) {
      const fh = await fsp.open(file, "r+");
      try {
        await fh.sync();
      } finally {
        await fh.close();
      }
    }
    return bytes;
  } catch (e) {
    // Wait until the stream has really closed (it may still be opening), then remove the file.
    if (!out.closed) {
      const closed = once(out, "close").catch(() => {});
      out.destroy();
      await closed;
    }
    await fsp.rm(file, { force: true }).catch(() => {});
    throw e;
  }
}

export class LocalDocumentStore implements DocumentStore {
  readonly dir: string;
  readonly stagingDir: string;
  private ready: Promise<void> | undefined;

  constructor(root: string) {
    this.dir = path.join(root, "documents");
    this.stagingDir = path.join(this.dir, "staging");
  }

  private ensureDirs() {
    this.ready ??= (async () => {
      await fsp.mkdir(this.stagingDir, { recursive: true, mode: 0o700 });
    })().catch((e) => {
      this.ready = undefined;
      throw e;
    });
    return this.ready;
  }

  private finalPath(key: string) {
    assertKey(key);
    return path.join(this.dir, key);
  }
  private stagingPath(key: string) {
    assertKey(key);
    return path.join(this.stagingDir, key);
  }

  async put(key: string, data: AsyncIterable<Uint8Array>): Promise<number> {
    const file = this.stagingPath(key);
    await this.ensureDirs();
    return writeNewFile(file, data, { fsync: true });
  }

  async commit(key: string) {
    await fsp.rename(this.stagingPath(key), this.finalPath(key));
    await fsyncDir(this.dir);
  }

  async discard(key: string) {
    await fsp.rm(this.stagingPath(key), { force: true });
  }

  async get(key: string): Promise<Buffer | null> {
    try {
      return await fsp.readFile(this.finalPath(key));
    } catch (e) {
      if (isMissing(e)) return null;
      throw e;
    }
  }

  async remove(key: string) {
    await fsp.rm(this.finalPath(key), { force: true });
  }

  private async list(dir: string): Promise<StoredObject[]> {
    let names: string[];
    try {
      names = await fsp.readdir(dir);
    } catch (e) {
      if (isMissing(e)) return [];
      throw e;
    }
    const out: StoredObject[] = [];
    for (const name of names) {
      if (!KEY_RE.test(name)) continue;
      try {
        const st = await fsp.stat(path.join(dir, name));
        if (st.isFile()) out.push({ key: name, mtimeMs: st.mtimeMs });
      } catch {
        // Removed meanwhile.
      }
    }
    return out;
  }

  listStaged() {
    return this.list(this.stagingDir);
  }
  listCommitted() {
    return this.list(this.dir);
  }
}

// ---------------------------------------------------------------------------------------------
// S3-compatible object storage

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

const isNotFound = (e: unknown) =>
  e instanceof NoSuchKey || (e instanceof S3ServiceException && (e.name === "NotFound" || e.name === "NoSuchKey" || e.$metadata?.httpStatusCode === 404));

export class S3DocumentStore implements DocumentStore {
  readonly client: S3Client;
  readonly bucket: string;
  readonly prefix: string;
  private readonly spoolDir: string;

  constructor(readonly config: S3StoreConfig) {
    this.bucket = config.bucket;
    this.prefix = config.prefix;
    this.spoolDir = config.spoolDir ?? path.join(os.tmpdir(), "lm-document-spool");
    this.client = new S3Client({
      region: config.region,
      endpoint: config.endpoint,
      forcePathStyle: config.forcePathStyle,
      credentials:
        config.accessKeyId && config.secretAccessKey ? { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey } : undefined,
      // Checksums only where S3 requires them: S3-compatible servers differ in what else they accept.
      requestChecksumCalculation: "WHEN_REQUIRED",
      responseChecksumValidation: "WHEN_REQUIRED",
      maxAttempts: 3,
      requestHandler: { connectionTimeout: 5_000, requestTimeout: 60_000 },
    });
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
      await this.client.send(
        new PutObjectCommand({
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
    await this.client.send(
      new CopyObjectCommand({
        Bucket: this.bucket,
        Key: this.finalKey(key),
        CopySource: `${this.bucket}/${from.split("/").map(encodeURIComponent).join("/")}`,
      }),
    );
    // A staging object left behind (the delete failed) is removed by the orphan sweep.
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: from })).catch(() => {});
  }

  async discard(key: string) {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: this.stagingKey(key) }));
  }

  async get(key: string): Promise<Buffer | null> {
    try {
      const res = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: this.finalKey(key) }));
      if (!res.Body) return null;
      // Streamed from the bucket; collected because the whole file is verified before a byte is sent.
      const chunks: Buffer[] = [];
      for await (const chunk of res.Body as Readable) chunks.push(Buffer.from(chunk as Uint8Array));
      return Buffer.concat(chunks);
    } catch (e) {
      if (isNotFound(e)) return null;
      throw e;
    }
  }

  async remove(key: string) {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: this.finalKey(key) }));
  }

  private async list(prefix: string): Promise<StoredObject[]> {
    const out: StoredObject[] = [];
    let token: string | undefined;
    do {
      const page = await this.client.send(new ListObjectsV2Command({ Bucket: this.bucket, Prefix: prefix, ContinuationToken: token }));
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

let store: { id: string; store: DocumentStore } | undefined;
/** The store for this process: DOCUMENT_STORE=local (DATA_DIR) or s3 (S3_* settings). */
export function getDocumentStore(): DocumentStore {
  const env = getEnv();
  const id = env.DOCUMENT_STORE === "s3" ? `s3:${env.S3_ENDPOINT ?? ""}:${env.S3_BUCKET ?? ""}:${env.S3_PREFIX}` : `local:${env.DATA_DIR}`;
  if (store?.id !== id) store = { id, store: env.DOCUMENT_STORE === "s3" ? new S3DocumentStore(s3ConfigFromEnv(env)) : new LocalDocumentStore(env.DATA_DIR) };
  return store.store;
}
