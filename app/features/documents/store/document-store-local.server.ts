/**
 * The `local` document store (default): files under `${DATA_DIR}/documents/` (outside `public/`),
 * named by their random storage key, mode 0600, with staging files in
 * `${DATA_DIR}/documents/staging/` on the same file system so commit is one rename(2). Several app
 * servers can share it only through a shared file system.
 */
import fsp from "node:fs/promises";
import path from "node:path";
import type { DocumentStore, StoredObject } from "./document-store.server";
import { assertKey, isMissing, KEY_RE, writeNewFile } from "./document-store-io.server";

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
