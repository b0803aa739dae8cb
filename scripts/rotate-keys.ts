/**
 * `npm run keys:rotate`: rewraps every document data key (and reseals every admin's TOTP secret)
 * under the master key in DOCUMENT_ENCRYPTION_KEY, reading the old ones with the keys listed in
 * DOCUMENT_ENCRYPTION_PREVIOUS_KEYS. File bodies are never re-encrypted. Safe to run again.
 *
 *   npm run keys:rotate -- --new-key       prints a fresh random key (base64, 32 bytes) and exits
 *
 *   1. Every app server: DOCUMENT_ENCRYPTION_KEY=<new>, DOCUMENT_ENCRYPTION_PREVIOUS_KEYS=<old>; restart.
 *   2. DOCUMENT_ENCRYPTION_KEY=<new> DOCUMENT_ENCRYPTION_PREVIOUS_KEYS=<old> npm run keys:rotate
 *   3. When it reports 0 remaining and 0 failed: remove DOCUMENT_ENCRYPTION_PREVIOUS_KEYS; restart.
 */
import { randomBytes } from "node:crypto";
import { rotateMasterKey } from "../app/features/documents/store/key-rotation.server";
import { closeDb } from "../app/platform/db/db.server";
import { getEnv } from "../app/platform/env.server";

if (process.argv.includes("--new-key")) {
  console.info(randomBytes(32).toString("base64"));
  process.exit(0);
}

if (!process.env.DOCUMENT_ENCRYPTION_KEY) {
  console.error("[keys] Set DOCUMENT_ENCRYPTION_KEY to the NEW master key and DOCUMENT_ENCRYPTION_PREVIOUS_KEYS to the old one(s).");
  process.exit(1);
}

try {
  getEnv();
  const report = await rotateMasterKey({ log: (line) => console.info(`[keys] ${line}`) });
  const d = report.documents;
  const m = report.mfaSecrets;
  console.info(`[keys] current master key ${report.currentKeyId}; previous keys configured: ${report.previousKeyIds.join(", ") || "none"}`);
  console.info(
    `[keys] documents: ${d.rewrapped} rewrapped, ${d.changedMeanwhile} changed meanwhile, ${d.failedIds.length} failed, ${d.remaining} still under another key`,
  );
  console.info(`[keys] MFA secrets: ${m.resealed} resealed, ${m.changedMeanwhile} changed meanwhile, ${m.failedUserIds.length} failed`);
  if (d.failedIds.length)
    console.error(`[keys] documents that could not be rewrapped (no configured key opens them): ${d.failedIds.join(", ")}`);
  if (m.failedUserIds.length) console.error(`[keys] users whose MFA secret could not be resealed: ${m.failedUserIds.join(", ")}`);
  const w = report.webhookSecrets;
  console.info(
    `[keys] webhook secrets: ${w.resealed} resealed, ${w.changedMeanwhile} changed meanwhile, ${w.failedEndpointIds.length} failed`,
  );
  if (w.failedEndpointIds.length)
    console.error(`[keys] webhook endpoints whose secret could not be resealed: ${w.failedEndpointIds.join(", ")}`);
  if (d.failedIds.length || m.failedUserIds.length || w.failedEndpointIds.length || d.remaining) {
    console.error("[keys] Keep the previous key(s) configured until this reports nothing failed and nothing remaining.");
    process.exitCode = 1;
  } else {
    console.info("[keys] Done: the previous key(s) can now be removed from DOCUMENT_ENCRYPTION_PREVIOUS_KEYS.");
  }
} catch (e) {
  console.error(`[keys] rotation failed: ${(e as Error).message}`);
  process.exitCode = 1;
} finally {
  await closeDb();
}
