/**
 * The consent records (db consent_records): one row per consent given, with the exact words, their
 * version and SHA-256, the time, the client address, the account and the application. Append only.
 * The texts are in app/content/consents.ts (and app/content/lender-share-consent.ts).
 */
import { createHash } from "node:crypto";
import { asc, eq } from "drizzle-orm";
import { getDb, schema, type DbOrTx } from "~/platform/db/db.server";
import type { ConsentKind } from "~/content/enums";

export type ConsentGiven = {
  kind: ConsentKind;
  version: string;
  text: string;
  /** The language of `text` (issue 30); absent: English. */
  language?: "en" | "es";
  userId?: number | null;
  applicationId?: number | null;
  phone?: string | null;
  ip?: string | null;
  at?: Date;
};

export const sha256OfText = (text: string) => createHash("sha256").update(text, "utf8").digest("hex");

export async function recordConsents(db: DbOrTx, consents: ConsentGiven[]): Promise<void> {
  if (consents.length === 0) return;
  await db.insert(schema.consentRecords).values(
    consents.map((c) => ({
      kind: c.kind,
      textVersion: c.version,
      textSha256: sha256OfText(c.text),
      text: c.text,
      language: c.language ?? "en",
      userId: c.userId ?? null,
      applicationId: c.applicationId ?? null,
      phone: c.phone ?? null,
      ip: c.ip ? c.ip.slice(0, 64) : null,
      at: c.at ?? new Date(),
    })),
  );
}

export type ConsentRecordView = {
  kind: ConsentKind;
  textVersion: string;
  textSha256: string;
  text: string;
  language: "en" | "es";
  applicationId: number | null;
  phone: string | null;
  ip: string | null;
  at: string;
};

/** Every consent of an account, oldest first (the account's data export). */
export async function listConsentsOfUser(userId: number, db: DbOrTx = getDb()): Promise<ConsentRecordView[]> {
  const rows = await db
    .select()
    .from(schema.consentRecords)
    .where(eq(schema.consentRecords.userId, userId))
    .orderBy(asc(schema.consentRecords.at), asc(schema.consentRecords.id));
  return rows.map((r) => ({
    kind: r.kind,
    textVersion: r.textVersion,
    textSha256: r.textSha256,
    text: r.text,
    language: r.language,
    applicationId: r.applicationId,
    phone: r.phone,
    ip: r.ip,
    at: r.at.toISOString(),
  }));
}
