/**
 * Envelope encryption of stored documents (AES-256-GCM).
 *
 * - Every file gets a random 256-bit data key (DEK) and a random 96-bit IV.
 * - The DEK is wrapped (AES-256-GCM, its own random IV) by the master key (KEK) from
 *   DOCUMENT_ENCRYPTION_KEY; the row keeps the wrapped DEK and the KEK's id. Unwrapping looks the
 *   KEK up by that id among the current key and DOCUMENT_ENCRYPTION_PREVIOUS_KEYS, so a rotation
 *   (`npm run keys:rotate`) rewraps DEKs without touching files. Deleting the row crypto-shreds
 *   the file.
 * - The associated data binds a ciphertext to its storage key and the format version, so a file
 *   copied over another document's file, or a wrapped key moved to another row, fails to decrypt.
 *
 * File format (version 1):
 *   magic "LWDOC" (5 bytes) | version (1 byte) | IV (12 bytes) | ciphertext | tag (16 bytes)
 * Wrapped key format (version 1, base64url): version (1) | IV (12) | encrypted DEK (32) | tag (16)
 *
 * Decryption is all-or-nothing: the whole file is decrypted and its tag verified before any byte
 * is returned (Node's decipher emits plaintext before `final()` checks the tag).
 *
 * Hand-written on top of node:crypto on purpose: the cipher is Node's (OpenSSL); this file only
 * lays out the envelope. The maintained envelope libraries are built around a cloud KMS (AWS
 * Encryption SDK, Google Tink); with their raw-key keyrings our files would take on the SDK's
 * message format, and every stored document would have to be re-encrypted to adopt it. What we
 * need is small and stays here: a local key ring whose rotation rewraps data keys without touching
 * files (key-rotation.server.ts), streaming encryption of uploads, and the format above.
 */
import { createCipheriv, createDecipheriv, createHash, randomBytes, type CipherGCM } from "node:crypto";
import { getEnv } from "~/platform/env.server";

export const FORMAT_VERSION = 1;
const MAGIC = Buffer.from("LWDOC", "latin1");
const IV_BYTES = 12;
const TAG_BYTES = 16;
const KEY_BYTES = 32;
export const HEADER_BYTES = MAGIC.length + 1 + IV_BYTES;

/** Thrown for any file or key that fails to decrypt: tampered, truncated, wrong key or wrong row. */
export class DocumentIntegrityError extends Error {
  constructor(reason: string) {
    super(`document integrity check failed: ${reason}`);
    this.name = "DocumentIntegrityError";
  }
}

export type MasterKey = { id: string; key: Buffer };

/** The id of a master key: not secret, just which key wrapped a DEK. */
export function keyIdOf(key: Buffer) {
  return createHash("sha256").update("lendwise-document-kek:").update(key).digest("hex").slice(0, 8);
}

type Keyring = { current: MasterKey; byId: Map<string, MasterKey> };
let cachedRing: { raw: string; ring: Keyring } | undefined;

function parseMasterKey(raw: string, name: string): MasterKey {
  const key = Buffer.from(raw.trim(), "base64");
  if (key.length !== KEY_BYTES) throw new Error(`${name} must be 32 bytes in base64`);
  return { id: keyIdOf(key), key };
}

/**
 * The master keys: DOCUMENT_ENCRYPTION_KEY wraps every new DEK; the keys listed in
 * DOCUMENT_ENCRYPTION_PREVIOUS_KEYS are kept only to unwrap DEKs wrapped before a rotation
 * (`npm run keys:rotate` rewraps those under the current key, after which they can be removed).
 */
function keyring(): Keyring {
  const env = getEnv();
  const raw = `${env.DOCUMENT_ENCRYPTION_KEY}|${env.DOCUMENT_ENCRYPTION_PREVIOUS_KEYS ?? ""}`;
  if (cachedRing?.raw === raw) return cachedRing.ring;
  const current = parseMasterKey(env.DOCUMENT_ENCRYPTION_KEY, "DOCUMENT_ENCRYPTION_KEY");
  const byId = new Map<string, MasterKey>([[current.id, current]]);
  for (const part of (env.DOCUMENT_ENCRYPTION_PREVIOUS_KEYS ?? "").split(",")) {
    if (!part.trim()) continue;
    const k = parseMasterKey(part, "DOCUMENT_ENCRYPTION_PREVIOUS_KEYS");
    if (!byId.has(k.id)) byId.set(k.id, k);
  }
  cachedRing = { raw, ring: { current, byId } };
  return cachedRing.ring;
}

/** The key that wraps new data keys (and seals new MFA secrets). */
export function currentMasterKey(): MasterKey {
  return keyring().current;
}

/** Every master key that can unwrap, the current one first. */
export function masterKeys(): MasterKey[] {
  return [...keyring().byId.values()];
}

/** The master key with this id (current or previous), or null when it is not configured. */
export function masterKeyById(id: string): MasterKey | null {
  return keyring().byId.get(id) ?? null;
}

