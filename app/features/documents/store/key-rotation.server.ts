/**
 * Master-key rotation (`npm run keys:rotate`). With the NEW key in DOCUMENT_ENCRYPTION_KEY and the
 * old one(s) in DOCUMENT_ENCRYPTION_PREVIOUS_KEYS, every document data key wrapped by another key
 * is unwrapped and wrapped again under the new key (the encrypted files are never read or
 * rewritten), and every admin's sealed TOTP secret and every partner webhook endpoint's signing
 * secret is resealed under a key derived from the new master key. Idempotent: a second run finds nothing to do. Rows that cannot be opened with any
 * configured key (their master key is not in the keyring, or the value is damaged) are reported,
 * left as they are, and make the command fail, so the old key is not removed too early.
 */
import { recordAudit } from "~/platform/audit-log.server";
import { countDocumentsNotUnderKey, listDocumentsNotUnderKey, replaceWrappedKey } from "~/features/documents/store/document-keys.server";
import { listSealedMfaSecrets, replaceMfaSecret } from "~/features/accounts/index.server";
import { currentMasterKey, masterKeys, rewrapDataKey } from "~/platform/crypto/envelope.server";
import { openSecret, sealedUnderCurrentKey, sealSecret } from "~/features/accounts/index.server";
import { resealWebhookSecrets } from "~/features/partners/index.server";

export type RotationReport = {
  currentKeyId: string;
  previousKeyIds: string[];
  documents: { rewrapped: number; changedMeanwhile: number; failedIds: number[]; remaining: number };
  mfaSecrets: { resealed: number; changedMeanwhile: number; failedUserIds: number[] };
  webhookSecrets: { resealed: number; changedMeanwhile: number; failedEndpointIds: number[] };
};

export async function rotateMasterKey(opts: { batchSize?: number; log?: (line: string) => void } = {}): Promise<RotationReport> {
  const batchSize = opts.batchSize ?? 200;
  const log = opts.log ?? (() => {});
  const current = currentMasterKey();
  const report: RotationReport = {
    currentKeyId: current.id,
    previousKeyIds: masterKeys()
      .map((k) => k.id)
      .filter((id) => id !== current.id),
    documents: { rewrapped: 0, changedMeanwhile: 0, failedIds: [], remaining: 0 },
    mfaSecrets: { resealed: 0, changedMeanwhile: 0, failedUserIds: [] },
    webhookSecrets: { resealed: 0, changedMeanwhile: 0, failedEndpointIds: [] },
  };

  // Documents: by id, a batch at a time; each row is one compare-and-set UPDATE.
  let after = 0;
  for (;;) {
    const rows = await listDocumentsNotUnderKey(current.id, after, batchSize);
    if (rows.length === 0) break;
    for (const row of rows) {
      after = row.id;
      let next: { wrappedKey: string; keyId: string };
      try {
        next = rewrapDataKey(row.wrappedKey, row.keyId, row.storageKey);
      } catch {
        report.documents.failedIds.push(row.id);
        continue;
      }
      if (await replaceWrappedKey(row, next)) report.documents.rewrapped++;
      else report.documents.changedMeanwhile++;
    }
    log(`documents: ${report.documents.rewrapped} rewrapped so far`);
  }

  // Admins' TOTP secrets.
  after = 0;
  for (;;) {
    const rows = await listSealedMfaSecrets(after, batchSize);
    if (rows.length === 0) break;
    for (const row of rows) {
      after = row.id;
      if (sealedUnderCurrentKey(row.mfaSecret)) continue;
      let next: string;
      try {
        next = sealSecret(openSecret(row.mfaSecret));
      } catch {
        report.mfaSecrets.failedUserIds.push(row.id);
        continue;
      }
      if (await replaceMfaSecret(row, next)) report.mfaSecrets.resealed++;
      else report.mfaSecrets.changedMeanwhile++;
    }
  }

  // Partners' webhook signing secrets.
  report.webhookSecrets = await resealWebhookSecrets(batchSize);

  report.documents.remaining = await countDocumentsNotUnderKey(current.id);
  await recordAudit({
    action: "keys.rotated",
    outcome:
      report.documents.failedIds.length || report.mfaSecrets.failedUserIds.length || report.webhookSecrets.failedEndpointIds.length
        ? "failure"
        : "success",
    details:
      `key ${current.id}; documents rewrapped ${report.documents.rewrapped}, failed ${report.documents.failedIds.length}, ` +
      `remaining ${report.documents.remaining}; mfa secrets resealed ${report.mfaSecrets.resealed}, failed ${report.mfaSecrets.failedUserIds.length}; ` +
      `webhook secrets resealed ${report.webhookSecrets.resealed}, failed ${report.webhookSecrets.failedEndpointIds.length}`,
  });
  return report;
}
