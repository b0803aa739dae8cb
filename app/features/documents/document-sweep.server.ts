/** The orphan sweep (run by the lifecycle timer): files that no documents row will ever claim. */
import { existingStorageKeys } from "~/features/documents/documents.server";
import { getDocumentStore } from "~/features/documents/store/document-store.server";

/**
 * Removes staging files older than `olderThanMs` (uploads that never finished: crash, kill) and
 * committed files older than that with no documents row (a crash between rename and COMMIT, or a
 * removal whose file delete failed). Never touches a file that has a row.
 */
export async function sweepOrphans({ olderThanMs }: { olderThanMs: number }) {
  const store = getDocumentStore();
  const cutoff = Date.now() - olderThanMs;
  let stagingRemoved = 0;
  let orphansRemoved = 0;
  for (const s of await store.listStaged()) {
    if (s.mtimeMs < cutoff) {
      await store.discard(s.key);
      stagingRemoved++;
    }
  }
  const old = (await store.listCommitted()).filter((c) => c.mtimeMs < cutoff);
  for (let i = 0; i < old.length; i += 500) {
    const batch = old.slice(i, i + 500);
    const keep = await existingStorageKeys(batch.map((b) => b.key));
    for (const b of batch) {
      if (keep.has(b.key)) continue;
      await store.remove(b.key);
      orphansRemoved++;
    }
  }
  return { stagingRemoved, orphansRemoved };
}
