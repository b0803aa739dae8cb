/**
 * Where encrypted document files live: an interface with two implementations, chosen by
 * DOCUMENT_STORE: `local` (default, document-store-local.server.ts) and `s3`
 * (document-store-s3.server.ts). Both write to a staging object, commit it (atomic rename /
 * server-side copy), read, remove, and list for the orphan sweep. Only ciphertext ever reaches a
 * store; objects are named by their random storage key, never the user's file name.
 */
import { getEnv } from "~/platform/env.server";
import { LocalDocumentStore } from "./document-store-local.server";
import { s3ConfigFromEnv, S3DocumentStore } from "./document-store-s3.server";

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

let store: { id: string; store: DocumentStore } | undefined;
/** The store for this process: DOCUMENT_STORE=local (DATA_DIR) or s3 (S3_* settings). */
export function getDocumentStore(): DocumentStore {
  const env = getEnv();
  const id = env.DOCUMENT_STORE === "s3" ? `s3:${env.S3_ENDPOINT ?? ""}:${env.S3_BUCKET ?? ""}:${env.S3_PREFIX}` : `local:${env.DATA_DIR}`;
  if (store?.id !== id)
    store = { id, store: env.DOCUMENT_STORE === "s3" ? new S3DocumentStore(s3ConfigFromEnv(env)) : new LocalDocumentStore(env.DATA_DIR) };
  return store.store;
}
