/**
 * What the two document stores share: storage keys (32 hex characters, never the user's file name)
 * and writing a new file from a stream with nothing half written left behind.
 */
import { once } from "node:events";
import fs from "node:fs";
import fsp from "node:fs/promises";
import { pipeline } from "node:stream/promises";

export const KEY_RE = /^[0-9a-f]{32}$/;
export function assertKey(key: string) {
  if (!KEY_RE.test(key)) throw new Error("invalid storage key");
}

export const isMissing = (e: unknown) => (e as NodeJS.ErrnoException)?.code === "ENOENT";

/**
 * Streams `data` into a file that must not exist yet (mode 0600), counting the bytes. On any
 * failure the stream is closed and the partial file removed, so nothing half written remains.
 */
export async function writeNewFile(file: string, data: AsyncIterable<Uint8Array>, opts: { fsync: boolean }): Promise<number> {
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