const fileAad = (storageKey: string) => Buffer.concat([MAGIC, Buffer.from([FORMAT_VERSION]), Buffer.from(`:file:${storageKey}`, "utf8")]);
const keyAad = (storageKey: string) => Buffer.concat([MAGIC, Buffer.from([FORMAT_VERSION]), Buffer.from(`:dek:${storageKey}`, "utf8")]);

export type DataKey = { dek: Buffer; wrappedKey: string; keyId: string };

/** A fresh random DEK for one file, and its wrapped form for the documents row. */
export function newDataKey(storageKey: string): DataKey {
  const master = currentMasterKey();
  const dek = randomBytes(KEY_BYTES);
  return { dek, wrappedKey: wrapWith(master, dek, storageKey), keyId: master.id };
}

function wrapWith(master: MasterKey, dek: Buffer, storageKey: string): string {
  const iv = randomBytes(IV_BYTES);
  const c = createCipheriv("aes-256-gcm", master.key, iv);
  c.setAAD(keyAad(storageKey));
  const enc = Buffer.concat([c.update(dek), c.final()]);
  return Buffer.concat([Buffer.from([FORMAT_VERSION]), iv, enc, c.getAuthTag()]).toString("base64url");
}

/**
 * Rotation: the same DEK wrapped again under the current master key (the file is not touched).
 * Throws DocumentIntegrityError when the old wrapping cannot be opened (unknown key id, tampered).
 */
export function rewrapDataKey(wrappedKey: string, keyId: string, storageKey: string): { wrappedKey: string; keyId: string } {
  const master = currentMasterKey();
  const dek = unwrapDataKey(wrappedKey, keyId, storageKey);
  try {
    return { wrappedKey: wrapWith(master, dek, storageKey), keyId: master.id };
  } finally {
    dek.fill(0);
  }
}

export function unwrapDataKey(wrappedKey: string, keyId: string, storageKey: string): Buffer {
  const master = masterKeyById(keyId);
  if (!master) throw new DocumentIntegrityError("unknown key id");
  const buf = Buffer.from(wrappedKey, "base64url");
  if (buf.length !== 1 + IV_BYTES + KEY_BYTES + TAG_BYTES || buf[0] !== FORMAT_VERSION) throw new DocumentIntegrityError("bad wrapped key");
  const iv = buf.subarray(1, 1 + IV_BYTES);
  const enc = buf.subarray(1 + IV_BYTES, 1 + IV_BYTES + KEY_BYTES);
  const tag = buf.subarray(1 + IV_BYTES + KEY_BYTES);
  try {
    const d = createDecipheriv("aes-256-gcm", master.key, iv, { authTagLength: TAG_BYTES });
    d.setAAD(keyAad(storageKey));
    d.setAuthTag(tag);
    return Buffer.concat([d.update(enc), d.final()]);
  } catch {
    throw new DocumentIntegrityError("wrapped key does not verify");
  }
}

/**
 * Encrypts a stream of plaintext chunks into the file format, chunk by chunk (constant memory).
 * The source may throw (size or type limits); the error passes through unchanged.
 */
export async function* encryptStream(source: AsyncIterable<Uint8Array>, dek: Buffer, storageKey: string): AsyncGenerator<Buffer> {
  const iv = randomBytes(IV_BYTES);
  const cipher: CipherGCM = createCipheriv("aes-256-gcm", dek, iv, { authTagLength: TAG_BYTES });
  cipher.setAAD(fileAad(storageKey));
  yield Buffer.concat([MAGIC, Buffer.from([FORMAT_VERSION]), iv]);
  for await (const chunk of source) {
    const out = cipher.update(chunk);
    if (out.length) yield out;
  }
  const last = cipher.final();
  yield Buffer.concat([last, cipher.getAuthTag()]);
}

/** Decrypts a whole stored file and verifies it; throws DocumentIntegrityError, never partial data. */
export function decryptFile(file: Buffer, dek: Buffer, storageKey: string): Buffer {
  if (file.length < HEADER_BYTES + TAG_BYTES) throw new DocumentIntegrityError("file too short");
  if (!file.subarray(0, MAGIC.length).equals(MAGIC)) throw new DocumentIntegrityError("bad magic");
  if (file[MAGIC.length] !== FORMAT_VERSION) throw new DocumentIntegrityError("unknown format version");
  const iv = file.subarray(MAGIC.length + 1, HEADER_BYTES);
  const body = file.subarray(HEADER_BYTES, file.length - TAG_BYTES);
  const tag = file.subarray(file.length - TAG_BYTES);
  let plain: Buffer;
  try {
    const d = createDecipheriv("aes-256-gcm", dek, iv, { authTagLength: TAG_BYTES });
    d.setAAD(fileAad(storageKey));
    d.setAuthTag(tag);
    plain = Buffer.concat([d.update(body), d.final()]);
  } catch {
    throw new DocumentIntegrityError("tag does not verify");
  }
  return plain;
}

/** Size on disk of a plaintext of `n` bytes. */
export const encryptedSize = (n: number) => HEADER_BYTES + n + TAG_BYTES;
