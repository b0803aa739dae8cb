/** The e-mail outbox: rows written in the same transaction as the change that causes them. */
import { getDb, schema, type DbOrTx } from "~/utils/db.server";

export type OutgoingEmail = { to: string; subject: string; text: string; kind: string };

export async function enqueueEmail(db: DbOrTx, email: OutgoingEmail) {
  await db.insert(schema.outbox).values({
    toEmail: email.to,
    subject: email.subject.slice(0, 255),
    bodyText: email.text,
    kind: email.kind,
  });
}

export async function listOutbox(db: DbOrTx = getDb()) {
  return db.select().from(schema.outbox);
}
