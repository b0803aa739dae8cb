/**
 * E-mails as the test server's outbox holds them: tests read them the way the recipient would (the
 * worker that sends them is off under tests). Some are written after the page answered (a reset
 * link): `waitForMail` polls until the row is there, as a person waits for their inbox.
 */
import { and, eq } from "drizzle-orm";
import { getDb, schema } from "~/platform/db/db.server";

export async function mailsTo(email: string, kind?: string) {
  const o = schema.outbox;
  return getDb()
    .select()
    .from(o)
    .where(kind ? and(eq(o.toEmail, email), eq(o.kind, kind)) : eq(o.toEmail, email))
    .orderBy(o.id);
}

/** Waits until `email` has `count` e-mails of `kind` (10 s at most) and returns them. */
export async function waitForMail(email: string, kind: string, count = 1) {
  for (let i = 0; i < 100; i++) {
    const rows = await mailsTo(email, kind);
    if (rows.length >= count) return rows;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no ${count} ${kind} e-mail(s) for ${email}`);
}

/** The path, query and token of the (first) link with a token in an e-mail's text. */
export function linkIn(bodyText: string) {
  const m = /https?:\/\/[^\s/]+(\/[^\s]*token=[A-Za-z0-9_-]+)/.exec(bodyText);
  if (!m) throw new Error("no link with a token in the e-mail");
  return { path: m[1]!, token: new URL(m[1]!, "http://x").searchParams.get("token")! };
}

/** The link in the newest e-mail of `kind` to `email`, once there are `count` of them. */
export async function newestLink(email: string, kind: string, count = 1) {
  return linkIn((await waitForMail(email, kind, count)).at(-1)!.bodyText);
}
