/**
 * Where encrypted document files live. A small interface so an object store (S3) can replace the
 * local directory later: write to a staging object, commit it (atomic rename / copy), read, remove.
 *
 * The local store keeps files under `${DATA_DIR}/documents/` (outside `public/`), named by their
 * random storage key (32 hex characters, never the user's file name), mode 0600, with staging
 * files in `${DATA_DIR}/documents/staging/` on the same file system so commit is one rename(2).
 */
import { once } from "node:events";
import fs from "node:fs";
import fsp from "node:fs/promises";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import { getEnv } from "~/utils/env.server";

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
      const fh = await fsp.open(file, "r+");
      try {
        await fh.sync();
      } finally {
        await fh.close();
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

let store: { root: string; store: DocumentStore } | undefined;
/** The store for this process (the local directory under DATA_DIR). */
export function getDocumentStore(): DocumentStore {
  const root = getEnv().DATA_DIR;
  if (store?.root !== root) store = { root, store: new LocalDocumentStore(root) };
  return store.store;
}
