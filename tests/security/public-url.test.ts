/**
 * PUBLIC_URL is the one source of the site's address in e-mails (app/platform/env.server.ts):
 * - production refuses to start without it (or with something that is not a plain http(s)
 *   origin), naming it, as it does for a missing secret;
 * - every link in the e-mails a visitor can cause is absolute and starts with it: the sign-up
 *   verification, the password reset, an admin's request for documents, the offers of a
 *   submission. (The run's server has PUBLIC_URL = its own address.)
 */
import { and, eq, inArray } from "drizzle-orm";
import { describe, expect, inject, it } from "vitest";
import { getDb, schema } from "~/platform/db/db.server";
import { getUserByEmail } from "~/features/accounts/users.server";
import { renderMail } from "~/features/mail/mail-render.server";
import { confirmationMail } from "~/features/mail/templates/application-mail.server";
import { createSubmittedApplication } from "../support/applications";
import { signedInAdmin } from "../support/api";
import { Client, uniqueEmail } from "../support/http";
import { startAppServer } from "../support/server";
import { signUpForm } from "../support/fixtures";

describe("production without PUBLIC_URL", () => {
  const refused = (env: Record<string, string>, name: string) =>
    startAppServer({ name, env: { ACCESS_LOG: "0", ...env } }).then(
      async (s) => {
        await s.stop();
        return "(the server started)";
      },
      (e: Error) => e.message,
    );

  it("refuses to start, naming PUBLIC_URL", async () => {
    expect(await refused({ PUBLIC_URL: "" }, "no-public-url")).toContain("PUBLIC_URL is not set");
  });

  it("refuses a PUBLIC_URL that is not a plain http(s) origin", async () => {
    const message = await refused({ PUBLIC_URL: "javascript://lendwise.example/x?y" }, "bad-public-url");
    expect(message).toContain("PUBLIC_URL must be an http:// or https:// origin");
  });
});

/** Every http(s) URL in a text, and every bare site path a reader would have to complete themselves. */
function links(text: string) {
  return {
    absolute: text.match(/https?:\/\/[^\s)]+/g) ?? [],
    relative:
      text.match(/(?:^|[\s(])\/(?:dashboard|apply|account|login|reset-password|verify-email|forgot-password|admin|offers)\S*/g) ?? [],
  };
}

async function mailsTo(email: string, kinds: string[], atLeast: number) {
  // The e-mails are written in the transaction of the answer that caused them; wait briefly for
  // one queued just after an answer (the password reset may be).
  const deadline = Date.now() + 10_000;
  for (;;) {
    const rows = await getDb()
      .select()
      .from(schema.outbox)
      .where(and(eq(schema.outbox.toEmail, email), inArray(schema.outbox.kind, kinds)));
    if (rows.length >= atLeast || Date.now() > deadline) return rows;
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe("links in e-mails", () => {
  const origin = inject("baseUrl");

  it("are absolute and built from PUBLIC_URL: verification, reset, documents requested", async () => {
    const email = uniqueEmail("public-url-links");
    const signup = await new Client().fetch("/signup", {
      form: signUpForm(email, {
        firstName: "Lin",
        lastName: "Kage",
        password: "Absolute-Links-42",
        phone: "555-010-4545",
        dateOfBirth: "1980-02-02",
      }),
    });
    expect(signup.status).toBe(302);
    expect((await new Client().fetch("/forgot-password", { form: { email } })).status).toBeLessThan(400);
    const user = (await getUserByEmail(email))!;
    const app = await createSubmittedApplication({ userId: user.id });
    const { client: admin } = await signedInAdmin();
    const request = await admin.fetch(`/api/admin/applications/${app.id}/document-requests`, {
      json: { documentTypes: ["ein"], message: "Please send your EIN letter" },
    });
    expect(request.status).toBeLessThan(300);

    const kinds = ["email_verification", "password_reset", "document_request"];
    const rows = await mailsTo(email, kinds, 3);
    expect(rows.map((r) => r.kind).sort()).toEqual([...kinds].sort());
    for (const row of rows) {
      const { absolute, relative } = links(row.bodyText);
      expect(absolute.length, row.kind).toBeGreaterThan(0);
      for (const url of absolute) expect(url.startsWith(`${origin}/`), `${row.kind}: ${url}`).toBe(true);
      expect(relative, row.kind).toEqual([]);
    }
    expect(rows.find((r) => r.kind === "document_request")!.bodyText).toContain(`${origin}/dashboard`);
  });

  it("the submission's offers line links to the offers page on PUBLIC_URL", () => {
    const mail = renderMail(
      confirmationMail({
        firstName: "Lin",
        reference: "APP-ABCDEFGHJKMN",
        amount: 25_000,
        purpose: "working-capital",
        submittedAt: new Date(),
        timeZone: "America/New_York",
        market: { offers: 2, notices: [] },
      }),
    );
    const offers = `${inject("baseUrl")}/dashboard/applications/APP-ABCDEFGHJKMN/offers`;
    expect(mail.text).toContain(offers);
    expect(mail.html).toContain(`href="${offers}"`);
    expect(links(mail.text).relative).toEqual([]);
  });
});
